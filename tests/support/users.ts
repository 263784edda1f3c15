// Test users made directly in the database with a token minted the way the auth service mints it, so
// REST, Storage and Realtime tests do not depend on the sign-in flows (which have their own tests).
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { issueAccessToken } from '../../supabase/local/accessToken'
import type { StackHandle } from '../../supabase/local/server'

export interface TestUser {
  id: string
  email: string
  username: string | null
  accessToken: string
  /** A supabase-js client that acts as this user for REST, Storage and Realtime. */
  client: SupabaseClient
}

let counter = 0

export async function createTestUser(
  stack: StackHandle,
  options: { email?: string; username?: string | null } = {},
): Promise<TestUser> {
  counter += 1
  const id = randomUUID()
  const email = options.email ?? `user${counter}-${id.slice(0, 8)}@example.test`
  const username = options.username === undefined ? `user${counter}_${id.slice(0, 6)}` : options.username
  await stack.db.query(
    `insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data)
     values ($1, $2, now(), '{"provider":"email","providers":["email"]}')`,
    [id, email],
  )
  if (username) {
    await stack.db.query('insert into public.profiles (id, username) values ($1, $2)', [id, username])
  }
  // A real session row, so the auth service (GET /user, used by the product API) accepts the token.
  const sessionId = randomUUID()
  await stack.db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, id])
  const { accessToken } = await issueAccessToken(
    { secret: stack.context.config.jwtSecret, issuer: `${stack.url}/auth/v1`, expiresIn: 3600 },
    { id, email },
    sessionId,
  )
  const client = createClient(stack.url, stack.anonKey, {
    accessToken: () => Promise.resolve(accessToken),
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
  return { id, email, username, accessToken, client }
}
