// Pushes the outbox in order: files and product API calls one request each where they come, runs of row
// changes in batches (one sync_push call each). Position saves superseded within a batch are not sent.
// A change the server refuses goes to failed mutations with the spec's message and the replica gets the
// server's version back; anything transient stops the run so it can be retried as a whole later.
import type { MooriDB } from '@/data/db'
import type { FailedMutation, OutboxEntry, PushOp } from '@/data/model/outbox'
import { SyncError, classifySqlState, isSyncError } from './classifyError'
import { failureMessage } from './failureMessage'
import { restoreServerVersion } from './restoreServerVersion'
import type { SyncTransport } from './transport'

const PUSH_BATCH_SIZE = 100

type RowOp = Extract<PushOp, { op: 'insert' | 'update' | 'call' }>

export type PushRun =
  | { status: 'done'; sent: number; requests: number }
  | { status: 'retry'; error: SyncError; sent: number; requests: number }

function isRowOp(entry: OutboxEntry): entry is OutboxEntry & { op: RowOp } {
  return entry.op.op === 'insert' || entry.op.op === 'update' || entry.op.op === 'call'
}

/** Deletes entries that were pushed, unless a newer change was folded into them meanwhile. */
async function acknowledge(db: MooriDB, entries: OutboxEntry[]): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    for (const sent of entries) {
      const current = await db.outbox.get(sent.seq)
      if (current && current.rev === sent.rev) await db.outbox.delete(sent.seq)
    }
  })
}

/** Moves a refused entry, and the later entries for the same row, to failed mutations. */
async function fail(db: MooriDB, entry: OutboxEntry, code: string, serverMessage: string): Promise<void> {
  const now = Date.now()
  await db.transaction('rw', db.outbox, db.failedMutations, async () => {
    const followers = await db.outbox
      .where('key')
      .equals(entry.key)
      .filter((e) => e.seq! > entry.seq!)
      .toArray()
    const refusedOnlyBecauseOfThis = entry.op.op === 'upload' || (entry.op.op === 'insert' && followers.length > 0)
    const record = (e: OutboxEntry, notified: number): FailedMutation => ({
      entry: e,
      code,
      serverMessage,
      message: failureMessage(entry, code, serverMessage),
      failedAt: now,
      notified,
    })
    await db.failedMutations.add(record(entry, 0))
    await db.outbox.delete(entry.seq)
    if (refusedOnlyBecauseOfThis) {
      // The row never reached the server, so what was queued on top of it cannot apply either; the
      // user was told once, for the first refusal.
      for (const follower of followers) {
        await db.failedMutations.add(record(follower, 1))
        await db.outbox.delete(follower.seq)
      }
    }
  })
}

async function refuse(db: MooriDB, transport: SyncTransport, entry: OutboxEntry, code: string, message: string) {
  await fail(db, entry, code, message)
  if (entry.op.op === 'api') await markJobRefused(db, entry, message)
  else await restoreServerVersion(db, transport, entry.table, entry.rowId)
}

/** A job the API refused to start never exists on the server: the device's copy says why it failed. */
async function markJobRefused(db: MooriDB, entry: OutboxEntry, serverMessage: string): Promise<void> {
  if (entry.table !== 'jobs') return
  await db.jobs.update(entry.rowId, { status: 'failed', error: failureMessage(entry, '', serverMessage) })
}

/** A file upload, a file removal or a product API call. */
async function pushSingle(db: MooriDB, transport: SyncTransport, entry: OutboxEntry, stopped: () => boolean): Promise<void> {
  const op = entry.op
  if (op.op === 'upload') {
    const pending = await db.pendingUploads.get(`${op.bucket}/${op.path}`)
    if (pending) await transport.upload(op.bucket, op.path, pending.blob, pending.contentType)
    if (stopped()) throw stoppedError()
    await db.transaction('rw', db.outbox, db.pendingUploads, async () => {
      await db.pendingUploads.delete(`${op.bucket}/${op.path}`)
      await db.outbox.delete(entry.seq)
    })
  } else if (op.op === 'api') {
    await transport.callApi(op.path, op.body)
    if (stopped()) throw stoppedError()
    await acknowledge(db, [entry])
  } else if (op.op === 'removeObject') {
    try {
      await transport.removeObject(op.bucket, op.path)
      if (stopped()) throw stoppedError()
    } catch (error) {
      // Best effort (spec §4): a file that cannot be removed is only a warning, unless offline.
      if (isSyncError(error) && error.kind !== 'permanent') throw error
      console.warn('Could not remove a stored file:', error)
    }
    await acknowledge(db, [entry])
  }
}

/** The entries to send from a batch: earlier position saves of an item later in the batch are dropped. */
export function coalescePositions(batch: OutboxEntry[]): { send: OutboxEntry[]; superseded: OutboxEntry[] } {
  const lastPosition = new Map<string, number>()
  batch.forEach((e, i) => {
    if (e.coalesce === 'position') lastPosition.set(e.key, i)
  })
  const send: OutboxEntry[] = []
  const superseded: OutboxEntry[] = []
  batch.forEach((e, i) => {
    if (e.coalesce === 'position' && lastPosition.get(e.key) !== i) superseded.push(e)
    else send.push(e)
  })
  return { send, superseded }
}

const stoppedError = () => new SyncError('transient', 'Sync stopped', -1)

/** `stopped` is checked after every network call: a stopped engine never writes to the replica again. */
export async function pushOutbox(db: MooriDB, transport: SyncTransport, stopped: () => boolean = () => false): Promise<PushRun> {
  let sent = 0
  let requests = 0
  for (;;) {
    if (stopped()) return { status: 'retry', error: stoppedError(), sent, requests }
    const head = await db.outbox.orderBy('seq').limit(PUSH_BATCH_SIZE).toArray()
    const first = head[0]
    if (!first) return { status: 'done', sent, requests }
    try {
      if (!isRowOp(first)) {
        requests += 1
        try {
          await pushSingle(db, transport, first, stopped)
        } catch (error) {
          if (isSyncError(error) && error.kind === 'permanent') {
            await refuse(db, transport, first, error.code ?? String(error.status), error.message)
            continue
          }
          throw error
        }
        sent += 1
        continue
      }
      const run: OutboxEntry[] = []
      for (const entry of head) {
        if (!isRowOp(entry)) break
        run.push(entry)
      }
      const { send, superseded } = coalescePositions(run)
      requests += 1
      const results = await transport.push(send.map((e) => e.op as RowOp))
      if (stopped()) return { status: 'retry', error: stoppedError(), sent, requests }
      const done: OutboxEntry[] = [...superseded]
      for (const [index, entry] of send.entries()) {
        const result = results[index]
        if (!result) throw new SyncError('transient', 'The server answered fewer results than changes sent', 200)
        if (result.ok) {
          done.push(entry)
          continue
        }
        if (classifySqlState(result.code) !== 'permanent') {
          await acknowledge(db, done)
          return { status: 'retry', error: new SyncError('transient', result.message, 200, result.code), sent, requests }
        }
        await acknowledge(db, done)
        done.length = 0
        // Already moved out along with an earlier refusal of the same row.
        if (!(await db.outbox.get(entry.seq))) continue
        await refuse(db, transport, entry, result.code, result.message)
      }
      await acknowledge(db, done)
      sent += send.length
    } catch (error) {
      // Anything unexpected (the replica failing) goes to the engine's one failure path.
      if (isSyncError(error)) return { status: 'retry', error, sent, requests }
      throw error
    }
  }
}
