// The `config.postgres_changes` entries of a join, checked against the published tables and turned
// into bindings with the integer ids the join reply carries. realtime-js matches the reply to its own
// bindings by index and by exact event/schema/table/filter, so each entry is echoed verbatim.
import type { ChangeType } from './changeCapture'
import type { FilterCondition } from './postgresFilter'
import { FilterError, checkFilterTypes, matchesFilter, parseFilter } from './postgresFilter'
import type { PublishedTable } from './publishedTables'

export interface PostgresBinding {
  id: number
  /** The client's entry as sent; the join reply returns it with `id` added. */
  echo: Record<string, unknown>
  event: '*' | ChangeType
  /** A schema name or `*`. */
  schema: string
  /** A table name, or null for every published table of the schema. */
  table: string | null
  conditions: FilterCondition[]
  /** Columns to send (`select`), or null for the whole row. */
  select: string[] | null
}

export class BindingError extends Error {}

const events: ReadonlySet<string> = new Set(['*', 'INSERT', 'UPDATE', 'DELETE'])

function describe(entry: Record<string, unknown>): string {
  return JSON.stringify({
    event: entry.event,
    schema: entry.schema,
    table: entry.table,
    filter: entry.filter,
  })
}

function optionalString(entry: Record<string, unknown>, key: string): string | null {
  const value = entry[key]
  if (value === undefined || value === null) return null
  if (typeof value !== 'string')
    throw new BindingError(`postgres_changes ${key} must be a string in ${describe(entry)}`)
  return value
}

function parseOne(raw: unknown, tables: ReadonlyMap<string, PublishedTable>, id: number): PostgresBinding {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new BindingError('each postgres_changes entry must be an object')
  }
  const entry = raw as Record<string, unknown>
  const event = optionalString(entry, 'event')
  if (event === null || !events.has(event.toUpperCase())) {
    throw new BindingError(`postgres_changes event must be *, INSERT, UPDATE or DELETE in ${describe(entry)}`)
  }
  const schema = optionalString(entry, 'schema')
  if (schema === null || schema === '')
    throw new BindingError(`postgres_changes needs a schema in ${describe(entry)}`)
  const tableName = optionalString(entry, 'table')
  const table = tableName === null || tableName === '' || tableName === '*' ? null : tableName
  const matching = [...tables.values()].filter(
    (t) => (schema === '*' || t.schema === schema) && (table === null || t.table === table),
  )
  if (matching.length === 0) {
    throw new BindingError(
      `Unable to subscribe to changes with given parameters: ${describe(entry)} matches no table of the supabase_realtime publication`,
    )
  }
  const columnType = (name: string) => matching.find((t) => t.columnType.has(name))?.columnType.get(name)
  let conditions: FilterCondition[]
  try {
    conditions = parseFilter(optionalString(entry, 'filter') ?? '')
    checkFilterTypes(conditions, columnType)
  } catch (error) {
    if (error instanceof FilterError)
      throw new BindingError(`Invalid filter in ${describe(entry)}: ${error.message}`)
    throw error
  }
  let select: string[] | null = null
  if (entry.select !== undefined && entry.select !== null) {
    const columns = entry.select
    if (!Array.isArray(columns) || !columns.every((c): c is string => typeof c === 'string')) {
      throw new BindingError(`postgres_changes select must be a list of column names in ${describe(entry)}`)
    }
    const unknown = columns.find((c) => columnType(c) === undefined)
    if (unknown !== undefined)
      throw new BindingError(`select: column "${unknown}" does not exist in ${describe(entry)}`)
    select = columns
  }
  return {
    id,
    echo: entry,
    event: event.toUpperCase() as PostgresBinding['event'],
    schema,
    table,
    conditions,
    select,
  }
}

/** Parses the join's entries, in order; throws BindingError with a reason for the reply. */
export function parseBindings(
  raw: unknown,
  tables: ReadonlyMap<string, PublishedTable>,
  nextId: () => number,
): PostgresBinding[] {
  if (raw === undefined || raw === null) return []
  if (!Array.isArray(raw)) throw new BindingError('config.postgres_changes must be a list')
  return raw.map((entry) => parseOne(entry, tables, nextId()))
}

/** Whether a committed change is one this binding asked for (its filter is read on the new row). */
export function bindingMatches(
  binding: PostgresBinding,
  type: ChangeType,
  table: PublishedTable,
  record: Record<string, unknown> | null,
): boolean {
  if (binding.event !== '*' && binding.event !== type) return false
  if (binding.schema !== '*' && binding.schema !== table.schema) return false
  if (binding.table !== null && binding.table !== table.table) return false
  if (binding.conditions.length === 0 || type === 'DELETE') return true
  if (record === null) return false
  const columnType = (name: string) => table.columnType.get(name)
  return (
    binding.conditions.every((c) => table.columnType.has(c.column)) &&
    matchesFilter(binding.conditions, record, columnType)
  )
}
