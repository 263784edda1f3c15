// After the server refuses a change, the replica must show what the server has: its version of each
// row the change touched, merged with whatever else is still pending, or no row at all when the server
// has none. A screen may also ask for a row again (the outfit job's status poll): that read takes the
// same path into the replica, so `reconcile` alone decides whether it is newer.
import type { MooriDB } from '@/data/db'
import type { SyncedTable } from '@/data/model/rows'
import { serverTableOf } from '@/data/model/tables'
import { isSyncError, type SyncError } from './classifyError'
import { applyServerRows } from './applyToReplica'
import { FETCH_ROWS_MAX, type SyncTransport } from './transport'

/**
 * Puts the server's versions of rows back after a refusal (every row a refused batch touched): read per
 * table, `FETCH_ROWS_MAX` ids a request; a row the server does not show leaves the replica unless a
 * change to it still waits. A read that fails (offline, a 500) marks the rows not yet read stale, so the
 * push run reads them again (`refreshStaleRows`) until it gets them: no pull sends a refused change's
 * row again unless it changes on the server, so the replica kept the refused value.
 */
export async function restoreServerVersions(
  db: MooriDB,
  transport: SyncTransport,
  rows: Array<{ table: SyncedTable; rowId: string }>,
): Promise<void> {
  const byTable = new Map<SyncedTable, string[]>()
  for (const row of rows) byTable.set(row.table, [...(byTable.get(row.table) ?? []), row.rowId])
  const tables = [...byTable]
  for (const [t, [table, ids]] of tables.entries()) {
    const serverTable = serverTableOf[table]
    for (let start = 0; start < ids.length; start += FETCH_ROWS_MAX) {
      const chunk = ids.slice(start, start + FETCH_ROWS_MAX)
      let found: Array<Record<string, unknown>>
      try {
        found = await transport.fetchRows(serverTable, chunk)
      } catch (error) {
        if (!isSyncError(error)) throw error
        const unread = [[table, ids.slice(start)] as const, ...tables.slice(t + 1)]
        await db.staleRows.bulkPut(unread.flatMap(([tab, rest]) => rest.map((rowId) => ({ key: `${tab}:${rowId}`, table: tab, rowId }))))
        return
      }
      if (found.length > 0) await applyServerRows(db, { [serverTable]: found })
      const shown = new Set(found.map((row) => row.id))
      for (const rowId of chunk) {
        if (shown.has(rowId)) continue
        const stillPending = await db.outbox.where('keys').equals(`${table}:${rowId}`).count()
        if (stillPending === 0) await db.table(table).delete(rowId)
      }
    }
  }
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

/**
 * Re-reads rows marked stale whose waiting changes have all been pushed. A read that fails (offline, a
 * 500) leaves its row, and those after it, marked, and is returned so the caller tries again: no pull
 * will send that server version again (the scope's cursor has passed it). Null once all were read.
 */
export async function refreshStaleRows(db: MooriDB, transport: SyncTransport): Promise<SyncError | null> {
  for (const stale of await db.staleRows.toArray()) {
    if ((await db.outbox.where('keys').equals(stale.key).count()) > 0) continue
    try {
      const row = await transport.fetchRow(serverTableOf[stale.table], stale.rowId)
      if (row) await applyServerRows(db, { [serverTableOf[stale.table]]: [row] })
      else if ((await db.outbox.where('keys').equals(stale.key).count()) === 0) await db.table(stale.table).delete(stale.rowId)
      await db.staleRows.delete(stale.key)
    } catch (error) {
      if (!isSyncError(error)) throw error
      // A refusal will not change by asking again: the mark goes, and the next change to the row brings
      // its version. Anything else (offline, a 500, an expired token) is tried again.
      if (error.kind === 'permanent') await db.staleRows.delete(stale.key)
      else return error
    }
  }
  return null
}
