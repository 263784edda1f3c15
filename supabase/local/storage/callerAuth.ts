// Who is calling an authenticated storage route. supabase-js sends the apikey and a bearer token;
// like storage-api (which sits behind a gateway without key checks) a bearer token alone is accepted
// too. Refusals become storage errors.
import type { Context } from 'hono'
import type { RequestAuth } from '../db/asRole'
import { requestAuthOf, type StackContext } from '../context'
import { bearerToken, resolveToken, type AuthResolution } from '../requestAuth'
import { storageErrors } from './storageError'

export async function callerAuth(ctx: StackContext, c: Context): Promise<RequestAuth> {
  const hasApiKey = Boolean(c.req.header('apikey') ?? c.req.query('apikey'))
  const bearer = bearerToken(c.req.header('authorization'))
  let resolution: AuthResolution
  if (hasApiKey) resolution = await requestAuthOf(ctx, c)
  else if (bearer) resolution = await resolveToken(ctx.config.jwtSecret, ctx.keys, bearer)
  else throw storageErrors.missingAuth()
  if (resolution.ok) return resolution.auth
  switch (resolution.reason) {
    case 'jwt_expired':
      throw storageErrors.expiredJwt()
    case 'jwt_invalid':
      throw storageErrors.invalidJwt(resolution.message)
    default:
      throw storageErrors.invalidApiKey(resolution.message)
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The caller's user id (the JWT `sub`), recorded as an object's owner; null for the API keys. */
export function callerUserId(auth: RequestAuth): string | null {
  const sub = auth.claims.sub
  return typeof sub === 'string' && uuidPattern.test(sub) ? sub : null
}
