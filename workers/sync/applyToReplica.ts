// Writes what the server says into the replica: rows (merged with pending local changes), tombstones,
// and scope membership. A row leaves the replica when no scope holds it any more and nothing about it
// waits in the outbox; that is how rows a user lost access to (a wall made private) disappear.
import type { MooriDB } from '@/data/db'
import { fromServer } from '@/data/model/mapping'
import type { AnyRow, SyncedTable } from '@/data/model/rows'
import type { StaleRow } from '@/data/model/outbox'
import { parseScope } from '@/data/model/scopes'
import { localTableOf, serverTableOf, syncedTables, type ServerTable } from '@/data/model/tables'
import { isNewer, reconcile, type PendingState } from './reconcile'
import { markScopePulled } from './scopeState'
import type { PullResponse, RealtimeChange } from './transport'

type PendingMap = Map<string, PendingState>

function masksServerValue(local: AnyRow, remote: AnyRow, pending: PendingState): boolean {
  const l = local as unknown as Record<string, unknown>
  const r = remote as unknown as Record<string, unknown>
  return pending.removes || [...pending.fields].some((f) => f in l && f in r && l[f] !== r[f])
}

/** Every replica table a sync write may touch, for one Dexie transaction. */
function syncTransactionTables(db: MooriDB) {
  return [...syncedTables.map((t) => db.table(t)), db.scopeMembers, db.scopes, db.wallStats, db.outbox, db.staleRows]
}

/** Every row a waiting entry touches (its own, and each row of a batch's `also`) with the fields it
 * sets and whether it removes the row. */
async function loadPending(db: MooriDB): Promise<PendingMap> {
  const pending: PendingMap = new Map()
  const touch = (key: string, entryFields: string[], removes: boolean | undefined) => {
    const current = pending.get(key) ?? { fields: new Set<string>(), removes: false }
    const fields = new Set(current.fields)
    for (const f of entryFields) fields.add(f)
    pending.set(key, { fields, removes: current.removes || Boolean(removes) })
  }
  await db.outbox.each((entry) => {
    touch(entry.key, entry.fields, entry.removes)
    for (const row of entry.also ?? []) touch(`${row.table}:${row.rowId}`, row.fields, row.removes)
  })
  return pending
}

/** Stores server rows of one table: tombstones removed, rows merged with waiting local changes. */
async function putServerRows(db: MooriDB, table: SyncedTable, serverRows: Array<Record<string, unknown>>, pending: PendingMap) {
  const rows: AnyRow[] = []
  const tombstones: string[] = []
  for (const server of serverRows) {
    const mapped = fromServer(table, server)
    if (mapped.kind === 'tombstone') tombstones.push(mapped.id)
    else rows.push(mapped.row)
  }
  if (tombstones.length > 0) {
    await db.table(table).bulkDelete(tombstones)
    for (const id of tombstones) await db.scopeMembers.where('[table+rowId]').equals([table, id]).delete()
  }
  if (rows.length === 0) return
  const locals = (await db.table(table).bulkGet(rows.map((r) => r.id))) as Array<AnyRow | undefined>
  const next: AnyRow[] = []
  const stale: StaleRow[] = []
  rows.forEach((remote, i) => {
    const local = locals[i]
    const key = `${table}:${remote.id}`
    const waiting = pending.get(key)
    const merged = reconcile(local, remote, waiting)
    if (merged) next.push(merged)
    // The server already holds a version the waiting change does not know about. If that change was
    // in fact applied before this version, nothing will ever send this version again (the cursor has
    // passed it), so the row is read again once the waiting change is acknowledged.
    if (waiting && local && masksServerValue(local, remote, waiting)) stale.push({ key, table, rowId: remote.id })
  })
  if (next.length > 0) await db.table(table).bulkPut(next)
  if (stale.length > 0) await db.staleRows.bulkPut(stale)
}

async function removeIfUnreferenced(db: MooriDB, table: SyncedTable, rowId: string, pending: PendingMap) {
  if (pending.has(`${table}:${rowId}`)) return
  const stillHeld = await db.scopeMembers.where('[table+rowId]').equals([table, rowId]).count()
  if (stillHeld === 0) await db.table(table).delete(rowId)
}

type ServerRows = PullResponse['rows']

async function putAll(db: MooriDB, rows: ServerRows, pending: PendingMap) {
  for (const [serverTable, list] of Object.entries(rows) as Array<[ServerTable, Array<Record<string, unknown>>]>) {
    await putServerRows(db, localTableOf[serverTable], list, pending)
  }
}

/** Stores server rows outside any scope (e.g. the server's version after a refused change). */
export async function applyServerRows(db: MooriDB, rows: ServerRows): Promise<void> {
  await db.transaction('rw', syncTransactionTables(db), async () => {
    await putAll(db, rows, await loadPending(db))
  })
}

/** Applies one pull inside a single transaction, so readers never see half a scope. Returns the rows
 * the pull lists as members that the replica lacks and the pull did not send: the caller reads them. */
