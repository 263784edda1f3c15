// Runs processing jobs from Postgres in this API instance. It claims jobs while it has room (a new job
// kicks it at once; a slow poll finds jobs queued through other instances and jobs whose instance died),
// sends heartbeats for the jobs it holds, and ends every job as completed or failed with a message the
// screens can show. A job this instance was running when it stopped is claimed again on start (its
// instance id is stable), so a restart resumes work instead of leaving it spinning.
import { BUCKETS } from '../../../src/lib/wardrobe/storage'
import { ApiError } from '../apiError'
import type { AdminClient } from '../supabaseAdmin'
import { ImageRejectedError, VisionBusyError, type VisionService } from '../vision/types'
import { claimJob, failHeldJob, releaseHeldJob, updateHeldJob, type JobRow } from './jobStore'
import { runOotdJob } from './runOotdJob'
import type { StorageReader } from './storageImage'

export interface JobRunnerOptions {
  /** Stable per instance (and across its restarts), so its own unfinished jobs are resumed at once. */
  instanceId: string
  /** Jobs run at once by this instance (each waits on the vision pool for its inference). */
  maxConcurrent: number
  /**
   * One user's jobs run at once across all instances; the rest of their batch waits, and a slot that
   * frees goes to whoever runs fewest (claim_processing_job). Two keeps one instance's slots busy with a
   * lone user's batch, while another user's photo starts at the next free slot.
   */
  runningPerUser: number
  /** How often to look for jobs nobody kicked this instance about. */
  pollMs: number
  heartbeatMs: number
  /** A job whose heartbeat is older than this belongs to a dead instance and is taken over. */
  staleAfterSeconds: number
  /** Interrupted this many times, a job fails instead of being retried. */
  maxAttempts: number
  /** On close, how long running jobs may take to finish before they are left for the next start. */
  shutdownGraceMs: number
}

export const defaultJobRunnerOptions: Omit<JobRunnerOptions, 'instanceId'> = {
  maxConcurrent: 2,
  runningPerUser: 2,
  pollMs: 5_000,
  heartbeatMs: 5_000,
  staleAfterSeconds: 30,
  maxAttempts: 3,
  shutdownGraceMs: 5_000,
}

/** The job table and a job's work, as the runner uses them. */
interface JobWork {
  claim: typeof claimJob
  release: typeof releaseHeldJob
  fail: typeof failHeldJob
  update: typeof updateHeldJob
  runOotd: typeof runOotdJob
}

const realWork: JobWork = {
  claim: claimJob,
  release: releaseHeldJob,
  fail: failHeldJob,
  update: updateHeldJob,
  runOotd: runOotdJob,
}

export interface JobRunnerDeps {
  admin: () => AdminClient
  vision: () => VisionService
  reader: StorageReader
  serviceKey: string
  log?: (message: string, error?: unknown) => void
  /** The real job store and engine unless given: the runner's scheduling test decides when a claim
   * finds a job and when the vision pool is full. */
  work?: JobWork
}

/** The job was taken over by another instance (or finished elsewhere): stop without writing. */
class JobLost extends Error {}

const GENERIC_FAILURE = 'Processing failed. Please try again.'

/** What the user reads when a job fails: our own refusals as they are, anything else generic. */
function failureMessage(error: unknown): string {
  if (error instanceof ImageRejectedError) return error.message
  if (error instanceof ApiError) {
    return error.status === 404 ? 'The outfit photo could not be found. Please upload it again.' : error.message
  }
  return GENERIC_FAILURE
}

export class JobRunner {
  private readonly running = new Map<string, Promise<void>>()
  private pollTimer: ReturnType<typeof setInterval> | null = null
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null
  private filling: Promise<void> | null = null
  private fillAgain = false
  private closed = false
  /** The vision pool said it is full: claiming waits until `resumeTimer` fires. A flag, not a time
   * compared with Date.now(): a Node timer may fire a few ms before Date.now() reaches its end (it
   * counts from the event loop's cached clock), and a claim skipped then waited for the next poll. */
  private paused = false
  private resumeTimer: ReturnType<typeof setTimeout> | null = null
  private readonly log: (message: string, error?: unknown) => void
  private readonly work: JobWork

  constructor(
    private readonly deps: JobRunnerDeps,
    private readonly options: JobRunnerOptions,
  ) {
    this.log = deps.log ?? ((message, error) => console.warn(`[jobs] ${message}`, error ?? ''))
    this.work = deps.work ?? realWork
  }

  start(): void {
    this.pollTimer = setInterval(() => this.kick(), this.options.pollMs)
    this.heartbeatTimer = setInterval(() => void this.beat(), this.options.heartbeatMs)
    this.kick()
  }

