// snake_case server rows ⇄ camelCase replica rows. Only known columns cross; a deleted server row maps
// to a tombstone so the caller can remove it from the replica.
import type { AnyRow, SyncedRows, SyncedTable } from './rows'
import { serverColumns, serverTableOf } from './tables'

export const camel = (name: string): string => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
export const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

export type Mapped<T extends SyncedTable> = { kind: 'row'; row: SyncedRows[T] } | { kind: 'tombstone'; id: string }

export function fromServer<T extends SyncedTable>(table: T, server: Record<string, unknown>): Mapped<T> {
  const id = String(server.id)
  if (server.deleted_at) return { kind: 'tombstone', id }
  const row: Record<string, unknown> = {}
  for (const column of serverColumns[serverTableOf[table]]) {
    if (column in server) row[camel(column)] = server[column]
  }
  row.id = id
  if (typeof row.txid !== 'string') row.txid = typeof row.txid === 'number' ? String(row.txid) : ''
  if (table === 'profiles') row.usernameLower = typeof row.username === 'string' ? row.username.toLowerCase() : ''
  if ('timestamp' in row) row.timestamp = Number(row.timestamp)
  return { kind: 'row', row: row as unknown as SyncedRows[T] }
}

/** The server payload for a replica row, limited to `fields` when given (an update's patch). */
export function toServer(table: SyncedTable, row: Partial<AnyRow>, fields?: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const allowed = new Set(serverColumns[serverTableOf[table]])
  const source = row as Record<string, unknown>
  for (const field of fields ?? Object.keys(source)) {
    const column = snake(field)
    if (!allowed.has(column) || column === 'txid' || column === 'updated_at') continue
    if (field in source) out[column] = source[field]
  }
  return out
}