export async function applyPull(db: MooriDB, scope: string, response: PullResponse): Promise<Array<{ table: SyncedTable; rowId: string }>> {
  return db.transaction('rw', syncTransactionTables(db), async () => {
    const pending = await loadPending(db)
    const absent: Array<{ table: SyncedTable; rowId: string }> = []
    await putAll(db, response.rows, pending)
    for (const [serverTable, ids] of Object.entries(response.members) as Array<[ServerTable, string[]]>) {
      const table = localTableOf[serverTable]
      const current = new Set(ids)
      const previous = await db.scopeMembers.where('scope').equals(scope).filter((m) => m.table === table).toArray()
      const missing = previous.filter((m) => !current.has(m.rowId)).map((m) => m.rowId)
      const dropped = await olderThanPull(db, table, missing, response.cursor)
      const known = new Set(previous.map((m) => m.rowId))
      const joining = ids.filter((id) => !known.has(id))
      // A row the scope lists but neither sends (its version is older than the cursor) nor the replica
      // holds was evicted while the user could not see it (a wall made private, pulled, then public
      // again): no pull from this cursor sends it again. It joins the scope once read, so a read that
      // fails is tried again by the next pull.
      const held = (await db.table(table).bulkGet(joining)) as Array<AnyRow | undefined>
      const lacking = joining.filter((id, i) => !held[i] && !pending.has(`${table}:${id}`))
      absent.push(...lacking.map((rowId) => ({ table, rowId })))
      const lacks = new Set(lacking)
      await db.scopeMembers.bulkDelete(dropped.map((rowId) => [scope, table, rowId] as [string, string, string]))
      await db.scopeMembers.bulkPut(joining.filter((id) => !lacks.has(id)).map((rowId) => ({ scope, table, rowId })))
      for (const rowId of dropped) await removeIfUnreferenced(db, table, rowId, pending)
    }
    await evictUncovered(db, scope, response, pending)
    if (response.wall_stats) {
      await db.wallStats.bulkPut(
        response.wall_stats.map((s) => ({ wallId: s.wall_id, polaroidCount: s.polaroid_count, previewIds: s.preview_ids })),
      )
    }
    await markScopePulled(db, scope, response.cursor)
    return absent
  })
}

/** Of rows a pull did not list, those it could have seen: a row written (and delivered live) by a
 * transaction at or above the pull's fence was not in its snapshot, so its absence says nothing. */
async function olderThanPull(db: MooriDB, table: SyncedTable, rowIds: string[], fence: string | null): Promise<string[]> {
  if (!fence || rowIds.length === 0) return rowIds
  const rows = (await db.table(table).bulkGet(rowIds)) as Array<AnyRow | undefined>
  return rowIds.filter((_, i) => {
    const txid = rows[i]?.txid
    return !txid || (!isNewer(txid, fence) && txid !== fence)
  })
}

/** Rows the scope speaks for that its pull did not list are gone or hidden from the user now: they
 * leave the replica even when another scope (a window pulled a while ago) still holds them. */
async function evictUncovered(db: MooriDB, scope: string, response: PullResponse, pending: PendingMap): Promise<void> {
  const parsed = parseScope(scope)
  if (!parsed) return
  for (const range of parsed.definition.covers(parsed.arg)) {
    const listed = new Set(response.members[serverTableOf[range.table]] ?? [])
    const table = db.table(range.table)
    const local = (range.index === 'id' ? [range.value] : await table.where(range.index).equals(range.value).primaryKeys()) as string[]
    const unlisted = await olderThanPull(db, range.table, local.filter((rowId) => !listed.has(rowId)), response.cursor)
    for (const rowId of unlisted) {
      if (pending.has(`${range.table}:${rowId}`)) continue
      await table.delete(rowId)
      await db.scopeMembers.where('[table+rowId]').equals([range.table, rowId]).delete()
    }
  }
}

/** Applies one realtime event; the row joins the scope whose channel delivered it. */
export async function applyChange(db: MooriDB, scope: string, change: RealtimeChange): Promise<void> {
  const table = localTableOf[change.table]
  await db.transaction('rw', syncTransactionTables(db), async () => {
    const pending = await loadPending(db)
    if (change.eventType === 'DELETE') {
      const id = typeof change.oldRecord.id === 'string' ? change.oldRecord.id : ''
      if (!id || pending.get(`${table}:${id}`)?.fields.size) return
      await db.table(table).delete(id)
      await db.scopeMembers.where('[table+rowId]').equals([table, id]).delete()
      return
    }
    await putServerRows(db, table, [change.record], pending)
    const id = change.record.id
    if (!change.record.deleted_at && typeof id === 'string') await db.scopeMembers.put({ scope, table, rowId: id })
  })
}

/** Drops a scope the device no longer needs, and the rows only it held. */
export async function dropScope(db: MooriDB, scope: string): Promise<void> {
  await db.transaction('rw', syncTransactionTables(db), async () => {
    const pending = await loadPending(db)
    const members = await db.scopeMembers.where('scope').equals(scope).toArray()
    await db.scopeMembers.where('scope').equals(scope).delete()
    for (const m of members) await removeIfUnreferenced(db, m.table, m.rowId, pending)
    await db.scopes.delete(scope)
  })
}
