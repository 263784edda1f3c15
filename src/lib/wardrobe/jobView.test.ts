import { describe, expect, it } from 'vitest'
import { messages } from '@/lib/messages'
import { LIVE_QUIET_MS, jobView, statusPollDue, type JobLike } from './jobView'

const job = (patch: Partial<JobLike> = {}): JobLike => ({ status: 'processing', progress: 10, error: null, items: [], ...patch })

describe('what the screens say about an outfit job', () => {
  it('uploads while the photo is prepared or the start waits behind it, online', () => {
    expect(jobView({ job: null, waitingToStart: false, online: true })).toMatchObject({ phase: 'uploading', text: messages.jobStarting, detail: messages.jobUploading })
    expect(jobView({ job: job({ status: 'queued', progress: 0 }), waitingToStart: true, online: true }).phase).toBe('uploading')
    // Preparing the photo needs no network: offline too, the job appears before anything waits.
    expect(jobView({ job: null, waitingToStart: false, online: false }).phase).toBe('uploading')
  })

  it('waits for a connection offline, saying whether the job has started', () => {
    expect(jobView({ job: job({ status: 'queued', progress: 0 }), waitingToStart: true, online: false })).toMatchObject({
      phase: 'waiting',
      text: messages.jobWaiting,
      detail: messages.jobWaitingToStart,
    })
    expect(jobView({ job: job({ progress: 50 }), waitingToStart: false, online: false })).toMatchObject({
      phase: 'waiting',
      detail: messages.jobWaitingStarted,
      progress: 50,
    })
  })

  it('starts until the first step, then processes', () => {
    expect(jobView({ job: job({ status: 'queued', progress: 0 }), waitingToStart: false, online: true }).phase).toBe('starting')
    expect(jobView({ job: job({ progress: 9 }), waitingToStart: false, online: true }).text).toBe(messages.jobStarting)
    expect(jobView({ job: job({ progress: 49.6 }), waitingToStart: false, online: true })).toMatchObject({
      phase: 'processing',
      text: messages.jobProcessing,
      progress: 50,
      finished: false,
    })
  })

  it('ends completed at 100 or failed with the job error, online or not', () => {
    expect(jobView({ job: job({ status: 'completed', progress: 90 }), waitingToStart: false, online: false })).toMatchObject({
      phase: 'completed',
      text: messages.jobCompleted,
      progress: 100,
      finished: true,
    })
    expect(jobView({ job: job({ status: 'failed', error: 'No garments found in the photo.' }), waitingToStart: false, online: false })).toMatchObject({
      phase: 'failed',
      text: messages.jobFailed,
      detail: 'No garments found in the photo.',
      finished: true,
    })
  })
})

describe('status poll fallback', () => {
  const base = {
    status: 'processing' as const,
    waitingToStart: false,
    online: true,
    quietForMs: LIVE_QUIET_MS,
  }
  it('polls only an unfinished, started job whose row went quiet, online', () => {
    expect(statusPollDue(base)).toBe(true)
    expect(statusPollDue({ ...base, status: 'queued' })).toBe(true)
    expect(statusPollDue({ ...base, quietForMs: LIVE_QUIET_MS - 1 })).toBe(false)
    expect(statusPollDue({ ...base, online: false })).toBe(false)
    expect(statusPollDue({ ...base, waitingToStart: true })).toBe(false)
    expect(statusPollDue({ ...base, status: 'completed' })).toBe(false)
    expect(statusPollDue({ ...base, status: 'failed' })).toBe(false)
  })
})
