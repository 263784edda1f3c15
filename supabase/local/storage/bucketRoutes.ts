// Bucket routes. Everything runs as the caller against storage.buckets, whose row-level security has
// no policies: the service role manages buckets, users and visitors see none and change none (a write
// that touches no row of an existing bucket is reported as access denied).
import type { Context } from 'hono'
import type { StackContext } from '../context'
import { asRole } from '../db/asRole'
import {
  bucketColumns,
  loadBucket,
  parseAllowedMimeTypes,
  parseFileSizeLimit,
  requireBucket,
  type BucketRow,
} from './bucketRules'
import { callerAuth, callerUserId } from './callerAuth'
import { asRoleWithFiles } from './fileChanges'
import { jsonBody } from './jsonBody'
import { bucketNameFromSegment, isValidBucketName } from './objectKey'
import { bucketDir, scratchDir } from './objectFiles'
import { deleteObjects } from './removeObjects'
import type { RouteHandler } from './storageRouter'
import { storageErrors, toStorageError } from './storageError'

/** Names that would be read as a route segment under /object/. */
const reservedBucketNames: ReadonlySet<string> = new Set([
  'list',
  'list-v2',
  'sign',
  'public',
  'authenticated',
  'info',
  'move',
  'copy',
  'upload',
])
const bucketSortColumns: ReadonlySet<string> = new Set(['id', 'name', 'created_at', 'updated_at'])

function bucketJson(row: BucketRow) {
  return { ...row, type: 'STANDARD' }
}

function queryInt(c: Context, name: string, fallback: number): number {
  const raw = c.req.query(name)
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0)
    throw storageErrors.invalidRequest(`${name} must be a non-negative integer`)
  return value
}

/** After a write that changed no row: the bucket is missing, or the caller may not change it. */
async function refusedWrite(ctx: StackContext, id: string): Promise<never> {
  await requireBucket(ctx.db, id)
  throw storageErrors.accessDenied()
}

export const listBucketsRoute: RouteHandler = async (ctx, c) => {
  const auth = await callerAuth(ctx, c)
  const column = c.req.query('sortColumn') ?? 'name'
  const order = (c.req.query('sortOrder') ?? 'asc').toLowerCase()
  if (!bucketSortColumns.has(column) || (order !== 'asc' && order !== 'desc')) {
    throw storageErrors.invalidRequest(
      'sortColumn must be id, name, created_at or updated_at; sortOrder asc or desc',
    )
  }
  const search = (c.req.query('search') ?? '').replace(/[\\%_]/g, (ch) => `\\${ch}`)
  const rows = await asRole(ctx.db, auth, async (tx) => {
    const result = await tx.query<BucketRow>(
      `select ${bucketColumns} from storage.buckets where name ilike $1 escape '\\'
        order by ${column} ${order} limit $2 offset $3`,
      [`%${search}%`, queryInt(c, 'limit', 1000), queryInt(c, 'offset', 0)],
    )
    return result.rows
  })
  return c.json(rows.map(bucketJson))
}

export const getBucketRoute: RouteHandler = async (ctx, c, match) => {
  const auth = await callerAuth(ctx, c)
  const id = bucketNameFromSegment(match.params.id!)
  const row = await asRole(ctx.db, auth, (tx) => loadBucket(tx, id))
  if (!row) throw storageErrors.noSuchBucket()
  return c.json(bucketJson(row))
}

export const createBucketRoute: RouteHandler = async (ctx, c) => {
  const auth = await callerAuth(ctx, c)
  const body = await jsonBody(c)
  const id = body.id ?? body.name
  if (typeof id !== 'string' || !isValidBucketName(id) || reservedBucketNames.has(id)) {
    throw storageErrors.invalidBucketName(String(id))
  }
  if (body.public !== undefined && typeof body.public !== 'boolean') {
    throw storageErrors.invalidRequest('public must be a boolean')
  }
  const owner = callerUserId(auth)
  try {
    await asRole(ctx.db, auth, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $1, $2::uuid, $3, $4, $5, $6::text[])`,
        [
          id,
          owner,
          owner,
          body.public ?? false,
          parseFileSizeLimit(body.file_size_limit) ?? null,
          parseAllowedMimeTypes(body.allowed_mime_types) ?? null,
        ],
      ),
    )
  } catch (error) {
    const mapped = toStorageError(error)
    throw mapped.body.code === 'KeyAlreadyExists' ? storageErrors.bucketExists() : mapped
  }
  return c.json({ name: id })
}

export const updateBucketRoute: RouteHandler = async (ctx, c, match) => {
  const auth = await callerAuth(ctx, c)
  const id = bucketNameFromSegment(match.params.id!)
  const body = await jsonBody(c)
  // Only the settings present in the body change; column names are fixed here, values are bound.
  const sets: string[] = []
  const values: unknown[] = [id]
  const set = (column: string, value: unknown, cast = '') => {
    values.push(value)
    sets.push(`${column} = $${values.length}${cast}`)
  }
  if (body.public !== undefined) {
    if (typeof body.public !== 'boolean') throw storageErrors.invalidRequest('public must be a boolean')
    set('public', body.public)
  }
  const sizeLimit = parseFileSizeLimit(body.file_size_limit)
  if (sizeLimit !== undefined) set('file_size_limit', sizeLimit)
  const mimeTypes = parseAllowedMimeTypes(body.allowed_mime_types)
  if (mimeTypes !== undefined) set('allowed_mime_types', mimeTypes, '::text[]')
  const updated = await asRole(ctx.db, auth, async (tx) => {
    const result = await tx.query(
      `update storage.buckets set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 returning id`,
      values,
    )
    return result.rows.length
  })
  if (updated === 0) await refusedWrite(ctx, id)
  return c.json({ message: 'Successfully updated' })
}

export const deleteBucketRoute: RouteHandler = async (ctx, c, match) => {
  const auth = await callerAuth(ctx, c)
  const id = bucketNameFromSegment(match.params.id!)
  const dir = bucketDir(ctx.storageRoot, id)
  let deleted: number
  try {
    deleted = await asRoleWithFiles(ctx.db, auth, scratchDir(ctx.storageRoot), async (tx, files) => {
      const { rows } = await tx.query('delete from storage.buckets where id = $1 returning id', [id])
      if (rows.length > 0) await files.removeDir(dir)
      return rows.length
    })
  } catch (error) {
    // The objects' foreign key sees every object, including those the caller may not see.
    const mapped = toStorageError(error)
    throw mapped.body.code === 'NoSuchBucket' ? storageErrors.bucketNotEmpty() : mapped
  }
  if (deleted === 0) await refusedWrite(ctx, id)
  await ctx.renders.forgetBucket(id)
  return c.json({ message: 'Successfully deleted' })
}

export const emptyBucketRoute: RouteHandler = async (ctx, c, match) => {
  const auth = await callerAuth(ctx, c)
  const id = bucketNameFromSegment(match.params.id!)
  await requireBucket(ctx.db, id)
  const visible = await asRole(ctx.db, auth, (tx) => loadBucket(tx, id))
  if (!visible) throw storageErrors.accessDenied()
  await deleteObjects(ctx, auth, id, null)
  return c.json({ message: 'Successfully emptied' })
}
