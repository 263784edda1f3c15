// Object routes that act on one object named in the URL: upload, download (as the caller, or public),
// info and delete. Reads and deletes run as the caller, so an object the policies hide is simply not
// found; a missing bucket is reported as such. An object deleted or replaced takes its renders along.
import { asRole, type RequestAuth } from '../db/asRole'
import type { StackContext } from '../context'
import { loadBucket, requireBucket } from './bucketRules'
import { callerAuth } from './callerAuth'
import { asRoleWithFiles } from './fileChanges'
import { bucketNameFromSegment, objectNameFromSegments } from './objectKey'
import { bucketDir, objectFilePath, scratchDir } from './objectFiles'
import { objectColumns, objectInfoJson, selectObject, type ObjectRow } from './objectRows'
import type { RouteHandler, RouteMatch } from './storageRouter'
import { serveObject } from './serveObject'
import { storageErrors } from './storageError'
import { uploadObject } from './uploadObject'

export function objectTarget(match: RouteMatch): { bucketId: string; name: string } {
  return { bucketId: bucketNameFromSegment(match.params.bucket!), name: objectNameFromSegments(match.rest) }
}

/** The object if the caller may select it; otherwise NoSuchBucket or NoSuchKey. */
export async function visibleObject(
  ctx: StackContext,
  auth: RequestAuth,
  bucketId: string,
  name: string,
): Promise<ObjectRow> {
  const row = await asRole(ctx.db, auth, (tx) => selectObject(tx, bucketId, name))
  if (row) return row
  await requireBucket(ctx.db, bucketId)
  throw storageErrors.noSuchKey()
}

export const uploadRoute: RouteHandler = async (ctx, c, match) => {
  const auth = await callerAuth(ctx, c)
  const { bucketId, name } = objectTarget(match)
  const upsert = c.req.method === 'PUT' || c.req.header('x-upsert')?.trim().toLowerCase() === 'true'
  return c.json(await uploadObject(ctx, auth, c.req.raw, { bucketId, name, upsert }))
}

export const downloadRoute: RouteHandler = async (ctx, c, match) => {
  const auth = await callerAuth(ctx, c)
  const { bucketId, name } = objectTarget(match)
  return serveObject(ctx, await visibleObject(ctx, auth, bucketId, name), c.req.raw)
}

/** No auth at all: only objects of public buckets, read as the database owner. */
async function publicObject(ctx: StackContext, match: RouteMatch): Promise<ObjectRow> {
  const { bucketId, name } = objectTarget(match)
  const bucket = await loadBucket(ctx.db, bucketId)
  if (!bucket) throw storageErrors.noSuchBucket()
  const row = bucket.public ? await selectObject(ctx.db, bucketId, name) : null
  if (!row) throw storageErrors.noSuchKey()
  return row
}

export const publicDownloadRoute: RouteHandler = async (ctx, c, match) =>
  serveObject(ctx, await publicObject(ctx, match), c.req.raw)

export const infoRoute: RouteHandler = async (ctx, c, match) => {
  const auth = await callerAuth(ctx, c)
  const { bucketId, name } = objectTarget(match)
  return c.json(objectInfoJson(await visibleObject(ctx, auth, bucketId, name)))
}

export const deleteObjectRoute: RouteHandler = async (ctx, c, match) => {
  const auth = await callerAuth(ctx, c)
  const { bucketId, name } = objectTarget(match)
  await requireBucket(ctx.db, bucketId)
  const file = objectFilePath(ctx.storageRoot, bucketId, name)
  await asRoleWithFiles(ctx.db, auth, scratchDir(ctx.storageRoot), async (tx, files) => {
    const { rows } = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = $2 returning ${objectColumns}`,
      [bucketId, name],
    )
    if (rows.length === 0) throw storageErrors.noSuchKey()
    await files.remove(file, bucketDir(ctx.storageRoot, bucketId))
  })
  await ctx.renders.forgetObject(bucketId, name)
  return c.json({ message: 'Successfully deleted' })
}
