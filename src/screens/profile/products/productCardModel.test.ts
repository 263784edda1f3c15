import { describe, expect, it } from 'vitest'
import type { ProcessingJobRow } from '@/data/model/rows'
import { isCompleteOutfit, itemTitle, moreTagsText, outfitJobState, visibleTags } from './productCardModel'

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

  it('names untitled items and spots complete outfits by their style tag', () => {
    expect(itemTitle('  ')).toBe('Untitled item')
    expect(itemTitle(' Linen shirt ')).toBe('Linen shirt')
    expect(isCompleteOutfit([{ tagType: 'style', tagValue: 'OOTD Complete' }])).toBe(true)
    expect(isCompleteOutfit([{ tagType: 'style', tagValue: 'OOTD Extracted' }])).toBe(false)
    expect(isCompleteOutfit([{ tagType: 'category', tagValue: 'OOTD Complete' }])).toBe(false)
  })
})

describe('outfit job state on a card', () => {
  it('waits while the photo or the start is queued on the device', () => {
    expect(outfitJobState({ job: null, uploadPending: true })).toEqual({ kind: 'waiting', stage: 'upload' })
    expect(outfitJobState({ job: job({ status: 'queued' }), uploadPending: true })).toEqual({ kind: 'waiting', stage: 'upload' })
    expect(outfitJobState({ job: job({ status: 'queued' }), uploadPending: false })).toEqual({ kind: 'waiting', stage: 'start' })
    expect(outfitJobState({ job: job({ status: 'queued', txid: '42' }), uploadPending: false })).toEqual({ kind: 'waiting', stage: 'queued' })
  })

  it('reports progress, failure with its error, and nothing once done', () => {
    expect(outfitJobState({ job: job({ status: 'processing', progress: 49.6 }), uploadPending: false })).toEqual({ kind: 'processing', progress: 50 })
    expect(outfitJobState({ job: job({ status: 'failed', error: 'Processing failed. Please try again.' }), uploadPending: false })).toEqual({
      kind: 'failed',
      error: 'Processing failed. Please try again.',
    })
    expect(outfitJobState({ job: job({ status: 'completed', progress: 100 }), uploadPending: false })).toBeNull()
    expect(outfitJobState({ job: null, uploadPending: false })).toBeNull()
  })
})
