// Every product API endpoint acts for a signed-in user: the bearer token is checked with Supabase Auth
// (so a revoked or expired session is refused), and the user is handed to the handler.
import type { MiddlewareHandler } from 'hono'
import type { User } from '@supabase/supabase-js'
import type { AdminClient } from './supabaseAdmin'

export type ApiEnv = { Variables: { user: User; accessToken: string } }

export function requireUser(admin: () => AdminClient): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const match = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')
    if (!match) return c.json({ error: 'User must be authenticated' }, 401)
    const token = match[1]!.trim()
    const { data, error } = await admin().auth.getUser(token)
    if (error || !data.user) return c.json({ error: 'User must be authenticated' }, 401)
    c.set('user', data.user)
    c.set('accessToken', token)
    await next()
  }
}

/** The caller may act only for themselves: a body's user_id/owner_id must be the caller's id. */
export function isCaller(user: User, claimedId: unknown): boolean {
  return typeof claimedId === 'string' && claimedId === user.id
}
