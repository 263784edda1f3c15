// Pushes the outbox in order: files and product API calls one request each where they come, runs of row
// changes in batches (one sync_push call each). Position saves superseded within a batch are not sent.
// A change the server refuses goes to failed mutations with the spec's message and the replica gets the
// server's version back (every row of a refused batch entry), or, for a row that exists only on this
// device, what its entry says it becomes (`onRefused`); anything transient stops the run so it can be
// retried as a whole later. The engine knows no feature's tables: what differs travels on the entry.
import type { MooriDB } from '@/data/db'
import type { FailedMutation, OutboxEntry, RefusalMark } from '@/data/model/outbox'
import { localTableOf } from '@/data/model/tables'
import { SyncError, classifySqlState, isSyncError } from './classifyError'
import { failureMessage } from './failureMessage'
import { restoreServerVersions } from './restoreServerVersion'
import type { PushableOp, SyncTransport } from './transport'

const PUSH_BATCH_SIZE = 100
/** The server's limit of row changes in one sync_push call, a batch counting as its changes
 * (20261127100000_batch_push.sql). A batch over it on its own is sent alone and refused by the server. */
export const PUSH_MAX_ROW_CHANGES = 1000

export type PushRun =
  | { status: 'done'; sent: number; requests: number }
  | { status: 'retry'; error: SyncError; sent: number; requests: number }

function isRowOp(entry: OutboxEntry): entry is OutboxEntry & { op: PushableOp } {
  const op = entry.op.op
  return op === 'insert' || op === 'update' || op === 'call' || op === 'batch'
}

/** How many of the server's row changes an entry counts for. */
const weightOf = (entry: OutboxEntry) => (entry.op.op === 'batch' ? Math.max(1, entry.op.ops.length) : 1)

/** The leading row changes of `head` that fit one sync_push call (always at least the first). */
export function takeRun(head: OutboxEntry[]): OutboxEntry[] {
  const run: OutboxEntry[] = []
  let changes = 0
  for (const entry of head) {
    if (!isRowOp(entry)) break
    const weight = weightOf(entry)
    if (run.length > 0 && changes + weight > PUSH_MAX_ROW_CHANGES) break
    run.push(entry)
    changes += weight
  }
  return run
}

/** The replica rows a refused entry would have brought into being: changes queued after it on those
 * rows cannot apply either. */
function keysItCreates(entry: OutboxEntry): string[] {
  const op = entry.op
  if (op.op === 'upload' || op.op === 'insert') return entry.keys
  if (op.op !== 'batch') return []
  return op.ops.flatMap((sub) => {
    if (sub.op !== 'insert' || typeof sub.row.id !== 'string') return []
    return [`${localTableOf[sub.table]}:${sub.row.id}`]
  })
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

/** Moves a refused entry, and the later entries on rows it would have created, to failed mutations;
 * answers every entry it moved. */
async function fail(db: MooriDB, entry: OutboxEntry, code: string, serverMessage: string): Promise<OutboxEntry[]> {
  const now = Date.now()
  return db.transaction('rw', db.outbox, db.failedMutations, async () => {
    const created = keysItCreates(entry)
    // Every later entry that touches a row this one would have created, by any of its keys.
    const followers =
      created.length === 0
        ? []
        : await db.outbox
            .where('keys')
            .anyOf(created)
            .distinct()
            .filter((e) => e.seq! > entry.seq!)
            .sortBy('seq')
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
    if (followers.length > 0) {
      // The row never reached the server, so what was queued on top of it cannot apply either; the
      // user was told once, for the first refusal.
      for (const follower of followers) {
        await db.failedMutations.add(record(follower, 1))
        await db.outbox.delete(follower.seq)
      }
    }
    return [entry, ...followers]
  })
}

/** The replica rows an entry sets fields of or removes: its own and those of `also`. */
const rowsOf = (entry: OutboxEntry) => [{ table: entry.table, rowId: entry.rowId }, ...(entry.also ?? [])]

async function refuse(db: MooriDB, transport: SyncTransport, entry: OutboxEntry, code: string, serverMessage: string) {
  const failed = await fail(db, entry, code, serverMessage)
  const message = failureMessage(entry, code, serverMessage)
  for (const refused of failed) if (refused.onRefused) await markRefused(db, refused, refused.onRefused, message)
  // A refused batch applied nothing: every row it (or an entry failed with it) touched shows the
  // server's version again, each once. An API call changes no row, and a row that exists only on this
  // device has no server version: its entry marked it above.
  const restorable = failed.filter((e) => e.op.op !== 'api' && !e.onRefused)
  const rows = new Map(restorable.flatMap(rowsOf).map((row) => [`${row.table}:${row.rowId}`, row]))
  await restoreServerVersions(db, transport, [...rows.values()])
}

/** A row that never reaches the server keeps what its refused entry says it becomes, and why. */
async function markRefused(db: MooriDB, entry: OutboxEntry, { patch, messageField }: RefusalMark, message: string) {
  await db.table(entry.table).update(entry.rowId, { ...patch, [messageField]: message })
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
      const { send, superseded } = coalescePositions(takeRun(head))
      requests += 1
      const results = await transport.push(send.map((e) => e.op as PushableOp))
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
