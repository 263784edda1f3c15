// Every product API endpoint acts for a signed-in user. The bearer token must be a user access token
// signed with the project's JWT secret, with an expiry and a subject (checked here, without a round
// trip, so garbage costs nothing), and its session must still be live in Supabase Auth (so a signed-out
// or deleted account is refused at once, as Auth itself would).
import type { MiddlewareHandler } from 'hono'
import { jwtVerify } from 'jose'
import type { AdminClient } from './supabaseAdmin'
import { messages } from '../../src/lib/messages'

export interface ApiUser {
  id: string
  email: string | null
}

export type ApiEnv = { Variables: { user: ApiUser; accessToken: string } }

const NOT_SIGNED_IN = messages.wardrobeNeedsSignIn

async function verifyAccessToken(secret: Uint8Array, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] })
    return payload.role === 'authenticated' && typeof payload.sub === 'string' ? payload.sub : null
  } catch {
    return null
  }
}

export function requireUser(admin: () => AdminClient, jwtSecret: string): MiddlewareHandler<ApiEnv> {
  const secret = new TextEncoder().encode(jwtSecret)
  return async (c, next) => {
    const match = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')
    if (!match) return c.json({ error: NOT_SIGNED_IN }, 401)
    const token = match[1]!.trim()
    const subject = await verifyAccessToken(secret, token)
    if (!subject) return c.json({ error: NOT_SIGNED_IN }, 401)
    const { data, error } = await admin().auth.getUser(token)
    if (error || !data.user || data.user.id !== subject) return c.json({ error: NOT_SIGNED_IN }, 401)
    c.set('user', { id: data.user.id, email: data.user.email ?? null })
    c.set('accessToken', token)
    await next()
  }
}

/** The caller may act only for themselves: a body's user_id/owner_id must be the caller's id. */
export function isCaller(user: ApiUser, claimedId: unknown): boolean {
  return typeof claimedId === 'string' && claimedId === user.id
}
