import { describe, expect, it } from 'vitest'
import { messages } from '@/lib/messages'
import { BATCH_GAP_MS, batchDoneText, currentBatch, pickImages, pickedAsBatchJob, type BatchJob } from './outfitBatch'

const image = (name: string) => ({ name, type: 'image/jpeg' })
const pdf = (name: string) => ({ name, type: 'application/pdf' })

describe('pickImages', () => {
  it('keeps every image in order', () => {
    const picked = pickImages([image('a'), image('b'), image('c')])
    expect(picked.files.map((f) => f.name)).toEqual(['a', 'b', 'c'])
    expect(picked.message).toBeNull()
  })

  it('leaves out what is not an image and says how many', () => {
    const picked = pickImages([image('a'), pdf('b'), image('c'), pdf('d')])
    expect(picked.files.map((f) => f.name)).toEqual(['a', 'c'])
    expect(picked.message).toBe('2 of the chosen files were not images and were left out.')
  })

  it('refuses a pick with no image with the spec words', () => {
    expect(pickImages([pdf('b')])).toEqual({ files: [], message: messages.onlyImages })
    expect(pickImages([])).toEqual({ files: [], message: messages.onlyImages })
  })

  it('keeps at most the limit', () => {
    const picked = pickImages([image('a'), image('b'), image('c')], 2)
    expect(picked.files.map((f) => f.name)).toEqual(['a', 'b'])
    expect(picked.message).toBe('At most 2 photos at once. The first 2 were kept.')
  })
})

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, 0) + minutes * 60_000).toISOString()
const job = (id: string, minutes: number, status: BatchJob['status']): BatchJob => ({ id, createdAt: at(minutes), status })

describe('currentBatch', () => {
  it('is null when nothing is unfinished', () => {
    expect(currentBatch([job('a', 0, 'completed'), job('b', 1, 'failed')])).toBeNull()
    expect(currentBatch([])).toBeNull()
  })

  it('counts the finished photos picked with the unfinished ones, failures as done', () => {
    const batch = currentBatch([
      job('c', 0.2, 'processing'),
      job('a', 0, 'completed'),
      job('b', 0.1, 'failed'),
      job('d', 0.3, 'queued'),
    ])
    expect(batch).toEqual({ jobIds: ['a', 'b', 'c', 'd'], done: 2, total: 4 })
    expect(batchDoneText(batch!)).toBe('2 of 4 done')
  })

  it('leaves out an earlier upload finished long before', () => {
    const gap = BATCH_GAP_MS / 60_000 + 1
    const batch = currentBatch([job('old', 0, 'completed'), job('a', gap, 'completed'), job('b', gap + 0.1, 'queued')])
    expect(batch).toEqual({ jobIds: ['a', 'b'], done: 1, total: 2 })
  })

  it('takes in every job after the oldest unfinished one, whatever the gaps', () => {
    const batch = currentBatch([job('a', 0, 'queued'), job('b', 60, 'completed'), job('c', 120, 'processing')])
    expect(batch).toEqual({ jobIds: ['a', 'b', 'c'], done: 1, total: 3 })
  })

  it('counts photos picked but not yet kept towards the total, after the kept ones, in the order picked', () => {
    const pickedAt = Date.parse(at(0))
    const kept = [job('p0', 0.1, 'completed'), job('p1', 0.2, 'processing')]
    const newest = Date.parse(at(0.2))
    const waiting = [
      pickedAsBatchJob({ id: 'p3', pickedAt, position: 3, error: null }, newest),
      pickedAsBatchJob({ id: 'p2', pickedAt, position: 2, error: null }, newest),
    ]
    const batch = currentBatch([...waiting, ...kept])
    expect(batch).toEqual({ jobIds: ['p0', 'p1', 'p2', 'p3'], done: 1, total: 4 })
    expect(batchDoneText(batch!)).toBe('1 of 4 done')
  })

  it('keeps a batch open while a photo that could not be read waits for Retry or Remove', () => {
    const unreadable = pickedAsBatchJob({ id: 'p1', pickedAt: Date.parse(at(0)), position: 1, error: 'unreadable' }, 0)
    expect(currentBatch([job('p0', 0.1, 'completed'), unreadable])).toEqual({ jobIds: ['p1', 'p0'], done: 2, total: 2 })
  })
})
