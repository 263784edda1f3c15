// The runner's scheduling on its own: the job store and the job's work are stand-ins passed through
// its deps, so the test decides when a claim finds a job and when the vision pool says it is full. The
// store and the engine have their own integration tests (tests/integration/api/wardrobeJobs.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { VisionBusyError } from '../vision/types'
import type { JobRow } from './jobStore'
import { JobRunner, defaultJobRunnerOptions, type JobRunnerDeps } from './jobRunner'

/** A queue of job ids, and a vision pool that is full until `busy` is false. */
function standIns() {
  const queued: string[] = []
  const state = { busy: true, done: [] as string[] }
  const work: NonNullable<JobRunnerDeps['work']> = {
    claim: () => {
      const id = queued.shift()
      return Promise.resolve(id ? ({ id, user_id: 'u', kind: 'ootd', status: 'processing', attempts: 1 } as JobRow) : null)
    },
    release: (_admin, job) => {
      queued.push(job.id)
      return Promise.resolve()
    },
    fail: () => Promise.resolve(true),
    update: () => Promise.resolve(true),
    runOotd: (_deps, job) => {
      if (state.busy) return Promise.reject(new VisionBusyError(3))
      state.done.push(job.id)
      return Promise.resolve({ storedPaths: [] })
    },
  }
  const deps = { admin: () => ({}), vision: () => ({}), reader: {}, serviceKey: 'k', log: () => {}, work } as unknown as JobRunnerDeps
  return { queued, state, deps }
}

describe('JobRunner after the vision pool said it is full', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('claims again when its wait ends, even if the clock reads a little earlier then', async () => {
    const { queued, state, deps } = standIns()
    // A poll far longer than the test: only the runner's own wake-up may claim the job again.
    const runner = new JobRunner(deps, { ...defaultJobRunnerOptions, instanceId: 'i', pollMs: 600_000 })
    queued.push('job-1')
    runner.start()
    await vi.waitFor(() => expect(queued).toEqual(['job-1']))
    expect(state.done).toEqual([])

    state.busy = false
    // A Node timer counts from the event loop's cached clock, so it may fire while Date.now() still reads
    // a few ms before its end: here the wall clock lags the timers by 20 ms.
    vi.setSystemTime(Date.now() - 20)
    await vi.advanceTimersByTimeAsync(3_000)
    await vi.waitFor(() => expect(state.done).toEqual(['job-1']))
    await runner.close()
  })
})
