import { describe, expect, it } from 'vitest'
import type { ClothingTagRow } from '@/data/model/rows'
import { memoryReplica } from '@/data/testing/memoryReplica'
import { saveTags } from '@/data/wardrobe/wardrobeTags'
import {
  addTag,
  editTag,
  editableTags,
  groupTags,
  pendingTags,
  removeTag,
  tagDrafts,
  tagsChanged,
  verifyTag,
  type EditableTag,
} from './tagDrafts'

const row = (id: string, tagType: ClothingTagRow['tagType'], tagValue: string, ai = false, confidence = 1): ClothingTagRow => ({
  id,
  wardrobeItemId: 'item',
  tagType,
  tagValue,
  confidenceScore: confidence,
  isAiGenerated: ai,
  isVerified: !ai,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  txid: '1',
})

const rows = [row('t1', 'category', 'top', true, 0.91), row('t2', 'color', 'Navy', true, 0.55), row('t3', 'brand', 'Uniqlo')]

describe('tag drafts in the review modal', () => {
  it('keeps every saved tag by id when nothing changed', () => {
    const list = editableTags(rows)
    expect(tagsChanged(list, rows)).toBe(false)
    expect(tagDrafts(list)).toEqual([
      { id: 't1', type: 'category', value: 'top', verified: false },
      { id: 't2', type: 'color', value: 'Navy', verified: false },
      { id: 't3', type: 'brand', value: 'Uniqlo', verified: true },
    ])
  })

  it('verifies an AI tag, keeping it AI with its confidence', () => {
    const list = verifyTag(editableTags(rows), 't1')
    expect(list[0]).toMatchObject({ ai: true, verified: true, confidence: 0.91 })
    expect(tagsChanged(list, rows)).toBe(true)
    expect(tagDrafts(list)[0]).toEqual({ id: 't1', type: 'category', value: 'top', verified: true })
  })

  it('an edited tag becomes the user’s own; clearing it removes it; an unchanged value stays AI', () => {
    let list = editTag(editableTags(rows), 't2', '  Black ')
    expect(list[1]).toMatchObject({ id: 't2', value: 'Black', ai: false, confidence: 1, verified: true })
    expect(editTag(editableTags(rows), 't1', 'top')[0]).toMatchObject({ ai: true, confidence: 0.91 })
    list = editTag(list, 't3', '   ')
    expect(list.map((t) => t.key)).toEqual(['t1', 't2'])
    expect(tagDrafts(list)).toEqual([
      { id: 't1', type: 'category', value: 'top', verified: false },
      { id: 't2', type: 'color', value: 'Black', verified: true },
    ])
  })

  it('adds non-empty tags once per type and value, and removes tags', () => {
    let list = addTag(editableTags(rows), 'season', ' Summer ')
    list = addTag(list, 'season', 'summer')
    list = addTag(list, 'occasion', '   ')
    list = addTag(list, 'style', 'Navy')
    list = removeTag(list, 't3')
    expect(tagDrafts(list)).toEqual([
      { id: 't1', type: 'category', value: 'top', verified: false },
      { id: 't2', type: 'color', value: 'Navy', verified: false },
      { type: 'season', value: 'Summer' },
      { type: 'style', value: 'Navy' },
    ])
  })

  it('groups by type in the spec order, empty groups included', () => {
    const groups = groupTags(editableTags(rows))
    expect(groups.map((g) => g.type)).toEqual(['category', 'color', 'style', 'material', 'brand', 'season', 'occasion'])
    expect(groups.map((g) => g.tags.length)).toEqual([1, 1, 0, 0, 1, 0, 0])
  })

  it('counts an open edit and typed-in additions when saving', () => {
    const list = pendingTags(editableTags(rows), { editing: { key: 't3', value: 'Arket' }, adding: { material: ' Wool ', season: '' } })
    expect(tagDrafts(list)).toEqual([
      { id: 't1', type: 'category', value: 'top', verified: false },
      { id: 't2', type: 'color', value: 'Navy', verified: false },
      { id: 't3', type: 'brand', value: 'Arket', verified: true },
      { type: 'material', value: 'Wool' },
    ])
    expect(tagsChanged(pendingTags(editableTags(rows), { editing: null, adding: {} }), rows)).toBe(false)
  })
})

