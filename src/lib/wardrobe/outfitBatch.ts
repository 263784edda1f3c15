// Many outfit photos at once (issue 25), the pure part: which of the picked files are kept (images only,
// at most MAX_BATCH_PHOTOS), and which of the user's outfit jobs form the batch still under way, so the
// header pill can say "7 of 20 done" from the replica alone (after a reload too, with no batch stored).
import { fillMessage, messages } from '@/lib/messages'
import { isImageFile } from '@/lib/pickImage'
import { isUnfinishedJob, type JobStatus } from './jobs'
import { compareCodeUnits } from '@/lib/compareCodeUnits'

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
  /** Counts as done yet keeps the batch under way: a picked photo that could not be read, which waits for
   * the user's Retry or Remove. */
  holds?: boolean
}

export interface BatchProgress {
  /** The batch's jobs, oldest first. */
  jobIds: string[]
  done: number
  total: number
}

/** The batch still under way: the unfinished jobs and those created in one run with them (no gap longer
 * than BATCH_GAP_MS between two). Null when nothing is unfinished. Failed jobs count as done. Photos
 * picked but not yet kept come in as jobs too (`pickedAsBatchJob`), so they count towards the total. */
export function currentBatch(jobs: readonly BatchJob[]): BatchProgress | null {
  const sorted = [...jobs].sort((a, b) => compareCodeUnits(a.createdAt, b.createdAt) || compareCodeUnits(a.id, b.id))
  const firstUnfinished = sorted.findIndex((job) => isUnfinishedJob(job.status) || job.holds === true)
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

/** A photo picked but not yet kept with its job, as the batch counts it: still to do, or (could not be
 * read) done but holding the batch open until the user retries or removes it. Its id becomes its job's.
 * It sorts after every job kept since it was picked (`newestJobAt`, epoch ms), in the order picked, so
 * the batch lists its photos as they were picked and the kept ones stay in one run with the waiting. */
export function pickedAsBatchJob(
  photo: { id: string; pickedAt: number; position: number; error: string | null },
  newestJobAt: number,
): BatchJob {
  const createdAt = new Date(Math.max(photo.pickedAt, newestJobAt) + photo.position).toISOString()
  return photo.error === null
    ? { id: photo.id, status: 'queued', createdAt }
    : { id: photo.id, status: 'failed', createdAt, holds: true }
}