  /** A job was queued, or a slot freed up: claim what fits. */
  kick(): void {
    if (this.closed) return
    if (this.filling) {
      this.fillAgain = true
      return
    }
    this.filling = this.fill().finally(() => {
      this.filling = null
      if (this.fillAgain) {
        this.fillAgain = false
        this.kick()
      }
    })
  }

  /** Jobs running in this instance now (for tests and the bench). */
  runningJobs(): string[] {
    return [...this.running.keys()]
  }

  /** Stops claiming and lets running jobs finish for a while; the rest resume on the next start. */
  async close(): Promise<void> {
    this.closed = true
    if (this.pollTimer) clearInterval(this.pollTimer)
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer)
    if (this.resumeTimer) clearTimeout(this.resumeTimer)
    await this.filling
    const all = Promise.allSettled([...this.running.values()])
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, this.options.shutdownGraceMs))])
  }

  private async fill(): Promise<void> {
    try {
      while (!this.closed && this.running.size < this.options.maxConcurrent && !this.paused) {
        const job = await this.work.claim(this.deps.admin(), {
          instanceId: this.options.instanceId,
          running: [...this.running.keys()],
          staleAfterSeconds: this.options.staleAfterSeconds,
          maxAttempts: this.options.maxAttempts,
          runningPerUser: this.options.runningPerUser,
        })
        if (!job) return
        if (this.closed) {
          await this.work.release(this.deps.admin(), job, this.options.instanceId)
          return
        }
        const run = this.run(job).finally(() => {
          this.running.delete(job.id)
          this.kick()
        })
        this.running.set(job.id, run)
      }
    } catch (error) {
      // The next poll tries again; a database that is down must not crash the API.
      this.log('Could not claim a processing job', error)
    }
  }

  /** Claims nothing for a while (the vision pool is full), then claims again at once, not at the next poll. */
  private pauseClaims(ms: number): void {
    this.paused = true
    if (this.resumeTimer) clearTimeout(this.resumeTimer)
    this.resumeTimer = setTimeout(() => {
      this.resumeTimer = null
      this.paused = false
      this.kick()
    }, ms)
  }

  private async beat(): Promise<void> {
    for (const id of this.running.keys()) {
      try {
        await this.work.update(this.deps.admin(), id, this.options.instanceId, {})
      } catch (error) {
        this.log(`Heartbeat for job ${id} failed`, error)
      }
    }
  }

  private async run(job: JobRow): Promise<void> {
    const admin = this.deps.admin()
    const { instanceId } = this.options
    const report = async (patch: Parameters<JobWork['update']>[3]) => {
      if (this.closed) throw new JobLost('This instance is stopping')
      if (!(await this.work.update(admin, job.id, instanceId, patch))) throw new JobLost(`Job ${job.id} is no longer ours`)
    }
    try {
      if (job.kind !== 'ootd') throw new ApiError(400, `This kind of job (${job.kind}) is not run by the wardrobe engine.`)
      await this.work.runOotd(
        { admin, vision: this.deps.vision(), reader: this.deps.reader, serviceKey: this.deps.serviceKey, instanceId, report },
        job,
      )
    } catch (error) {
      await this.settleFailure(job, error)
    }
  }

  private async settleFailure(job: JobRow, error: unknown): Promise<void> {
    const admin = this.deps.admin()
    const { instanceId } = this.options
    try {
      if (error instanceof JobLost) {
        // Stopping: give the job back so this instance (or another) resumes it; taken over: nothing to do.
        if (this.closed) await this.work.release(admin, job, instanceId)
        return
      }
      if (error instanceof VisionBusyError) {
        this.pauseClaims(error.retryAfterSeconds * 1000)
        await this.work.release(admin, job, instanceId)
        return
      }
      if (!(error instanceof ImageRejectedError || error instanceof ApiError)) this.log(`Job ${job.id} failed`, error)
      if (await this.work.fail(admin, job.id, instanceId, failureMessage(error))) await this.removePartialCutOuts(job)
    } catch (settleError) {
      // Left as it is, the job's heartbeat goes stale and the claim sweep retries or fails it.
      this.log(`Could not record the end of job ${job.id}`, settleError)
    }
  }

  /** Cut-outs stored before the job failed belong to no item: remove them (best effort). */
  private async removePartialCutOuts(job: JobRow): Promise<void> {
    const bucket = this.deps.admin().storage.from(BUCKETS.stickers)
    const folder = `${job.user_id}/items`
    const { data, error } = await bucket.list(folder, { search: `${job.id}-g`, limit: 100 })
    if (error) throw new Error(error.message)
    const paths = (data ?? []).filter((f) => f.name.startsWith(`${job.id}-g`)).map((f) => `${folder}/${f.name}`)
    if (paths.length > 0) {
      const removed = await bucket.remove(paths)
      if (removed.error) throw new Error(removed.error.message)
    }
  }
}
