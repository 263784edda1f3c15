// What the screens say about an outfit job (spec §4 outfit upload processing, §9), worked out once for the
// processing dialog and the item's card: its phase, the status text, a second line, the progress. Pure,
// so every state is tested without a browser. "Waiting to start" is the device's own fact (starting the
// job still waits in the outbox), handed in by the data layer; "online" comes from the caller.
import { messages } from '@/lib/messages'
import { isUnfinishedJob, type JobItem, type JobStatus } from './jobs'

/** The first step the engine reports (spec §4: 10 % analysing, 50 % tagging, 90 % saving). */
const FIRST_STEP_AT = 10

/** The job row has been quiet this long while it should be moving: the status poll looks instead. */
export const LIVE_QUIET_MS = 6000

type JobPhase =
  /** The photo is being prepared, or uploaded before the job can start. */
  | 'uploading'
  /** Offline: nothing moves that this device could see. */
  | 'waiting'
  /** Started (or about to), before the engine's first step. */
  | 'starting'
  | 'processing'
  | 'completed'
  | 'failed'

export interface JobLike {
  status: JobStatus
  progress: number
  error: string | null
  items: JobItem[]
}

export interface JobInput {
  /** The job as the replica has it; null while the photo is still being prepared on this device. */
  job: JobLike | null
  /** Starting the job still waits in the outbox (behind the photo's upload). */
  waitingToStart: boolean
  /** The device reaches the network. */
  online: boolean
}

interface JobDisplay {
  phase: JobPhase
  text: string
  /** A second line: why it waits, what uploads, or the job's error. */
  detail: string | null
  /** 0–100, whole; 100 once completed. */
  progress: number
  finished: boolean
}

function phaseOf({ job, waitingToStart, online }: JobInput): JobPhase {
  // Still being prepared on this device: no connection is needed yet.
  if (!job) return 'uploading'
  if (job.status === 'failed') return 'failed'
  if (job.status === 'completed') return 'completed'
  if (!online) return 'waiting'
  if (waitingToStart) return 'uploading'
  return job.status === 'queued' || job.progress < FIRST_STEP_AT ? 'starting' : 'processing'
}

const TEXT: Record<JobPhase, string> = {
  uploading: messages.jobStarting,
  waiting: messages.jobWaiting,
  starting: messages.jobStarting,
  processing: messages.jobProcessing,
  completed: messages.jobCompleted,
  failed: messages.jobFailed,
}

function detailOf(phase: JobPhase, input: JobInput): string | null {
  switch (phase) {
    case 'failed':
      return input.job?.error ?? null
    case 'waiting':
      return input.waitingToStart ? messages.jobWaitingToStart : messages.jobWaitingStarted
    case 'uploading':
      return messages.jobUploading
    default:
      return null
  }
}

export function jobView(input: JobInput): JobDisplay {
  const phase = phaseOf(input)
  const progress = phase === 'completed' ? 100 : Math.max(0, Math.min(100, Math.round(input.job?.progress ?? 0)))
  return {
    phase,
    text: TEXT[phase],
    detail: detailOf(phase, input),
    progress,
    finished: phase === 'completed' || phase === 'failed',
  }
}

/**
 * Whether the status poll should look now (spec §4 polls every 2 s while processing, stopping on completed
 * or failed). Live updates normally keep the job row moving; the poll only fills in when the row has gone
 * quiet, and never offline or before the job was started.
 */
export function statusPollDue(input: { status: JobStatus; waitingToStart: boolean; online: boolean; quietForMs: number }): boolean {
  return input.online && !input.waitingToStart && isUnfinishedJob(input.status) && input.quietForMs >= LIVE_QUIET_MS
}
