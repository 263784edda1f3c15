// GET and HEAD on /rest/v1/{table}: one statement that returns the page as JSON text, how many rows it
// holds and, with Prefer: count=..., the total; then PostgREST's statuses and Content-Range, or a single
// object (406 PGRST116 unless exactly one row) for `.single()`.
import type { PGlite } from '@electric-sql/pglite'
import { singularityError } from './errors'
import type { QueryParams } from './queryParams'
import { pathParams } from './queryParams'
import { applyRangeHeader, contentRange, rangeStatus } from './range'
import { ReadBuilder, readSql, tableRelation } from './readBuilder'
import type { PageRow, RestRequest, RestResult } from './restRequest'
import {
  jsonContentType,
  objectContentType,
  pageNumbers,
  runInTransaction,
  singleElement,
} from './restRequest'
import type { SchemaSnapshot, TableInfo } from './schemaCache'
import { SqlParams, qualified } from './sql'
import { appliedPreferences } from './prefer'

/** Applies the Range header to the top-level limit/offset; returns the offset the page starts at. */
export function applyRange(req: RestRequest, query: QueryParams): number {
  const top = pathParams(query, '')
  const paging = applyRangeHeader(req.headers.get('range') ?? undefined, {
    offset: top.offset ?? 0,
    limit: top.limit,
  })
  top.offset = paging.offset === 0 && top.offset === null ? null : paging.offset
  top.limit = paging.limit
  return paging.offset
}

/** Status, Content-Range and body for a page of rows (tables and set-returning functions). */
export function pageResult(req: RestRequest, row: PageRow | undefined, offset: number): RestResult {
  const { total, pageCount } = pageNumbers(row)
  const headers: Record<string, string> = { 'Content-Range': contentRange(offset, pageCount, total) }
  const applied = appliedPreferences(req.prefs, ['count'])
  if (applied && total !== null) headers['Preference-Applied'] = applied
  const status = rangeStatus(offset, pageCount, total)
  const head = req.method === 'HEAD'
  if (req.format === 'object') {
    if (pageCount !== 1) throw singularityError(pageCount)
    headers['Content-Type'] = objectContentType
    return { status: 200, body: head ? null : singleElement(row?.body ?? '[]'), headers }
  }
  headers['Content-Type'] = jsonContentType
  return { status, body: head ? null : (row?.body ?? '[]'), headers }
}

export function wantsCount(req: RestRequest): boolean {
  return req.prefs.count !== null
}

export async function readTable(
  req: RestRequest,
  snapshot: SchemaSnapshot,
  db: PGlite,
  table: TableInfo,
  query: QueryParams,
): Promise<RestResult> {
  const offset = applyRange(req, query)
  const params = new SqlParams()
  const builder = new ReadBuilder(snapshot, params, query)
  const alias = builder.nextAlias()
  const node = builder.buildNode(tableRelation(table), alias, query.select, '')
  builder.checkAllPathsUsed()
  const sql = readSql(node, {
    from: `${qualified(table.schema, table.name)} as ${alias}`,
    where: [...node.where, ...node.inner],
    count: wantsCount(req),
    head: req.method === 'HEAD',
  })
  const compiled = params.compile(sql)
  const result = await runInTransaction(db, req, (tx) => tx.query<PageRow>(compiled.text, compiled.values))
  return pageResult(req, result.rows[0], offset)
}
