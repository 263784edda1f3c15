// What INSERT, UPDATE and DELETE share: the statement runs as a CTE (`with pgrst_source as (... returning
// ...)`) and the representation is read from it with the same select/embed builder as GET, all in one
// statement and one transaction. A broken promise (`.single()` on 0 or 2 rows, max-affected exceeded)
// rolls the transaction back, as PostgREST does; `Prefer: tx=rollback` answers and then rolls back.
import type { PGlite } from '@electric-sql/pglite'
import { maxAffectedExceeded, singularityError } from './errors'
import { appliedPreferences } from './prefer'
import type { QueryParams } from './queryParams'
import { contentRange } from './range'
import type { BuiltNode } from './readBuilder'
import { ReadBuilder, readSql, tableRelation } from './readBuilder'
import type { PageRow, RestRequest, RestResult } from './restRequest'
import {
  RollbackWith,
  jsonContentType,
  objectContentType,
  pageNumbers,
  runInTransaction,
  singleElement,
} from './restRequest'
import type { SchemaSnapshot, TableInfo } from './schemaCache'
import { SqlParams, ident } from './sql'

export interface DmlContext {
  node: BuiltNode
  alias: string
  params: SqlParams
}

function locationOf(table: TableInfo, body: string | null): string | null {
  if (!body || table.primaryKey.length === 0) return null
  const rows = JSON.parse(body) as Array<Record<string, unknown>>
  if (rows.length !== 1) return null
  const row = rows[0]!
  const filters = table.primaryKey.map(
    (k) =>
      `${encodeURIComponent(k)}=eq.${encodeURIComponent(typeof row[k] === 'string' ? row[k] : JSON.stringify(row[k] ?? null))}`,
  )
  return `/${encodeURIComponent(table.name)}?${filters.join('&')}`
}

/**
 * Runs `dml` (built from the parsed request) and answers the way PostgREST does for `req.method`.
 */
export async function runMutation(
  req: RestRequest,
  snapshot: SchemaSnapshot,
  db: PGlite,
  table: TableInfo,
  query: QueryParams,
  buildDml: (dml: DmlContext) => string,
): Promise<RestResult> {
  const params = new SqlParams()
  const builder = new ReadBuilder(snapshot, params, query)
  const alias = builder.nextAlias()
  const node = builder.buildNode(tableRelation(table), alias, query.select, '')
  builder.checkAllPathsUsed()
  const dml = buildDml({ node, alias, params })

  const isInsert = req.method === 'POST'
  const mode = req.prefs.return ?? 'minimal'
  const headersOnly = mode === 'headers-only' && isInsert
  const counting = req.prefs.count !== null
  let sql: string
  if (mode === 'representation' || headersOnly) {
    const shown: BuiltNode = { ...node, limit: null, offset: null }
    if (headersOnly) shown.columns = table.primaryKey.map((k) => ({ expr: `${alias}.${ident(k)}`, key: k }))
    sql =
      `with "pgrst_source" as (${dml} returning ${alias}.*) ` +
      readSql(shown, {
        from: `"pgrst_source" as ${alias}`,
        where: node.inner,
        count: false,
        head: false,
        totalSql: '(select count(*) from "pgrst_source")',
      })
  } else {
    sql = `with "pgrst_source" as (${dml} returning 1) select count(*) as total, count(*) as page_count, null as body from "pgrst_source"`
  }

  const compiled = params.compile(sql)
  const work = async (): Promise<RestResult> =>
    runInTransaction(db, req, async (tx) => {
      const row = (await tx.query<PageRow>(compiled.text, compiled.values)).rows[0]
      const { total, pageCount } = pageNumbers(row)
      const affected = total ?? pageCount
      if (
        req.prefs.handling === 'strict' &&
        req.prefs.maxAffected !== null &&
        affected > req.prefs.maxAffected
      ) {
        throw maxAffectedExceeded(affected)
      }
      if (req.format === 'object' && affected !== 1) throw singularityError(affected)
      const result = respond(
        req,
        table,
        mode === 'representation',
        headersOnly,
        row?.body ?? null,
        affected,
        pageCount,
        counting,
      )
      if (req.prefs.tx === 'rollback') throw new RollbackWith(result)
      return result
    })
  try {
    return await work()
  } catch (error) {
    if (error instanceof RollbackWith) return error.result
    throw error
  }
}

function respond(
  req: RestRequest,
  table: TableInfo,
  representation: boolean,
  headersOnly: boolean,
  body: string | null,
  affected: number,
  pageCount: number,
  counting: boolean,
): RestResult {
  const headers: Record<string, string> = {
    'Content-Range': representation
      ? contentRange(0, pageCount, counting ? affected : null)
      : `*/${counting ? affected : '*'}`,
  }
  const applied = appliedPreferences(req.prefs, ['return', 'resolution', 'missing', 'count', 'tx'])
  if (applied) headers['Preference-Applied'] = applied
  const created = req.method === 'POST'
  if (headersOnly) {
    const location = locationOf(table, body)
    if (location) headers.Location = location
    return { status: 201, body: null, headers }
  }
  if (!representation) return { status: created ? 201 : 204, body: null, headers }
  if (req.format === 'object') {
    headers['Content-Type'] = objectContentType
    return { status: created ? 201 : 200, body: singleElement(body ?? '[]'), headers }
  }
  headers['Content-Type'] = jsonContentType
  return { status: created ? 201 : 200, body: body ?? '[]', headers }
}
