import { describe, expect, it } from 'vitest'
import type { ClothingTagRow, ProcessingJobRow } from '@/data/model/rows'
import { messages } from '@/lib/messages'
import { cardChips, isCompleteOutfit, itemTitle, moreTagsText, outfitJobState, visibleTags } from './productCardModel'

const job = (patch: Partial<ProcessingJobRow>): ProcessingJobRow => ({
  id: 'job1',
  userId: 'u',
  kind: 'ootd',
  status: 'queued',
  progress: 0,
  processedItems: 0,
  totalItems: 0,
  error: null,
  input: {},
  items: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  txid: '',
  ...patch,
})

describe('item card tags', () => {
  const tags = ['a', 'b', 'c', 'd', 'e', 'f', 'g']

  it('shows 3 in grid view and 5 in list view, then counts the rest', () => {
    expect(visibleTags(tags, 'grid')).toEqual({ shown: ['a', 'b', 'c'], more: 4 })
    expect(visibleTags(tags, 'list')).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], more: 2 })
    expect(visibleTags(['a', 'b'], 'grid')).toEqual({ shown: ['a', 'b'], more: 0 })
    expect(moreTagsText(4)).toBe('+4 more')
  })

  it("shows a word once and counts words in '+N more' (issue 40: 'Casual' as style and occasion)", () => {
    const row = (id: string, tagType: ClothingTagRow['tagType'], tagValue: string): ClothingTagRow => ({
      id,
      wardrobeItemId: 'item',
      tagType,
      tagValue,
      confidenceScore: 0.31,
      isAiGenerated: true,
      isVerified: false,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      txid: '',
    })
    const rows = [
      row('1', 'style', 'OOTD Complete'),
      row('2', 'category', 'complete_outfit'),
      row('3', 'color', 'White'),
      row('4', 'style', 'Casual'),
      row('5', 'season', 'Summer'),
      row('6', 'occasion', 'Casual'),
    ]
    const grid = cardChips(rows, 'grid')
    expect(grid.shown.map((chip) => chip.label)).toEqual(['OOTD Complete', 'complete outfit', 'White'])
    expect(grid.more).toBe(2)
    const list = cardChips(rows, 'list')
    expect(list.shown.map((chip) => [chip.label, chip.types])).toEqual([
      ['OOTD Complete', ['style']],
      ['complete outfit', ['category']],
      ['White', ['color']],
      ['Casual', ['style', 'occasion']],
      ['Summer', ['season']],
    ])
    expect(list.more).toBe(0)
  })

  it('names untitled items and spots complete outfits by their style tag', () => {
    expect(itemTitle('  ')).toBe('Untitled item')
    expect(itemTitle(' Linen shirt ')).toBe('Linen shirt')
    expect(isCompleteOutfit([{ tagType: 'style', tagValue: 'OOTD Complete' }])).toBe(true)
    expect(isCompleteOutfit([{ tagType: 'style', tagValue: 'OOTD Extracted' }])).toBe(false)
    expect(isCompleteOutfit([{ tagType: 'category', tagValue: 'OOTD Complete' }])).toBe(false)
  })
})

describe('outfit job state on a card', () => {
  const at = (entry: { job: ProcessingJobRow | null; uploadPending: boolean; waitingToStart?: boolean }, online = true) =>
    outfitJobState({ waitingToStart: false, ...entry }, online)
  const starting = { kind: 'waiting', text: messages.jobStarting, offline: false }
  const offline = { kind: 'waiting', text: messages.jobWaiting, offline: true }

  it('waits while the photo or the start is queued on the device', () => {
    expect(at({ job: null, uploadPending: true })).toEqual(starting)
    expect(at({ job: job({ status: 'queued' }), uploadPending: true, waitingToStart: true })).toEqual(starting)
    expect(at({ job: job({ status: 'queued' }), uploadPending: false, waitingToStart: true })).toEqual(starting)
    expect(at({ job: job({ status: 'queued', txid: '42' }), uploadPending: false })).toEqual(starting)
  })

  it('says it waits for a connection offline, as the processing dialog does', () => {
    expect(at({ job: null, uploadPending: true }, false)).toEqual(offline)
    expect(at({ job: job({ status: 'queued' }), uploadPending: false, waitingToStart: true }, false)).toEqual(offline)
    expect(at({ job: job({ status: 'processing', progress: 50 }), uploadPending: false }, false)).toEqual(offline)
    expect(at({ job: job({ status: 'failed', error: 'x' }), uploadPending: false }, false)).toEqual({ kind: 'failed', error: 'x' })
  })

  it('reports progress, failure with its error, and nothing once done', () => {
    expect(at({ job: job({ status: 'processing', progress: 49.6 }), uploadPending: false })).toEqual({
      kind: 'processing',
      text: messages.jobProcessing,
      progress: 50,
    })
    expect(at({ job: job({ status: 'processing', progress: 5 }), uploadPending: false })).toEqual(starting)
    expect(at({ job: job({ status: 'failed', error: 'Processing failed. Please try again.' }), uploadPending: false })).toEqual({
      kind: 'failed',
      error: 'Processing failed. Please try again.',
    })
    expect(at({ job: job({ status: 'completed', progress: 100 }), uploadPending: false })).toBeNull()
    expect(at({ job: null, uploadPending: false })).toBeNull()
  })
})
