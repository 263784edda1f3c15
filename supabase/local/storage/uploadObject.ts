// Upload (POST, PUT and x-upsert): the bucket's rules are checked, the body is read in full before any
// transaction starts, then the row is written as the caller (the storage.objects policies decide) and
// only once that succeeded are the bytes put in place, inside the same transaction. A replaced object's
// renders are deleted with the old bytes.
import type { RequestAuth } from '../db/asRole'
import type { StackContext } from '../context'
import { checkUpload, requireBucket, uploadSizeLimit } from './bucketRules'
import { callerUserId } from './callerAuth'
import { asRoleWithFiles } from './fileChanges'
import { bucketDir, objectFilePath, scratchDir } from './objectFiles'
import { objectMetadata } from './objectRows'
import { readUpload } from './readUpload'

const insertSql = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, gen_random_uuid()::text)`

const upsertSql = `${insertSql}
  on conflict (bucket_id, name) do update
     set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
         user_metadata = excluded.user_metadata, version = excluded.version,
         updated_at = now(), last_accessed_at = now()`

export interface UploadResult {
  Id: string
  Key: string
}

export async function uploadObject(
  ctx: StackContext,
  auth: RequestAuth,
  request: Request,
  target: { bucketId: string; name: string; upsert: boolean },
): Promise<UploadResult> {
  const { bucketId, name, upsert } = target
  const bucket = await requireBucket(ctx.db, bucketId)
  const file = objectFilePath(ctx.storageRoot, bucketId, name)
  const upload = await readUpload(request, uploadSizeLimit(bucket))
  checkUpload(bucket, upload.mimetype, upload.bytes)
  const metadata = objectMetadata(upload.bytes, upload.mimetype, upload.cacheControl)
  const owner = callerUserId(auth)

  const id = await asRoleWithFiles(ctx.db, auth, scratchDir(ctx.storageRoot), async (tx, files) => {
    const { rows } = await tx.query<{ id: string }>(`${upsert ? upsertSql : insertSql} returning id`, [
      bucketId,
      name,
      owner,
      owner,
      JSON.stringify(metadata),
      upload.userMetadata ? JSON.stringify(upload.userMetadata) : null,
    ])
    await files.put(file, upload.bytes, name, bucketDir(ctx.storageRoot, bucketId))
    return rows[0]!.id
  })
  if (upsert) await ctx.renders.forgetObject(bucketId, name)
  return { Id: id, Key: `${bucketId}/${name}` }
}
