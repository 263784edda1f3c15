// PATCH /rest/v1/{table}?filters: sets the body's keys on every row the filters (and row-level security)
// select; `limit`/`order` restrict it to some of them, as PostgREST's limited updates do.
import type { PGlite } from '@electric-sql/pglite'
import { invalidBody, unknownPayloadColumn } from './errors'
import { isJsonObject, parseJsonBody } from './jsonBody'
import type { DmlContext } from './mutation'
import { runMutation } from './mutation'
import { checkTextValues } from './textValues'
import type { QueryParams } from './queryParams'
import { pagingSql, whereSql } from './readBuilder'
import type { RestRequest, RestResult } from './restRequest'
import type { SchemaSnapshot, TableInfo } from './schemaCache'
import { ident, qualified } from './sql'

/** The WHERE of an UPDATE/DELETE: the filters, or the ctids of the first `limit` rows they select. */
export function mutationWhere(table: TableInfo, { node, alias }: DmlContext): string {
  if (node.limit === null && node.offset === null) return whereSql(node.where)
  const inner = `select ${alias}.ctid from ${qualified(table.schema, table.name)} as ${alias}${whereSql(node.where)}${pagingSql(node)}`
  return ` where ${alias}.ctid = any(array(${inner}))`
}

export function updateRows(
  req: RestRequest,
  snapshot: SchemaSnapshot,
  db: PGlite,
  table: TableInfo,
  query: QueryParams,
): Promise<RestResult> {
  const body = parseJsonBody(req.body)
  if (!isJsonObject(body)) throw invalidBody()
  checkTextValues(table, [body])
  const columns = [...new Set(query.columns ?? Object.keys(body))]
  for (const c of columns) if (!table.columns.has(c)) throw unknownPayloadColumn(c, table.name)
  const target = qualified(table.schema, table.name)
  return runMutation(req, snapshot, db, table, query, (dml) => {
    const where = mutationWhere(table, dml)
    if (columns.length === 0) {
      // Nothing to set: PostgREST answers without updating anything.
      const first = ident(table.columnList[0]?.name ?? 'id')
      return `update ${target} as ${dml.alias} set ${first} = ${dml.alias}.${first}${where ? `${where} and false` : ' where false'}`
    }
    const payload = dml.params.add(req.body)
    const sets = columns.map((c) => `${ident(c)} = "pgrst_body".${ident(c)}`).join(', ')
    return `update ${target} as ${dml.alias} set ${sets} from jsonb_populate_record(null::${target}, ${payload}::jsonb) as "pgrst_body"${where}`
  })
}
