// What the processing dialog says about an outfit job (spec §4 outfit upload processing, §9): its state,
// the status text, which steps are lit, the progress bar, up to 4 detected items, and when the 2 s
// status poll stands in for live updates. Pure, so every state is tested without a browser.
import type { JobStatus, ProcessingJobRow } from '@/data/model/rows'

export const PROCESSING_POLL_MS = 2000
/** The job row has been quiet this long while it should be moving: poll instead of waiting for realtime. */
export const LIVE_QUIET_MS = 6000
export const DETECTED_ITEMS_SHOWN = 4

export const PROCESSING_STEPS = [
  { at: 10, label: 'Analyzing items' },
  { at: 50, label: 'Generating tags' },
  { at: 90, label: 'Saving products' },
] as const

export const STATUS_TEXT = {
  starting: 'Starting processing...',
  processing: 'Processing your product...',
  completed: 'Processing completed!',
  failed: 'Processing failed',
  waiting: 'Waiting for connection',
} as const

export const UPLOADING_DETAIL = 'Uploading your photo...'
export const WAITING_TO_START_DETAIL =
  'Your photo is saved on this device. Processing starts when you are back online.'
export const WAITING_STARTED_DETAIL =
  'Processing goes on without this device. Progress shows again when you are back online.'

export type ProcessingState = 'uploading' | 'waiting' | 'processing' | 'completed' | 'failed'

export type JobLike = Pick<ProcessingJobRow, 'status' | 'progress' | 'error' | 'items'>

export interface ProcessingStep {
  label: string
  at: number
  reached: boolean
}

export interface ProcessingView {
  state: ProcessingState
  statusText: string
  /** A second line: why it waits, or the job's error. */
  detail: string | null
  progress: number
  steps: ProcessingStep[]
  items: ProcessingJobRow['items']
  /** Found items beyond the ones shown ('+N more'). */
  moreItems: number
  finished: boolean
}

export interface ProcessingInput {
  /** The job as the replica has it; null while the photo is still being prepared on this device. */
  job: JobLike | null
  /** Starting the job still waits in the outbox behind the photo's upload. */
  waitingToStart: boolean
  /** The browser and the sync engine both reach the network. */
  online: boolean
}

function stateOf({ job, waitingToStart, online }: ProcessingInput): ProcessingState {
  if (!job) return 'uploading'
  if (job.status === 'failed') return 'failed'
  if (job.status === 'completed') return 'completed'
  if (!online) return 'waiting'
  return waitingToStart ? 'uploading' : 'processing'
}

function statusTextOf(state: ProcessingState, job: JobLike | null): string {
  switch (state) {
    case 'uploading':
      return STATUS_TEXT.starting
    case 'waiting':
      return STATUS_TEXT.waiting
    case 'completed':
      return STATUS_TEXT.completed
    case 'failed':
      return STATUS_TEXT.failed
    case 'processing':
      return job?.status === 'queued' || (job?.progress ?? 0) < PROCESSING_STEPS[0].at
        ? STATUS_TEXT.starting
        : STATUS_TEXT.processing
  }
}

function detailOf(state: ProcessingState, input: ProcessingInput): string | null {
  if (state === 'failed') return input.job?.error ?? null
  if (state === 'waiting') return input.waitingToStart ? WAITING_TO_START_DETAIL : WAITING_STARTED_DETAIL
  if (state === 'uploading') return UPLOADING_DETAIL
  return null
}

export function processingView(input: ProcessingInput): ProcessingView {
  const { job } = input
  const state = stateOf(input)
  const progress = state === 'completed' ? 100 : Math.max(0, Math.min(100, job?.progress ?? 0))
  const items = job?.items ?? []
  return {
    state,
    statusText: statusTextOf(state, job),
    detail: detailOf(state, input),
    progress,
    steps: PROCESSING_STEPS.map((step) => ({ label: step.label, at: step.at, reached: progress >= step.at })),
    items: items.slice(0, DETECTED_ITEMS_SHOWN),
    moreItems: Math.max(0, items.length - DETECTED_ITEMS_SHOWN),
    finished: state === 'completed' || state === 'failed',
  }
}

export const isUnfinished = (status: JobStatus) => status === 'queued' || status === 'processing'

/**
 * Whether to ask the status endpoint now (spec §4 polls every 2 s while processing, stopping on
 * completed or failed). Live updates normally keep the job row moving; the poll only fills in when
 * the row has gone quiet, and never offline or before the job was started.
 */
export function statusPollDue(input: {
  status: JobStatus
  waitingToStart: boolean
  online: boolean
  quietForMs: number
}): boolean {
  return (
    input.online && !input.waitingToStart && isUnfinished(input.status) && input.quietForMs >= LIVE_QUIET_MS
  )
}

export { processingPhotosText } from './processingPhotosText'
