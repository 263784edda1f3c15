import { describe, expect, it } from 'vitest'
import {
  cardTags,
  importCategories,
  reconcileSelections,
  type ImportSelection,
  type PlacedSticker,
} from './importSelection'
import type { ChipTag } from '@/lib/wardrobe/tagChips'
import type { TagTypeName } from '@/lib/wardrobe/tagOptions'

const me = 'user-1'
const sticker = (patch: Partial<PlacedSticker>): PlacedSticker => ({
  id: 's1',
  originalItemId: 'item-a',
  createdBy: me,
  needsCutout: false,
  x: 100,
  y: 100,
  zIndex: 4,
  ...patch,
})
const ready = (patch: Partial<Extract<ImportSelection, { status: 'ready' }>> = {}): ImportSelection => ({
  status: 'ready',
  stickerId: 's1',
  usedOriginal: true,
  place: null,
  ...patch,
})

describe('import selections on the wall', () => {
  it('keeps a selection whose sticker has not reached the wall view yet, and processing ones', () => {
    const selections = new Map<string, ImportSelection>([
      ['item-a', ready()],
      ['item-b', { status: 'processing' }],
    ])
    expect(reconcileSelections(selections, [], me)).toBe(selections)
  })

  it('follows its sticker: place and cut-out state', () => {
    const selections = new Map([['item-a', ready()]])
    const next = reconcileSelections(selections, [sticker({ needsCutout: true })], me)
    expect(next.get('item-a')).toEqual({
      status: 'ready',
      stickerId: 's1',
      usedOriginal: true,
      place: { x: 100, y: 100, zIndex: 4 },
    })
    expect(reconcileSelections(next, [sticker({ needsCutout: true })], me)).toBe(next)
  })

  it('follows the cut-out that replaced its sticker at the same place', () => {
    const selections = new Map([['item-a', ready({ place: { x: 100, y: 100, zIndex: 4 } })]])
    const next = reconcileSelections(selections, [sticker({ id: 's2', needsCutout: false })], me)
    expect(next.get('item-a')).toMatchObject({ stickerId: 's2', usedOriginal: false })
  })

  it('deselects an item whose sticker was deleted from the wall', () => {
    const selections = new Map([['item-a', ready({ place: { x: 100, y: 100, zIndex: 4 } })]])
    // Another sticker of the same item elsewhere, or someone else's, is not this selection.
    const others = [sticker({ id: 's3', x: 400 }), sticker({ id: 's4', createdBy: 'user-2' })]
    expect(reconcileSelections(selections, others, me).has('item-a')).toBe(false)
  })
})

const tag = (tagType: string, tagValue: string) => ({ tagType, tagValue })
let tagCount = 0
const chipTag = (tagType: TagTypeName, tagValue: string): ChipTag => ({
  id: `tag-${++tagCount}`,
  tagType,
  tagValue,
  confidenceScore: 0.5,
  isAiGenerated: true,
  isVerified: false,
})
const item = (...tags: Array<{ tagType: string; tagValue: string }>) => ({
  name: 'x',
  description: null,
  isPublic: true,
  tags,
})

describe('import dialog filters and cards', () => {
  it('offers only the first 5 categories, most used first', () => {
    const items = [
      item(tag('category', 'top')),
      item(tag('category', 'top')),
      item(tag('category', 'bottom')),
      item(tag('category', 'dress')),
      item(tag('category', 'footwear')),
      item(tag('category', 'outerwear')),
      item(tag('category', 'accessory')),
      item(tag('color', 'Red')),
    ]
    expect(importCategories(items)).toEqual(['top', 'accessory', 'bottom', 'dress', 'footwear'])
  })

  it('shows 2 tags per card, descriptive ones before the OOTD marker', () => {
    const shown = (tags: ChipTag[]) => cardTags(tags).map((chip) => [chip.label, chip.types])
    expect(
      shown([
        chipTag('style', 'OOTD Extracted'),
        chipTag('category', 'top'),
        chipTag('color', 'Blue'),
        chipTag('season', 'Summer'),
      ]),
    ).toEqual([
      ['top', ['category']],
      ['Blue', ['color']],
    ])
    expect(shown([chipTag('style', 'OOTD Extracted')])).toEqual([['OOTD Extracted', ['style']]])
  })

  it("spends the 2 places on 2 words: a style and an occasion 'Casual' take one", () => {
    const chips = cardTags([chipTag('style', 'Casual'), chipTag('occasion', 'casual'), chipTag('season', 'Summer')])
    expect(chips.map((chip) => [chip.label, chip.types, chip.tags.length])).toEqual([
      ['Casual', ['style', 'occasion'], 2],
      ['Summer', ['season'], 1],
    ])
  })
})
