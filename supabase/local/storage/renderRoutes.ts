// The render routes (`/render/image/public|authenticated/<bucket>/<name>?width=…`). A render follows
// the same rule as reading the object through the API: the caller must be allowed to select it
// (storage.objects policies), or it is not found. For polaroid-images that means a photo of a public
// wall, an avatar, or the caller's own: a private wall's photo is rendered for its owner and nobody
// else. The whole object of a public bucket stays reachable by its public URL (`/object/public`, a link
// by design, migration 20261124100000); what the renderer adds, sharp's time and the cache's disk, is
// only spent on what the caller may see. The public route reads as the signed-out visitor unless the
// request names a user (apikey/Authorization), as supabase-js's `download({ transform })` does.
import type { Context } from 'hono'
import { anonAuth, type RequestAuth } from '../db/asRole'
import type { StackContext } from '../context'
import { clientAddress } from '../auth/clientAddress'
import { bearerToken } from '../requestAuth'
import { requireBucket } from './bucketRules'
import { callerAuth, callerUserId } from './callerAuth'
import { parseTransform } from './imageTransform'
import { objectTarget, visibleObject } from './objectRoutes'
import type { RouteHandler } from './storageRouter'
import { serveObject } from './serveObject'
import { storageErrors } from './storageError'

/** Who a render is counted against in the queue: the signed-in user, else the client's address. */
export function renderCaller(ctx: StackContext, c: Context, auth: RequestAuth | null): string {
  const user = auth ? callerUserId(auth) : null
  return user ? `user:${user}` : `address:${clientAddress(c, ctx.config)}`
}

/** The caller as the request names them; a request naming nobody is the signed-out visitor. */
async function readerOf(ctx: StackContext, c: Context): Promise<RequestAuth> {
  const named = Boolean(c.req.header('apikey') ?? c.req.query('apikey')) || bearerToken(c.req.header('authorization'))
  return named ? callerAuth(ctx, c) : anonAuth
}

/** GET /render/image/public/<bucket>/<name>?width=…: an object of a public bucket the caller may read. */
export const renderPublicRoute: RouteHandler = async (ctx, c, match) => {
  const transform = parseTransform(new URL(c.req.url).searchParams)
  const { bucketId, name } = objectTarget(match)
  const bucket = await requireBucket(ctx.db, bucketId)
  if (!bucket.public) throw storageErrors.noSuchKey()
  const auth = await readerOf(ctx, c)
  const row = await visibleObject(ctx, auth, bucketId, name)
  return serveObject(ctx, row, c.req.raw, { transform, caller: renderCaller(ctx, c, auth) })
}

/** GET /render/image/authenticated/<bucket>/<name>?width=…: an object the caller may read, transformed. */
export const renderDownloadRoute: RouteHandler = async (ctx, c, match) => {
  const transform = parseTransform(new URL(c.req.url).searchParams)
  const auth = await callerAuth(ctx, c)
  const { bucketId, name } = objectTarget(match)
  const row = await visibleObject(ctx, auth, bucketId, name)
  return serveObject(ctx, row, c.req.raw, { transform, caller: renderCaller(ctx, c, auth) })
}
