import { describe, expect, it } from 'vitest'
import type { ClothingTagRow } from '@/data/model/rows'
import type { WardrobeEntry } from '@/data/wardrobe/useWardrobe'
import { offeredValues } from './tagChoices'

const entry = (tags: Array<[ClothingTagRow['tagType'], string]>) =>
  ({ tags: tags.map(([tagType, tagValue]) => ({ tagType, tagValue })) }) as unknown as WardrobeEntry

describe('the values a tag field offers', () => {
  it("are the spec's list, then the owner's own values of that type once each, sorted", () => {
    const entries = [entry([['category', 'Jumpsuit'], ['style', 'Gorpcore']]), entry([['category', 'top'], ['category', ' jumpsuit '], ['category', 'Bags']])]
    const { listed, own } = offeredValues('category', entries)
    expect(listed).toContain('top')
    expect(own).toEqual(['Bags', 'Jumpsuit'])
    expect(offeredValues('style', entries).own).toEqual(['Gorpcore'])
    expect(offeredValues('season', entries).own).toEqual([])
  })

  it('offer a word once: an earlier spelling of a listed colour is not offered again', () => {
    const entries = [entry([['color', 'Grey'], ['color', 'Teal'], ['color', ' teal']])]
    expect(offeredValues('color', entries).own).toEqual(['Teal'])
  })
})
