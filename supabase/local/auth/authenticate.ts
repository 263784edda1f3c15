// Who is calling an endpoint that needs a user (GET/PUT /user, /logout) or the service role (admin):
// the apikey must be one of the stack's keys, and the bearer a user JWT whose user and session still
// exist, so a signed-out or deleted user's token is refused (session_not_found → signed out).
import type { Context } from 'hono'
import { bearerToken } from '../requestAuth'
import { requestAuthOf } from '../context'
import { AuthError } from './authError'
import type { AuthServices } from './authServices'
import { isSessionActive } from './sessions'
import { findUserById, type UserRow } from './users'

export interface CallerClaims {
  userId: string
  sessionId: string | null
  claims: Record<string, unknown>
}

/** Verifies apikey + user JWT without touching the database (logout still works for ended sessions). */
export async function callerClaims(services: AuthServices, c: Context): Promise<CallerClaims> {
  if (!bearerToken(c.req.header('authorization'))) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token')
  }
  const resolution = await requestAuthOf(services.ctx, c)
  if (!resolution.ok) {
    if (resolution.reason === 'no_api_key' || resolution.reason === 'invalid_api_key') {
      throw new AuthError(401, 'no_authorization', resolution.message)
    }
    const detail =
      resolution.reason === 'jwt_expired' ? 'token is expired' : 'unable to parse or verify signature'
    throw new AuthError(403, 'bad_jwt', `invalid JWT: ${detail}`)
  }
  const sub = resolution.auth.claims.sub
  if (!resolution.userJwt || resolution.auth.role !== 'authenticated' || typeof sub !== 'string') {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  }
  const sessionId = resolution.auth.claims.session_id
  return {
    userId: sub,
    sessionId: typeof sessionId === 'string' ? sessionId : null,
    claims: resolution.auth.claims,
  }
}

export interface Caller extends CallerClaims {
  user: UserRow
}

export async function requireUser(services: AuthServices, c: Context): Promise<Caller> {
  const caller = await callerClaims(services, c)
  const user = await findUserById(services.db, caller.userId)
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  if (caller.sessionId && !(await isSessionActive(services.db, caller.sessionId, user.id))) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  }
  return { ...caller, user }
}

/** Admin endpoints: only the service-role key (as apikey and bearer) may call them. */
export async function requireServiceRole(services: AuthServices, c: Context): Promise<void> {
  const resolution = await requestAuthOf(services.ctx, c)
  if (!resolution.ok) {
    const badToken = resolution.reason === 'jwt_expired' || resolution.reason === 'jwt_invalid'
    throw badToken
      ? new AuthError(403, 'bad_jwt', resolution.message)
      : new AuthError(401, 'no_authorization', resolution.message)
  }
  if (resolution.auth.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed')
}
