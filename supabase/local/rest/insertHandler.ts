// POST /rest/v1/{table}: insert one object or an array (only the `columns=` keys when given; with
// `Prefer: missing=default` an absent key takes the column default instead of NULL), and upsert with
// `Prefer: resolution=merge-duplicates|ignore-duplicates` on `on_conflict=` columns (default: the
// primary key). Rows are read from the JSON body by jsonb_populate_record, so Postgres does the typing.
// One insert carries at most StackConfig.maxRowsPerInsert rows.
import type { PGlite } from '@electric-sql/pglite'
import { RestError, invalidBody, payloadTooLarge, unknownColumn, unknownPayloadColumn } from './errors'
import { parseRows } from './jsonBody'
import { runMutation } from './mutation'
import { checkTextValues } from './textValues'
import type { QueryParams } from './queryParams'
import type { RestRequest, RestResult } from './restRequest'
import type { SchemaSnapshot, TableInfo } from './schemaCache'
import { ident, qualified } from './sql'

function sameKeys(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false
  const set = new Set(a)
  return b.every((k) => set.has(k))
}

function insertColumns(table: TableInfo, query: QueryParams, body: string, maxRows: number): string[] {
  const { rows, isArray } = parseRows(body)
  checkTextValues(table, rows)
  if (rows.length > maxRows) {
    throw payloadTooLarge(`Too many rows in one insert: at most ${maxRows}`, `The body holds ${rows.length} rows`)
  }
  let columns: string[]
  if (query.columns) {
    columns = query.columns
  } else {
    columns = rows.length > 0 ? Object.keys(rows[0]!) : []
    if (isArray && !rows.every((r) => sameKeys(Object.keys(r), columns)))
      throw invalidBody('All object keys must match')
  }
  columns = [...new Set(columns)]
  for (const c of columns) if (!table.columns.has(c)) throw unknownPayloadColumn(c, table.name)
  return columns
}

function conflictClause(req: RestRequest, table: TableInfo, query: QueryParams, columns: string[]): string {
  const resolution = req.prefs.resolution
  if (resolution === null) return ''
  const target = query.onConflict ?? table.primaryKey
  for (const c of target) if (!table.columns.has(c)) throw unknownColumn(table.name, c)
  if (target.length === 0) {
    if (resolution === 'ignore-duplicates') return ' on conflict do nothing'
    throw new RestError(400, {
      code: '42P10',
      details: null,
      hint: null,
      message: 'there is no unique or exclusion constraint matching the ON CONFLICT specification',
    })
  }
  const targetSql = `on conflict (${target.map(ident).join(', ')})`
  if (resolution === 'ignore-duplicates' || columns.length === 0) return ` ${targetSql} do nothing`
  return ` ${targetSql} do update set ${columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`
}

export function insertRows(
  req: RestRequest,
  snapshot: SchemaSnapshot,
  db: PGlite,
  table: TableInfo,
  query: QueryParams,
): Promise<RestResult> {
  const columns = insertColumns(table, query, req.body, req.maxInsertRows)
  const target = qualified(table.schema, table.name)
  return runMutation(req, snapshot, db, table, query, ({ alias, params }) => {
    const payload = params.add(req.body)
    const values = columns.map((c) => {
      const value = `"pgrst_body".${ident(c)}`
      const fallback = table.columns.get(c)!.defaultExpr
      if (req.prefs.missing !== 'default' || fallback === null) return value
      return `case when "pgrst_row".j ? ${params.add(c)} then ${value} else ${fallback} end`
    })
    return (
      `insert into ${target} as ${alias} (${columns.map(ident).join(', ')}) ` +
      `select ${values.join(', ')} ` +
      `from jsonb_array_elements(case when jsonb_typeof(${payload}::jsonb) = 'array' then ${payload}::jsonb ` +
      `else jsonb_build_array(${payload}::jsonb) end) with ordinality as "pgrst_row"(j, n) ` +
      `cross join lateral jsonb_populate_record(null::${target}, "pgrst_row".j) as "pgrst_body" ` +
      `order by "pgrst_row".n` +
      conflictClause(req, table, query, columns)
    )
  })
}
