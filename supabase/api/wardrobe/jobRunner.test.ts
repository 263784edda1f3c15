// The runner's scheduling on its own: the job store and the job's work are replaced, so the test decides
// when a claim finds a job and when the vision pool says it is full. The store and the engine have their
// own integration tests (tests/integration/api/wardrobeJobs.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { VisionBusyError } from '../vision/types'
import type { JobRow } from './jobStore'
import { JobRunner, defaultJobRunnerOptions, type JobRunnerDeps } from './jobRunner'

const store = vi.hoisted(() => ({ queued: [] as string[] }))
const work = vi.hoisted(() => ({ busy: true, done: [] as string[] }))

vi.mock('./jobStore', () => ({
  claimJob: vi.fn(() => {
    const id = store.queued.shift()
    return Promise.resolve(id ? ({ id, user_id: 'u', kind: 'ootd', status: 'processing', attempts: 1 } as JobRow) : null)
  }),
  releaseHeldJob: vi.fn((_admin: unknown, job: JobRow) => {
    store.queued.push(job.id)
    return Promise.resolve()
  }),
  failHeldJob: vi.fn(() => Promise.resolve(true)),
  updateHeldJob: vi.fn(() => Promise.resolve(true)),
}))

vi.mock('./runOotdJob', () => ({
  runOotdJob: vi.fn((_deps: unknown, job: JobRow) => {
    if (work.busy) return Promise.reject(new VisionBusyError(3))
    work.done.push(job.id)
    return Promise.resolve()
  }),
}))

const deps = { admin: () => ({}), vision: () => ({}), reader: {}, serviceKey: 'k', log: () => {} } as unknown as JobRunnerDeps

describe('JobRunner after the vision pool said it is full', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    store.queued = []
    work.busy = true
    work.done = []
  })
  afterEach(() => vi.useRealTimers())

  it('claims again when its wait ends, even if the clock reads a little earlier then', async () => {
    // A poll far longer than the test: only the runner's own wake-up may claim the job again.
    const runner = new JobRunner(deps, { ...defaultJobRunnerOptions, instanceId: 'i', pollMs: 600_000 })
    store.queued.push('job-1')
    runner.start()
    await vi.waitFor(() => expect(store.queued).toEqual(['job-1']))
    expect(work.done).toEqual([])

    work.busy = false
    // A Node timer counts from the event loop's cached clock, so it may fire while Date.now() still reads
    // a few ms before its end: here the wall clock lags the timers by 20 ms.
    vi.setSystemTime(Date.now() - 20)
    await vi.advanceTimersByTimeAsync(3_000)
    await vi.waitFor(() => expect(work.done).toEqual(['job-1']))
    await runner.close()
  })
})
