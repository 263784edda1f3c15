// Channels live as long as the token they were joined with: when it expires, when its session ends
// (a sign-out here or on another device, a password change that ends the other sessions) or when the
// account is deleted, the channel is shut the way the real server does (a system error, then
// phx_close) and its presence leaves the room. Checked on every session change auth reports and on a
// timer, so a token that simply runs out is caught too.
import type { PGlite } from '@electric-sql/pglite'
import type { RealtimeConnection } from './realtimeConnection'

export const TOKEN_EXPIRED = 'Token has expired'
export const SESSION_ENDED = 'The session has ended: sign in again'

export async function endStaleChannels(db: PGlite, connections: Iterable<RealtimeConnection>): Promise<void> {
  const nowSeconds = Date.now() / 1000
  const withSession: Array<{ connection: RealtimeConnection; topic: string; sessionId: string }> = []
  for (const connection of connections) {
    for (const channel of [...connection.channels.values()]) {
      if (channel.expiresAt !== null && channel.expiresAt <= nowSeconds) {
        connection.shutDown(channel, TOKEN_EXPIRED)
        continue
      }
      const sessionId = channel.auth.claims.session_id
      if (channel.auth.role === 'authenticated' && typeof sessionId === 'string' && sessionId !== '') {
        withSession.push({ connection, topic: channel.topic, sessionId })
      }
    }
  }
  if (withSession.length === 0) return
  const ids = [...new Set(withSession.map((c) => c.sessionId))]
  const { rows } = await db.query<{ id: string }>(
    `select s.id::text as id from auth.sessions s join auth.users u on u.id = s.user_id
      where s.id::text = any($1::text[]) and (s.not_after is null or s.not_after > now())`,
    [ids],
  )
  const alive = new Set(rows.map((r) => r.id))
  for (const { connection, topic, sessionId } of withSession) {
    const channel = connection.channels.get(topic)
    if (!alive.has(sessionId) && channel && channel.auth.claims.session_id === sessionId) {
      connection.shutDown(channel, SESSION_ENDED)
    }
  }
}
