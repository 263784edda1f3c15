// Sessions and refresh tokens the way GoTrue keeps them: one auth.sessions row per sign-in, refresh
// tokens rotated on every use (the old one revoked, the new one its child), and reuse of a revoked
// token treated as theft: the whole session is ended.
import { randomBytes, randomUUID } from 'node:crypto'
import { AuthError } from './authError'
import { sha256Hex } from './emailTokens'
import type { Queryable } from './users'

export type SignInMethod = 'password' | 'otp' | 'magiclink' | 'recovery' | 'oauth'

export interface SessionGrant {
  userId: string
  sessionId: string
  refreshToken: string
  method: SignInMethod
}

export interface ClientInfo {
  ip: string
  userAgent: string | undefined
}

function newRefreshToken(): string {
  return randomBytes(24).toString('base64url')
}

async function insertRefreshToken(tx: Queryable, userId: string, sessionId: string, parent: string | null) {
  const token = newRefreshToken()
  await tx.query(
    'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
    [sha256Hex(token), userId, sessionId, parent],
  )
  return token
}

/** Starts a session for a user who just proved who they are, and records the sign-in time. */
export async function createSession(
  tx: Queryable,
  userId: string,
  method: SignInMethod,
  client: ClientInfo,
): Promise<SessionGrant> {
  const sessionId = randomUUID()
  const amr = [{ method, timestamp: Math.floor(Date.now() / 1000) }]
  await tx.query(
    'insert into auth.sessions (id, user_id, amr, ip, user_agent) values ($1, $2, $3::jsonb, $4, $5)',
    [sessionId, userId, JSON.stringify(amr), client.ip, client.userAgent?.slice(0, 512) ?? null],
  )
  await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId])
  const refreshToken = await insertRefreshToken(tx, userId, sessionId, null)
  return { userId, sessionId, refreshToken, method }
}

interface RefreshRow {
  id: string
  token: string
  revoked: boolean
  user_id: string
  session_id: string
  ended: boolean
  amr: { method?: string }[]
}

/**
 * Rotates a refresh token. Returns the new grant, or the error to send: errors are returned rather
 * than thrown so that ending a session on reuse is committed, not rolled back.
 */
export async function rotateRefreshToken(tx: Queryable, token: string): Promise<SessionGrant | AuthError> {
  const { rows } = await tx.query<RefreshRow>(
    `select rt.id, rt.token, rt.revoked, rt.user_id, rt.session_id, s.amr,
       (s.not_after is not null and s.not_after <= now()) as ended
     from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
     where rt.token = $1`,
    [sha256Hex(token)],
  )
  const row = rows[0]
  if (!row)
    return new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
  if (row.revoked) {
    await tx.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1',
      [row.session_id],
    )
    await tx.query(
      'update auth.sessions set not_after = now(), updated_at = now() where id = $1 and not_after is null',
      [row.session_id],
    )
    return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  }
  if (row.ended) return new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired')
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id])
  await tx.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id])
  const refreshToken = await insertRefreshToken(tx, row.user_id, row.session_id, row.token)
  const method = (row.amr[0]?.method ?? 'password') as SignInMethod
  return { userId: row.user_id, sessionId: row.session_id, refreshToken, method }
}

/** True when the session exists, belongs to the user and has not been ended. */
export async function isSessionActive(db: Queryable, sessionId: string, userId: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from auth.sessions where id = $1 and user_id = $2 and (not_after is null or not_after > now())`,
    [sessionId, userId],
  )
  return rows.length > 0
}

export type LogoutScope = 'global' | 'local' | 'others'

/** Deletes sessions (their refresh tokens cascade) for sign-out and password changes. */
export async function endSessions(
  db: Queryable,
  userId: string,
  scope: LogoutScope,
  currentSessionId: string | null,
): Promise<void> {
  if (scope === 'global') {
    await db.query('delete from auth.sessions where user_id = $1', [userId])
  } else if (!currentSessionId) {
    return
  } else if (scope === 'local') {
    await db.query('delete from auth.sessions where user_id = $1 and id = $2', [userId, currentSessionId])
  } else {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, currentSessionId])
  }
}
