import { describe, expect, it } from 'vitest'
import type { ClothingTagRow } from '@/data/model/rows'
import { addTag, editTag, editableTags, groupTags, pendingTags, removeTag, tagDrafts, tagsChanged, verifyTag } from './tagDrafts'

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
