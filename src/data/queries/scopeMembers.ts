// The rows a scope holds on the device, read through its membership (what its last pull and its live
// changes put there) instead of scanning a whole table: a window scope's rows are exactly the ones the
// server said the user may see in it. For use inside a hook's live query.
import type { MooriDB } from '../db'
import type { SyncedRows, SyncedTable } from '../model/rows'
import type { ScopeKey } from '../model/scopes'

/** IndexedDB's lowest and highest keys (Dexie.minKey and maxKey), written here so that the first screen's
 * queries do not import Dexie: a number below every other key, and an array above every string. */
const MIN_KEY = -Infinity
const MAX_KEY = [[]]

export async function scopeRows<T extends SyncedTable>(db: MooriDB, scope: ScopeKey, table: T): Promise<Array<SyncedRows[T]>> {
  const keys = await db.scopeMembers
    .where('[scope+table+rowId]')
    .between([scope, table, MIN_KEY], [scope, table, MAX_KEY])
    .primaryKeys()
  const rows = (await db.table(table).bulkGet(keys.map(([, , rowId]) => rowId))) as Array<SyncedRows[T] | undefined>
  return rows.filter((row): row is SyncedRows[T] => row !== undefined)
}

/** Which of these `bucket/path` images still wait on the device for their upload. Keys only: reading the
 * rows would bring every waiting photo's Blob back to the main thread on each run. */
export async function pendingImages(db: MooriDB, paths: Array<string | null>): Promise<Set<string>> {
  const wanted = [...new Set(paths.filter((p): p is string => Boolean(p)))]
  if (wanted.length === 0) return new Set()
  return new Set(await db.pendingUploads.where(':id').anyOf(wanted).primaryKeys())
}
