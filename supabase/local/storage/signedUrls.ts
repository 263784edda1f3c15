// Signed URLs: a JWT over {url:'<bucket>/<name>'} with an expiry of at most 7 days, signed with the
// stack secret. Signing needs the caller to be allowed to select the object; serving needs nothing but
// a valid token for exactly that path (browsers fetch these URLs without any headers). Signed with a
// `transform`, the token names the transformation too and the URL is a render URL: whoever holds it gets
// that size, and no other.
import type { Context } from 'hono'
import type { StackContext } from '../context'
import { asRole } from '../db/asRole'
import { signJwt, verifyJwt } from '../keys'
import { requireBucket } from './bucketRules'
import { callerAuth } from './callerAuth'
import { parseTransform, transformFromBody, transformKey, type ImageTransform } from './imageTransform'
import { jsonBody, stringList } from './jsonBody'
import { bucketNameFromSegment, isValidObjectName } from './objectKey'
import { objectTarget, visibleObject } from './objectRoutes'
import { selectObject } from './objectRows'
import type { RouteHandler, RouteMatch } from './storageRouter'
import { renderCaller } from './renderRoutes'
import { serveObject } from './serveObject'
import { storageErrors } from './storageError'

const notAccessible = 'Either the object does not exist or you do not have access to it'

/** The longest a signed URL lives (spec §9's longest lifetime, 7 days): a link to a private image
 * outlives neither a week nor, once re-signed, its owner's decision to stop sharing it by much. */
const MAX_SIGNED_URL_SECONDS = 604_800

/** Longer requests are shortened to the cap rather than refused: the client still gets a working URL. */
function expiresInOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) {
    throw storageErrors.invalidRequest('expiresIn must be a number of seconds of at least 1')
  }
  return Math.min(Math.floor(value), MAX_SIGNED_URL_SECONDS)
}

/** The URL relative to /storage/v1 with the raw (unencoded) path: storage-js runs encodeURI over it. */
async function signedUrl(
  ctx: StackContext,
  bucketId: string,
  name: string,
  expiresIn: number,
  transform: ImageTransform | null = null,
) {
  const claims = transform ? { url: `${bucketId}/${name}`, transformations: transformKey(transform) } : { url: `${bucketId}/${name}` }
  const token = await signJwt(ctx.config.jwtSecret, claims, expiresIn)
  return `/${transform ? 'render/image' : 'object'}/sign/${bucketId}/${name}?token=${token}`
}

export const signRoute: RouteHandler = async (ctx, c, match) => {
  const auth = await callerAuth(ctx, c)
  const { bucketId, name } = objectTarget(match)
  const body = await jsonBody(c)
  const expiresIn = expiresInOf(body.expiresIn)
  const transform = transformFromBody(body.transform)
  await visibleObject(ctx, auth, bucketId, name)
  return c.json({ signedURL: await signedUrl(ctx, bucketId, name, expiresIn, transform) })
}

export const signManyRoute: RouteHandler = async (ctx, c, match) => {
  const auth = await callerAuth(ctx, c)
  const bucketId = bucketNameFromSegment(match.params.bucket!)
  const body = await jsonBody(c)
  const expiresIn = expiresInOf(body.expiresIn)
  const paths = stringList(body.paths, 'paths')
  await requireBucket(ctx.db, bucketId)
  const names = paths.filter(isValidObjectName)
  const visible = await asRole(ctx.db, auth, async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucketId, names],
    )
    return new Set(rows.map((r) => r.name))
  })
  const results = await Promise.all(
    paths.map(async (path) =>
      visible.has(path)
        ? { error: null, path, signedURL: await signedUrl(ctx, bucketId, path, expiresIn) }
        : { error: notAccessible, path, signedURL: null },
    ),
  )
  return c.json(results)
}

/**
 * GET /object/sign/<bucket>/<name>?token=… and /render/image/sign/…: authorised by the token alone, and
 * served as the token says on either route. A token made for a thumbnail serves the thumbnail wherever
 * it is used: served whole on /object/sign, it handed out the original to whoever held a thumbnail link.
 */
export const serveSignedRoute: RouteHandler = (ctx, c, match) => serveSigned(ctx, c, match)

async function serveSigned(ctx: StackContext, c: Context, match: RouteMatch): Promise<Response> {
  const { bucketId, name } = objectTarget(match)
  const token = c.req.query('token')
  if (!token) throw storageErrors.invalidRequest("querystring must have required property 'token'")
  const verified = await verifyJwt(ctx.config.jwtSecret, token)
  if (!verified.ok) {
    throw verified.reason === 'expired' ? storageErrors.expiredJwt() : storageErrors.invalidSignature()
  }
  if (verified.claims.url !== `${bucketId}/${name}`) {
    throw storageErrors.invalidSignature('The url do not match the signature')
  }
  const row = await selectObject(ctx.db, bucketId, name)
  if (!row) throw storageErrors.noSuchKey()
  const named = verified.claims.transformations
  const render =
    typeof named === 'string'
      ? { transform: parseTransform(new URLSearchParams(named)), caller: renderCaller(ctx, c, null) }
      : undefined
  return serveObject(ctx, row, c.req.raw, render)
}
