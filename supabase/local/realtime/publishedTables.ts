// What Realtime knows about the tables of the `supabase_realtime` publication: their columns with
// Postgres type names (sent as `columns` in every event, and used to compare filter values), their
// primary key (sent as `old_record`, used for the row-level security check) and which API roles
// hold SELECT on them. Read from the catalog when Realtime attaches.
import type { PGlite } from '@electric-sql/pglite'
import type { ApiRole } from '../db/asRole'

export const PUBLICATION = 'supabase_realtime'

interface Column {
  name: string
  type: string
}

export interface PublishedTable {
  schema: string
  table: string
  /** `"schema"."table"`, quoted for SQL. */
  qualified: string
  columns: Column[]
  columnType: Map<string, string>
  primaryKey: string[]
  /** API roles with table-level SELECT; row-level security is checked per change on top. */
  selectableBy: ReadonlySet<ApiRole>
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

interface ColumnRow {
  schema: string
  table: string
  name: string
  type: string
  pk_position: number | null
  anon: boolean
  authenticated: boolean
  service_role: boolean
}

export async function loadPublishedTables(db: PGlite): Promise<Map<string, PublishedTable>> {
  const { rows } = await db.query<ColumnRow>(
    `select pt.schemaname as schema, pt.tablename as table, a.attname as name, t.typname as type,
            array_position(pk.indkey::int2[], a.attnum) as pk_position,
            has_table_privilege('anon', c.oid, 'SELECT') as anon,
            has_table_privilege('authenticated', c.oid, 'SELECT') as authenticated,
            has_table_privilege('service_role', c.oid, 'SELECT') as service_role
       from pg_publication_tables pt
       join pg_namespace n on n.nspname = pt.schemaname
       join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_index pk on pk.indrelid = c.oid and pk.indisprimary
      where pt.pubname = $1
      order by pt.schemaname, pt.tablename, a.attnum`,
    [PUBLICATION],
  )
  const tables = new Map<string, PublishedTable>()
  const keyPositions = new Map<string, Array<[number, string]>>()
  for (const row of rows) {
    const key = tableKey(row.schema, row.table)
    let entry = tables.get(key)
    if (!entry) {
      const roles = (['anon', 'authenticated', 'service_role'] as const).filter((r) => row[r])
      entry = {
        schema: row.schema,
        table: row.table,
        qualified: `${quoteIdent(row.schema)}.${quoteIdent(row.table)}`,
        columns: [],
        columnType: new Map(),
        primaryKey: [],
        selectableBy: new Set(roles),
      }
      tables.set(key, entry)
      keyPositions.set(key, [])
    }
    entry.columns.push({ name: row.name, type: row.type })
    entry.columnType.set(row.name, row.type)
    if (row.pk_position !== null) keyPositions.get(key)!.push([row.pk_position, row.name])
  }
  for (const [key, positions] of keyPositions) {
    tables.get(key)!.primaryKey = positions.sort((a, b) => a[0] - b[0]).map(([, name]) => name)
  }
  return tables
}

export function tableKey(schema: string, table: string): string {
  return `${schema}.${table}`
}
