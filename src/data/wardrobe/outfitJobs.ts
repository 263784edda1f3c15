// The one owner of an outfit job's life on this device (issue 41). A job is made here as a queued row,
// with an outbox entry keyed `jobs:<id>` that asks the product API to start it once everything queued
// before it reached the server; while that entry waits, the job is "waiting to start" and may be
// cancelled (its photo deleted). A refused start fails the job here, through the entry's `onRefused`
// mark, so the push engine needs no wardrobe rule. Once started, the job is the server's: processing,
// completed and failed come back by pull and realtime like any row. A retry replaces a job that may no
// longer run with a new one.
import { newId } from '@/lib/ids'
import { messages } from '@/lib/messages'
import { isUnfinishedJob } from '@/lib/wardrobe/jobs'
import type { MooriDB } from '../db'
import type { RefusalMark } from '../model/outbox'
import type { ProcessingJobRow, WardrobeItemRow } from '../model/rows'
import { MutationError } from '../replica'
import { keyOf, type Change } from '../mutations/enqueue'

/** A job the API refused to start never exists on the server: the device's copy says why it failed. */
const startRefused: RefusalMark = {
  patch: { status: 'failed' } satisfies Partial<ProcessingJobRow>,
  messageField: 'error' satisfies keyof ProcessingJobRow,
}

function queuedJob(jobId: string, item: WardrobeItemRow, skipTagging: boolean): ProcessingJobRow {
  const now = new Date().toISOString()
  return {
    id: jobId,
    userId: item.userId,
    kind: 'ootd',
    status: 'queued',
    progress: 0,
    processedItems: 0,
    totalItems: 0,
    error: null,
    input: { image_path: item.imagePath, item_id: item.id, skip_ai_tagging: skipTagging },
    items: [],
    createdAt: now,
    updatedAt: now,
    txid: '',
  }
}

/** The outbox entry that starts the job once everything before it reached the server. */
function startChange(job: ProcessingJobRow, item: WardrobeItemRow, skipTagging: boolean): Change {
  return {
    table: 'jobs',
    rowId: job.id,
    fields: [],
    op: {
      op: 'api',
      path: '/wardrobe/background-ootd',
      body: {
        image_url: item.imagePath,
        user_id: item.userId,
        item_id: item.id,
        processing_id: job.id,
        // The spec's client always sends true: the engine cuts garments out, it never redraws them.
        skip_ai_extraction: true,
        skip_ai_tagging: skipTagging,
      },
    },
    failureMessage: messages.startOutfitFailed,
    preferServerMessage: true,
    onRefused: startRefused,
  }
}

/**
 * Adds a queued job `jobId` for an outfit item's photo and answers the change that starts it. Inside a
 * mutation that writes `db.jobs`; queue the change after the item's own (its upload, its insert): the
 * API must find both.
 */
export async function queueOutfitJob(db: MooriDB, jobId: string, item: WardrobeItemRow, skipTagging: boolean): Promise<Change> {
  const job = queuedJob(jobId, item, skipTagging)
  await db.jobs.add(job)
  return startChange(job, item, skipTagging)
}

/**
 * A retry: gives an outfit item a new queued job in place of one that failed, finished or never came,
 * never while its job may still run. The tagging choice is the old job's unless `skipTagging` says.
 * Inside a mutation that writes `db.wardrobeItems` and `db.jobs`; answers the new job's id and the
 * changes to queue (the item's new job, then the start).
 */
export async function requeueOutfitJob(
  db: MooriDB,
  item: WardrobeItemRow,
  options: { skipTagging?: boolean } = {},
): Promise<{ jobId: string; changes: Change[] }> {
  const previous = item.jobId ? await db.jobs.get(item.jobId) : undefined
  if (previous && isUnfinishedJob(previous.status)) throw new MutationError(messages.alreadyProcessing)
  const skipTagging = options.skipTagging ?? previous?.input.skip_ai_tagging ?? false
  const jobId = newId()
  const start = await queueOutfitJob(db, jobId, item, skipTagging)
  await db.wardrobeItems.update(item.id, { jobId })
  const link: Change = {
    table: 'wardrobeItems',
    rowId: item.id,
    fields: ['jobId'],
    op: { op: 'update', table: 'wardrobe_items', id: item.id, patch: { job_id: jobId } },
    failureMessage: messages.startOutfitFailed,
  }
  return { jobId, changes: [link, start] }
}

/**
 * An outfit photo deleted before its job could start: the start leaves the outbox and the job the
 * replica. A job already started is left alone (the server has it). Inside a mutation that writes
 * `db.jobs`.
 */
export async function cancelUnstartedJob(db: MooriDB, jobId: string | null): Promise<void> {
  if (!jobId) return
  const unstarted = await db.outbox.where('key').equals(keyOf('jobs', jobId)).toArray()
  if (unstarted.length === 0) return
  await db.outbox.bulkDelete(unstarted.map((e) => e.seq!))
  await db.jobs.delete(jobId)
}

/**
 * The jobs whose start still waits in the outbox (behind their photo's upload, or offline): the one
 * definition of "waiting to start", for the card and the processing dialog alike.
 */
export async function jobsWaitingToStart(db: MooriDB, jobIds: string[]): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set()
  // The index's keys only ('jobs:<id>'): the entries themselves (their requests' bodies) are not needed.
  const keys = await db.outbox.where('key').anyOf(jobIds.map((id) => keyOf('jobs', id))).keys()
  const prefix = keyOf('jobs', '')
  return new Set(keys.map((key) => (key as string).slice(prefix.length)))
}
