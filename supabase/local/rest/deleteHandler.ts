// DELETE /rest/v1/{table}?filters: removes what the filters and row-level security select. supabase-js
// sends `Content-Type: application/json` without a body; that is fine here.
import type { PGlite } from '@electric-sql/pglite'
import { runMutation } from './mutation'
import type { QueryParams } from './queryParams'
import type { RestRequest, RestResult } from './restRequest'
import type { SchemaSnapshot, TableInfo } from './schemaCache'
import { qualified } from './sql'
import { mutationWhere } from './updateHandler'

export function deleteRows(
  req: RestRequest,
  snapshot: SchemaSnapshot,
  db: PGlite,
  table: TableInfo,
  query: QueryParams,
): Promise<RestResult> {
  return runMutation(
    req,
    snapshot,
    db,
    table,
    query,
    (dml) => `delete from ${qualified(table.schema, table.name)} as ${dml.alias}${mutationWhere(table, dml)}`,
  )
}
