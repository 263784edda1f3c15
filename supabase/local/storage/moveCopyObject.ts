// move() and copy(), within a bucket or across buckets. Move renames the row as the caller (the update
// policy must allow both the old and the new name), copy inserts a new row as the caller (insert
// policy); the destination bucket's rules apply when bytes change bucket. A moved object's renders,
// kept under its old name, are deleted.
import type { StackContext } from '../context'
import { checkUpload, requireBucket, type BucketRow } from './bucketRules'
import { callerAuth, callerUserId } from './callerAuth'
import { asRoleWithFiles } from './fileChanges'
import { jsonBody } from './jsonBody'
import { assertObjectName, isValidBucketName } from './objectKey'
import { bucketDir, objectFilePath, readObjectFile, scratchDir } from './objectFiles'
import { objectColumns, selectObject, type ObjectRow } from './objectRows'
import type { RouteHandler } from './storageRouter'
import { storageErrors } from './storageError'

interface Transfer {
  sourceBucket: string
  sourceKey: string
  destBucket: string
  destKey: string
  /** Loaded before the transaction: the database is a single connection, busy inside it. */
  destRules: BucketRow
}

function bucketField(value: unknown): string {
  if (typeof value !== 'string' || !isValidBucketName(value)) {
    throw storageErrors.invalidBucketName(String(value))
  }
  return value
}

function keyField(value: unknown, field: string): string {
  if (typeof value !== 'string') throw storageErrors.invalidRequest(`${field} must be a string`)
  return assertObjectName(value)
}

async function transferOf(ctx: StackContext, body: Record<string, unknown>): Promise<Transfer> {
  const sourceBucket = bucketField(body.bucketId)
  const destBucket = body.destinationBucket == null ? sourceBucket : bucketField(body.destinationBucket)
  const sourceKey = keyField(body.sourceKey, 'sourceKey')
  const destKey = keyField(body.destinationKey, 'destinationKey')
  await requireBucket(ctx.db, sourceBucket)
  return { sourceBucket, sourceKey, destBucket, destKey, destRules: await requireBucket(ctx.db, destBucket) }
}

/** Reads the source bytes and checks them against the destination bucket when it is another one. */
async function sourceBytes(ctx: StackContext, source: ObjectRow, t: Transfer): Promise<Uint8Array> {
  const bytes = await readObjectFile(objectFilePath(ctx.storageRoot, t.sourceBucket, t.sourceKey))
  if (!bytes) throw storageErrors.noSuchKey()
  if (t.destBucket !== t.sourceBucket) checkUpload(t.destRules, source.metadata?.mimetype ?? '', bytes)
  return bytes
}

export const moveRoute: RouteHandler = async (ctx, c) => {
  const auth = await callerAuth(ctx, c)
  const t = await transferOf(ctx, await jsonBody(c))
  await asRoleWithFiles(ctx.db, auth, scratchDir(ctx.storageRoot), async (tx, files) => {
    const { rows } = await tx.query<ObjectRow>(
      `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
        where bucket_id = $1 and name = $2 returning ${objectColumns}`,
      [t.sourceBucket, t.sourceKey, t.destBucket, t.destKey],
    )
    const moved = rows[0]
    if (!moved) throw storageErrors.noSuchKey()
    const bytes = await sourceBytes(ctx, moved, t)
    await files.put(
      objectFilePath(ctx.storageRoot, t.destBucket, t.destKey),
      bytes,
      t.destKey,
      bucketDir(ctx.storageRoot, t.destBucket),
    )
    await files.remove(
      objectFilePath(ctx.storageRoot, t.sourceBucket, t.sourceKey),
      bucketDir(ctx.storageRoot, t.sourceBucket),
    )
  })
  await ctx.renders.forgetObject(t.sourceBucket, t.sourceKey)
  return c.json({ message: 'Successfully moved' })
}

export const copyRoute: RouteHandler = async (ctx, c) => {
  const auth = await callerAuth(ctx, c)
  const t = await transferOf(ctx, await jsonBody(c))
  const owner = callerUserId(auth)
  const id = await asRoleWithFiles(ctx.db, auth, scratchDir(ctx.storageRoot), async (tx, files) => {
    const source = await selectObject(tx, t.sourceBucket, t.sourceKey)
    if (!source) throw storageErrors.noSuchKey()
    const bytes = await sourceBytes(ctx, source, t)
    const { rows } = await tx.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
       values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, gen_random_uuid()::text) returning id`,
      [
        t.destBucket,
        t.destKey,
        owner,
        owner,
        JSON.stringify({ ...source.metadata, lastModified: new Date().toISOString() }),
        source.user_metadata ? JSON.stringify(source.user_metadata) : null,
      ],
    )
    await files.put(
      objectFilePath(ctx.storageRoot, t.destBucket, t.destKey),
      bytes,
      t.destKey,
      bucketDir(ctx.storageRoot, t.destBucket),
    )
    return rows[0]!.id
  })
  return c.json({ Id: id, Key: `${t.destBucket}/${t.destKey}` })
}
