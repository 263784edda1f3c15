// Every mutation ends here: inside the mutation's Dexie transaction it appends its server operations to
// the outbox, so the replica change and the queued push commit together or not at all. Position saves
// of an item that is still waiting are folded into the waiting entry: only the latest position is sent.
import type { MooriDB } from '../db'
import type { OutboxEntry, PushOp, RefusalMark, TouchedRow } from '../model/outbox'
import { toServer } from '../model/mapping'
import type { AnyRow, SyncedTable } from '../model/rows'
import { serverTableOf } from '../model/tables'

export interface Change {
  table: SyncedTable
  rowId: string
  fields: string[]
  op: PushOp
  failureMessage: string
  uniqueViolationMessage?: string
  preferServerMessage?: boolean
  /** See `OutboxEntry.onRefused`. */
  onRefused?: RefusalMark
  removes?: boolean
  /** Further rows a batch op changes (see `OutboxEntry.also`). */
  also?: TouchedRow[]
  coalesce?: 'position'
}

/** The change that pushes a row the mutation has just added to the replica, every field of it. */
export function insertChange(table: SyncedTable, row: AnyRow, failureMessage: string): Change {
  return {
    table,
    rowId: row.id,
    fields: Object.keys(row),
    op: { op: 'insert', table: serverTableOf[table], row: toServer(table, row) },
    failureMessage,
  }
}

export function keyOf(table: SyncedTable, rowId: string): string {
  return `${table}:${rowId}`
}

/** Must run inside a rw transaction that includes `db.outbox`. */
export async function enqueue(db: MooriDB, changes: Change[]): Promise<void> {
  const now = Date.now()
  for (const change of changes) {
    const key = keyOf(change.table, change.rowId)
    if (change.coalesce === 'position') {
      // The last entry touching the row, by any of its keys: a move is folded only into a move that
      // nothing else waits behind.
      const last = await db.outbox.where('keys').equals(key).last()
      if (last?.coalesce === 'position' && last.key === key && last.seq !== undefined) {
        await db.outbox.update(last.seq, { op: change.op, rev: last.rev + 1, createdAt: last.createdAt })
        continue
      }
    }
    const entry: OutboxEntry = {
      key,
      keys: [key, ...(change.also ?? []).map((row) => keyOf(row.table, row.rowId))],
      table: change.table,
      rowId: change.rowId,
      fields: change.fields,
      op: change.op,
      failureMessage: change.failureMessage,
      createdAt: now,
      rev: 0,
      attempts: 0,
      ...(change.removes ? { removes: true } : {}),
      ...(change.also?.length ? { also: change.also } : {}),
      ...(change.uniqueViolationMessage ? { uniqueViolationMessage: change.uniqueViolationMessage } : {}),
      ...(change.preferServerMessage ? { preferServerMessage: true } : {}),
      ...(change.onRefused ? { onRefused: change.onRefused } : {}),
      ...(change.coalesce ? { coalesce: change.coalesce } : {}),
    }
    await db.outbox.add(entry)
  }
}
