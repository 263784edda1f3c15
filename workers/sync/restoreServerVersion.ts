// After the server refuses a change, the replica must show what the server has: its version of the
// row merged with whatever else is still pending, or no row at all when the server has none. A screen may
// also ask for a row again (the outfit job's status poll): that read takes the same path into the replica,
// so `reconcile` alone decides whether it is newer.
import type { MooriDB } from '@/data/db'
import type { SyncedTable } from '@/data/model/rows'
import { serverTableOf } from '@/data/model/tables'
import { isSyncError } from './classifyError'
import { applyServerRows } from './applyToReplica'
import type { SyncTransport } from './transport'

export async function restoreServerVersion(
  db: MooriDB,
  transport: SyncTransport,
  table: SyncedTable,
  rowId: string,
): Promise<void> {
  const serverTable = serverTableOf[table]
  let row: Record<string, unknown> | null
  try {
    row = await transport.fetchRow(serverTable, rowId)
  } catch (error) {
    // Offline right now: the next pull of the row's scope puts the server's version back.
    if (isSyncError(error)) return
    throw error
  }
  if (row) {
    await applyServerRows(db, { [serverTable]: [row] })
    return
  }
  const stillPending = await db.outbox.where('keys').equals(`${table}:${rowId}`).count()
  if (stillPending === 0) await db.table(table).delete(rowId)
}

/**
 * Reads one row again and stores the server's version through `reconcile` (an older version never
 * replaces a newer one). A row the server does not show stays as it is; offline, nothing happens.
 */
export async function refreshServerRow(db: MooriDB, transport: SyncTransport, table: SyncedTable, rowId: string): Promise<void> {
  const serverTable = serverTableOf[table]
  try {
    const row = await transport.fetchRow(serverTable, rowId)
    if (row) await applyServerRows(db, { [serverTable]: [row] })
  } catch (error) {
    if (isSyncError(error)) return
    throw error
  }
}

/** Re-reads rows marked stale whose waiting changes have all been pushed; offline, they stay marked. */
export async function refreshStaleRows(db: MooriDB, transport: SyncTransport): Promise<void> {
  for (const stale of await db.staleRows.toArray()) {
    if ((await db.outbox.where('keys').equals(stale.key).count()) > 0) continue
    try {
      const row = await transport.fetchRow(serverTableOf[stale.table], stale.rowId)
      if (row) await applyServerRows(db, { [serverTableOf[stale.table]]: [row] })
      else if ((await db.outbox.where('keys').equals(stale.key).count()) === 0) await db.table(stale.table).delete(stale.rowId)
      await db.staleRows.delete(stale.key)
    } catch (error) {
      if (isSyncError(error)) return
      throw error
    }
  }
}