describe('a word once per type in the review modal (issue 40)', () => {
  const owner = '11111111-1111-1111-1111-111111111111'
  const guess = (id: string, tagType: ClothingTagRow['tagType'], tagValue: string, confidence: number) =>
    row(id, tagType, tagValue, true, confidence)
  const twice = [guess('a', 'style', 'casual', 0.3), guess('b', 'style', ' Casual', 0.6), guess('c', 'occasion', 'Casual', 0.31)]

  /** The item's tags on a device after the modal saved `list` (saveTags, as Save does). */
  async function saved(rowsBefore: ClothingTagRow[], list: EditableTag[]) {
    const replica = memoryReplica(owner)
    await replica.db.wardrobeItems.add({
      id: 'item',
      userId: owner,
      imagePath: `wardrobe-images/${owner}/wardrobe/item.jpg`,
      name: 'Astronaut',
      description: null,
      isPublic: false,
      uploadSource: 'upload',
      jobId: null,
      analysis: null,
      cutoutPath: null,
      cutoutSource: null,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      txid: '1',
    })
    await replica.db.tags.bulkAdd(rowsBefore)
    if (tagsChanged(list, rowsBefore)) await saveTags(replica, 'item', tagDrafts(list))
    const after = await replica.db.tags.where('wardrobeItemId').equals('item').toArray()
    return after.map((t) => [t.id, t.tagType, t.tagValue, t.isVerified]).sort()
  }

  it('shows two saved tags of one type with the same word as one row, the higher guess on it', () => {
    const list = editableTags(twice)
    expect(list.map((t) => [t.type, t.value, t.confidence, t.verified])).toEqual([
      ['style', 'casual', 0.6, false],
      ['occasion', 'Casual', 0.31, false],
    ])
    expect(groupTags(list).find((g) => g.type === 'style')!.tags).toHaveLength(1)
    // Opening and closing changes nothing, and a Save of other fields keeps both rows.
    expect(tagsChanged(list, twice)).toBe(false)
    expect(tagDrafts(list).map((d) => d.id)).toEqual(['a', 'b', 'c'])
  })

  it("keeps a style and an occasion of the same word apart: removing the occasion keeps the style's", async () => {
    const list = editableTags([guess('s', 'style', 'Casual', 0.31), guess('o', 'occasion', 'Casual', 0.31)])
    expect(list).toHaveLength(2)
    expect(await saved([guess('s', 'style', 'Casual', 0.31), guess('o', 'occasion', 'Casual', 0.31)], removeTag(list, 'o'))).toEqual([
      ['s', 'style', 'Casual', false],
    ])
  })

  it('removing the row removes every tag it stands for', async () => {
    expect(await saved(twice, removeTag(editableTags(twice), 'a'))).toEqual([['c', 'occasion', 'Casual', false]])
  })

  it('verifying the row verifies the word, and editing it replaces every tag of that word with one', async () => {
    // saveTags keeps one tag per type and word (trimmed, case aside): the verified word stays, once.
    expect(await saved(twice, verifyTag(editableTags(twice), 'a'))).toEqual([
      ['a', 'style', 'casual', true],
      ['c', 'occasion', 'Casual', false],
    ])
    const edited = editTag(editableTags(twice), 'a', 'Sporty')
    expect(tagDrafts(edited).map((d) => d.id)).toEqual(['a', 'c'])
    expect(await saved(twice, edited)).toEqual([
      ['a', 'style', 'Sporty', true],
      ['c', 'occasion', 'Casual', false],
    ])
  })

  it('reads an earlier colour spelling as the same word: one row, verified together, no second one added', async () => {
    const colours = [guess('g1', 'color', 'Grey', 0.7), guess('g2', 'color', 'Gray', 0.5)]
    const list = editableTags(colours)
    expect(list).toHaveLength(1)
    expect(addTag(list, 'color', 'gray')).toHaveLength(1)
    expect(await saved(colours, verifyTag(list, 'g1'))).toEqual([
      ['g1', 'color', 'Grey', true],
      ['g2', 'color', 'Gray', true],
    ])
  })
})
