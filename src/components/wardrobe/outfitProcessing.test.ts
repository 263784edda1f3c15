import { describe, expect, it } from 'vitest'
import { messages } from '@/lib/messages'
import type { JobLike } from '@/lib/wardrobe/jobView'
import { processingPhotosText, processingView } from './outfitProcessing'

const STATUS_TEXT = { starting: messages.jobStarting }
const UPLOADING_DETAIL = messages.jobUploading
const WAITING_TO_START_DETAIL = messages.jobWaitingToStart
const WAITING_STARTED_DETAIL = messages.jobWaitingStarted

const job = (patch: Partial<JobLike> = {}): JobLike => ({
  status: 'processing',
  progress: 10,
  error: null,
  items: [],
  ...patch,
})
const item = (n: number) => ({
  item_id: `i${n}`,
  description: `Item ${n}`,
  image_path: `wardrobe-stickers/u/items/i${n}.png`,
})
const lit = (view: ReturnType<typeof processingView>) =>
  view.steps.filter((s) => s.reached).map((s) => s.label)

describe('processing view', () => {
  it('is uploading while the photo is prepared on the device', () => {
    const view = processingView({ job: null, waitingToStart: false, online: true })
    expect(view).toMatchObject({
      state: 'uploading',
      statusText: STATUS_TEXT.starting,
      progress: 0,
      detail: UPLOADING_DETAIL,
    })
    expect(lit(view)).toEqual([])
  })

  it('is uploading, online, while the start still waits behind the photo', () => {
    const view = processingView({
      job: job({ status: 'queued', progress: 0 }),
      waitingToStart: true,
      online: true,
    })
    expect(view.state).toBe('uploading')
    expect(view.statusText).toBe('Starting processing...')
  })

  it('waits for a connection offline, saying whether the job has started', () => {
    const before = processingView({
      job: job({ status: 'queued', progress: 0 }),
      waitingToStart: true,
      online: false,
    })
    expect(before).toMatchObject({
      state: 'waiting',
      statusText: 'Waiting for connection',
      detail: WAITING_TO_START_DETAIL,
    })
    const during = processingView({ job: job({ progress: 50 }), waitingToStart: false, online: false })
    expect(during).toMatchObject({ state: 'waiting', detail: WAITING_STARTED_DETAIL, progress: 50 })
    expect(lit(during)).toEqual(['Analyzing items', 'Generating tags'])
  })

  it('starts, then processes, lighting steps at 10, 50 and 90', () => {
    expect(
      processingView({ job: job({ status: 'queued', progress: 0 }), waitingToStart: false, online: true }),
    ).toMatchObject({
      state: 'processing',
      statusText: 'Starting processing...',
    })
    const steps = [0, 10, 49, 50, 90].map(
      (progress) =>
        lit(processingView({ job: job({ progress }), waitingToStart: false, online: true })).length,
    )
    expect(steps).toEqual([0, 1, 1, 2, 3])
    expect(
      processingView({ job: job({ progress: 50 }), waitingToStart: false, online: true }).statusText,
    ).toBe('Processing your product...')
  })

  it('is completed at 100 with every step lit, and failed with the job error', () => {
    const done = processingView({
      job: job({ status: 'completed', progress: 90 }),
      waitingToStart: false,
      online: false,
    })
    expect(done).toMatchObject({
      state: 'completed',
      statusText: 'Processing completed!',
      progress: 100,
      finished: true,
    })
    expect(lit(done)).toHaveLength(3)
    const failed = processingView({
      job: job({ status: 'failed', progress: 50, error: 'Processing failed. Please try again.' }),
      waitingToStart: false,
      online: true,
    })
    expect(failed).toMatchObject({
      state: 'failed',
      statusText: 'Processing failed',
      detail: 'Processing failed. Please try again.',
      finished: true,
    })
  })

  it('lists up to 4 detected items and counts the rest', () => {
    const three = processingView({
      job: job({ items: [1, 2, 3].map(item) }),
      waitingToStart: false,
      online: true,
    })
    expect(three.items).toHaveLength(3)
    expect(three.moreItems).toBe(0)
    const six = processingView({
      job: job({ items: [1, 2, 3, 4, 5, 6].map(item) }),
      waitingToStart: false,
      online: true,
    })
    expect(six.items.map((i) => i.item_id)).toEqual(['i1', 'i2', 'i3', 'i4'])
    expect(six.moreItems).toBe(2)
  })
})

describe('unfinished photos text', () => {
  it('counts photos', () => {
    expect(processingPhotosText(1)).toBe('Processing 1 photo')
    expect(processingPhotosText(3)).toBe('Processing 3 photos')
  })
})
