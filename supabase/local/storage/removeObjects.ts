// remove(): deletes exactly the named objects the caller may delete (policies decide; the rest are
// skipped silently), their files and their renders, and returns the deleted rows. Emptying a bucket is
// the same with every object of the bucket; deleting an account removes the user's files through here.
import type { RequestAuth } from '../db/asRole'
import type { StackContext } from '../context'
import { requireBucket } from './bucketRules'
import { callerAuth } from './callerAuth'
import { asRoleWithFiles } from './fileChanges'
import { jsonBody, stringList } from './jsonBody'
import { bucketNameFromSegment, isValidObjectName } from './objectKey'
import { bucketDir, objectFilePath, scratchDir } from './objectFiles'
import { objectColumns, objectJson, type ObjectRow } from './objectRows'
import type { RouteHandler } from './storageRouter'

/** Deletes the given objects (all of the bucket when `names` is null) as the caller, files included. */
export async function deleteObjects(
  ctx: StackContext,
  auth: RequestAuth,
  bucketId: string,
  names: string[] | null,
): Promise<ObjectRow[]> {
  const dir = bucketDir(ctx.storageRoot, bucketId)
  const deleted = await asRoleWithFiles(ctx.db, auth, scratchDir(ctx.storageRoot), async (tx, files) => {
    const { rows } = await tx.query<ObjectRow>(
      `delete from storage.objects
        where bucket_id = $1 and ($2::text[] is null or name = any($2::text[]))
        returning ${objectColumns}`,
      [bucketId, names],
    )
    for (const row of rows) {
      // A row written around the service with an unusable name never had a file.
      if (isValidObjectName(row.name))
        await files.remove(objectFilePath(ctx.storageRoot, bucketId, row.name), dir)
    }
    return rows
  })
  for (const row of deleted) await ctx.renders.forgetObject(bucketId, row.name)
  return deleted
}

export const removeRoute: RouteHandler = async (ctx, c, match) => {
  const auth = await callerAuth(ctx, c)
  const bucketId = bucketNameFromSegment(match.params.bucket!)
  const names = stringList((await jsonBody(c)).prefixes, 'prefixes').filter(isValidObjectName)
  await requireBucket(ctx.db, bucketId)
  const rows = names.length === 0 ? [] : await deleteObjects(ctx, auth, bucketId, names)
  return c.json(rows.map(objectJson))
}
