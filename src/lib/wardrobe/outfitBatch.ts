// Many outfit photos at once (issue 25), the pure part: which of the picked files are kept (images only,
// at most MAX_BATCH_PHOTOS), and which of the user's outfit jobs form the batch still under way, so the
// header pill can say "7 of 20 done" from the replica alone (after a reload too, with no batch stored).
import { fillMessage, messages } from '@/lib/messages'
import { isImageFile } from '@/lib/pickImage'
import { isUnfinishedJob, type JobStatus } from './jobs'

/** One batch holds at most this many photos (a closet in a few goes; the device keeps each one). */
const MAX_BATCH_PHOTOS = 50

/** Jobs created within this of each other belong to one batch (photos are queued one after another). */
export const BATCH_GAP_MS = 5 * 60_000

export interface PickedPhotos<F> {
  files: F[]
  /** Why some (or all) files were left out; null when every file was kept. */
  message: string | null
}

/** The images among the picked or dropped files, in their order, and what was left out. */
export function pickImages<F extends { type: string }>(files: ArrayLike<F>, limit = MAX_BATCH_PHOTOS): PickedPhotos<F> {
  const all = Array.from(files)
  const images = all.filter(isImageFile)
  if (images.length === 0) return { files: [], message: messages.onlyImages }
  const skipped = all.length - images.length
  if (images.length > limit) {
    return { files: images.slice(0, limit), message: fillMessage(messages.batchTooMany, { limit: String(limit) }) }
  }
  return {
    files: images,
    message: skipped > 0 ? fillMessage(messages.batchSkippedNonImages, { count: String(skipped) }) : null,
  }
}

export interface BatchJob {
  id: string
  status: JobStatus
  createdAt: string
}

export interface BatchProgress {
  /** The batch's jobs, oldest first. */
  jobIds: string[]
  done: number
  total: number
}

/** The batch still under way: the unfinished jobs and those created in one run with them (no gap longer
 * than BATCH_GAP_MS between two). Null when nothing is unfinished. Failed jobs count as done. */
export function currentBatch(jobs: readonly BatchJob[]): BatchProgress | null {
  const sorted = [...jobs].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
  const firstUnfinished = sorted.findIndex((job) => isUnfinishedJob(job.status))
  if (firstUnfinished < 0) return null
  let start = firstUnfinished
  while (start > 0 && gapMs(sorted[start - 1]!, sorted[start]!) <= BATCH_GAP_MS) start--
  const batch = sorted.slice(start)
  const done = batch.filter((job) => !isUnfinishedJob(job.status)).length
  return { jobIds: batch.map((job) => job.id), done, total: batch.length }
}

function gapMs(earlier: BatchJob, later: BatchJob): number {
  return Date.parse(later.createdAt) - Date.parse(earlier.createdAt)
}

/** The pill's words for a batch of more than one photo: "7 of 20 done". */
export function batchDoneText(batch: BatchProgress): string {
  return fillMessage(messages.batchDone, { done: String(batch.done), total: String(batch.total) })
}
