// list(): the direct children of a prefix, as storage's search() function returns them: sub-folders
// first (every other field null), then objects, sorted and paged together. Runs as the caller, so a
// folder shows only when it holds an object the caller may see.
import { asRole } from '../db/asRole'
import { requireBucket } from './bucketRules'
import { callerAuth } from './callerAuth'
import { jsonBody } from './jsonBody'
import { bucketNameFromSegment } from './objectKey'
import type { RouteHandler } from './storageRouter'
import { storageErrors } from './storageError'

const sortColumns: ReadonlySet<string> = new Set(['name', 'created_at', 'updated_at', 'last_accessed_at'])

function intIn(value: unknown, fallback: number, field: string, max: number): number {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw storageErrors.invalidRequest(`${field} must be a non-negative integer`)
  }
  return Math.min(value, max)
}

function sortOf(value: unknown): { column: string; order: 'asc' | 'desc' } {
  const sortBy = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  const column = sortBy.column ?? 'name'
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc'
  if (typeof column !== 'string' || !sortColumns.has(column)) {
    throw storageErrors.invalidRequest(
      'sortBy.column must be name, created_at, updated_at or last_accessed_at',
    )
  }
  if (order !== 'asc' && order !== 'desc')
    throw storageErrors.invalidRequest('sortBy.order must be asc or desc')
  return { column, order }
}

function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

export const listRoute: RouteHandler = async (ctx, c, match) => {
  const auth = await callerAuth(ctx, c)
  const bucketId = bucketNameFromSegment(match.params.bucket!)
  const body = await jsonBody(c)
  if (body.prefix !== undefined && typeof body.prefix !== 'string') {
    throw storageErrors.invalidRequest('prefix must be a string')
  }
  if (body.search !== undefined && typeof body.search !== 'string') {
    throw storageErrors.invalidRequest('search must be a string')
  }
  const search = body.search ?? ''
  const prefix = (body.prefix ?? '').replace(/^\/+|\/+$/g, '')
  const limit = intIn(body.limit, 100, 'limit', 10_000)
  const offset = intIn(body.offset, 0, 'offset', Number.MAX_SAFE_INTEGER)
  const { column, order } = sortOf(body.sortBy)
  await requireBucket(ctx.db, bucketId)

  // column and order come from the allow-lists above; every value is a bound parameter.
  const sql = `
    with children as (
      select split_part(rest, '/', 1) as child, strpos(rest, '/') > 0 as is_folder,
             id, updated_at, created_at, last_accessed_at, metadata
        from (select o.*, substr(o.name, char_length($2::text) + 1) as rest
                from storage.objects o
               where o.bucket_id = $1 and left(o.name, char_length($2::text)) = $2::text) visible
       where split_part(rest, '/', 1) ilike $3 escape '\\'
    )
    select name, id, updated_at, created_at, last_accessed_at, metadata
      from (select child as name, null::uuid as id, null::timestamptz as updated_at,
                   null::timestamptz as created_at, null::timestamptz as last_accessed_at,
                   null::jsonb as metadata, 0 as kind
              from children where is_folder group by child
            union all
            select child, id, updated_at, created_at, last_accessed_at, metadata, 1
              from children where not is_folder) entries
     order by kind, ${column} ${order} nulls last, name ${order}
     limit $4 offset $5`
  const rows = await asRole(ctx.db, auth, async (tx) => {
    const result = await tx.query(sql, [
      bucketId,
      prefix === '' ? '' : `${prefix}/`,
      likePrefix(search),
      limit,
      offset,
    ])
    return result.rows
  })
  return c.json(rows)
}
