// Supabase Realtime for the local stack: WebSocket upgrades on /realtime/v1/websocket speaking the
// Phoenix protocol of realtime-js, and postgres_changes fed by triggers on the tables of the
// `supabase_realtime` publication, each change delivered only to subscribers whose role and claims
// may read the row.
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { STATUS_CODES } from 'node:http'
import { WebSocketServer } from 'ws'
import type { StackContext } from '../context'
import { NOTIFY_CHANNEL, installChangeCapture, takeQueuedChanges } from './changeCapture'
import { deliverChanges } from './deliverChanges'
import { PresenceRooms } from './presence'
import { loadPublishedTables } from './publishedTables'
import type { RealtimeHub } from './realtimeConnection'
import { RealtimeConnection } from './realtimeConnection'
import { endStaleChannels } from './sessionEnds'

const REALTIME_PATH = '/realtime/v1/websocket'

export interface RealtimeOptions {
  /** Sockets that send nothing (not even a heartbeat, every 25 s) for this long are dropped. */
  idleTimeoutMs?: number
  /** How often queued changes are collected without a notification (`realtime.skip_notify`). */
  sweepIntervalMs?: number
  /**
   * Sockets that show a presence on a wall and send nothing for this long are dropped sooner, so a
   * device that went offline leaves the others' screens within seconds (the app's presence worker
   * sends a heartbeat every 5 s).
   */
  presenceIdleTimeoutMs?: number
  /** How often channels are checked for expired tokens and ended sessions (besides on every sign-out). */
  sessionCheckIntervalMs?: number
}

export interface RealtimeService {
  close(): Promise<void>
}

const BATCH = 500

function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  if (socket.destroyed) return
  const body = JSON.stringify({ message })
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
}

export async function attachRealtime(
  server: Server,
  ctx: StackContext,
  options: RealtimeOptions = {},
): Promise<RealtimeService> {
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000
  const sweepIntervalMs = options.sweepIntervalMs ?? 1_000
  const presenceIdleTimeoutMs = options.presenceIdleTimeoutMs ?? 20_000
  await installChangeCapture(ctx.db)
  const tables = await loadPublishedTables(ctx.db)
  const connections = new Set<RealtimeConnection>()
  let lastBindingId = 0
  const rooms = new PresenceRooms(ctx.db)
  const hub: RealtimeHub = { ctx, tables: () => tables, nextBindingId: () => ++lastBindingId, rooms }
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024, perMessageDeflate: false })
  let closed = false

  // One drain at a time keeps changes in commit order; a notification during a drain runs another.
  let draining: Promise<void> | null = null
  let drainAgain = false
  const drain = (): void => {
    if (closed) return
    if (draining) {
      drainAgain = true
      return
    }
    draining = (async () => {
      do {
        drainAgain = false
        for (;;) {
          const changes = await takeQueuedChanges(ctx.db, BATCH)
          if (changes.length > 0) {
            await deliverChanges(ctx.db, changes, connections, tables)
            // A profile's hide setting, a wall's privacy: presences and rooms follow.
            await rooms.afterChanges(changes)
          }
          if (changes.length < BATCH || closed) break
        }
      } while (drainAgain && !closed)
    })()
      .catch((error: unknown) => console.error('realtime: delivering changes failed', error))
      .finally(() => {
        draining = null
      })
  }
  const unlisten = await ctx.db.listen(NOTIFY_CHANNEL, drain)

  const sweep = setInterval(() => {
    if (connections.size > 0) drain()
  }, sweepIntervalMs)
  const idleCheck = setInterval(
    () => {
      const cutoff = Date.now() - idleTimeoutMs
      const presenceCutoff = Date.now() - presenceIdleTimeoutMs
      for (const connection of connections) {
        if (connection.lastSeen < cutoff) connection.terminate()
        else if (connection.lastSeen < presenceCutoff && connection.showsPresence) connection.terminate()
      }
    },
    Math.min(idleTimeoutMs, presenceIdleTimeoutMs / 4, 10_000),
  )
  sweep.unref()
  idleCheck.unref()

  // One check at a time; a request during one runs another after it.
  let checking: Promise<void> | null = null
  let checkAgain = false
  const checkSessions = (): void => {
    if (closed || connections.size === 0) return
    if (checking) {
      checkAgain = true
      return
    }
    checking = (async () => {
      do {
        checkAgain = false
        await endStaleChannels(ctx.db, connections)
      } while (checkAgain && !closed)
    })()
      .catch((error: unknown) => console.error('realtime: checking sessions failed', error))
      .finally(() => {
        checking = null
      })
  }
  const stopWatching = ctx.sessions.onEnded(checkSessions)
  const sessionCheck = setInterval(checkSessions, options.sessionCheckIntervalMs ?? 5_000)
  sessionCheck.unref()

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname.replace(/\/+$/, '') !== REALTIME_PATH) {
      // Another listener may serve other paths; when there is none, nobody else will answer.
      if (server.listenerCount('upgrade') === 1) refuseUpgrade(socket, 404, 'Not found')
      return
    }
    if (closed) return refuseUpgrade(socket, 503, 'Realtime is shutting down')
    // WebSockets have no CORS: the host and origin checks of every HTTP request are made here.
    const host = req.headers.host
    if (!ctx.origins.isAllowedHost(host)) {
      return refuseUpgrade(socket, 403, 'This server does not answer for that host name')
    }
    const origin = req.headers.origin
    if (origin !== undefined && !ctx.origins.isAllowedOrigin(origin, host)) {
      return refuseUpgrade(socket, 403, 'Requests from this origin are not allowed')
    }
    const header = req.headers.apikey
    const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : null)
    if (!apikey) return refuseUpgrade(socket, 401, 'No API key found in request')
    if (apikey !== ctx.keys.anonKey && apikey !== ctx.keys.serviceRoleKey) {
      return refuseUpgrade(socket, 401, 'Invalid API key')
    }
    const vsn = url.searchParams.get('vsn') ?? '1.0.0'
    if (vsn !== '1.0.0' && vsn !== '2.0.0') return refuseUpgrade(socket, 400, `Unsupported vsn ${vsn}`)
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new RealtimeConnection(ws, vsn, apikey, hub)
      connections.add(connection)
      ws.on('close', () => {
        connections.delete(connection)
        rooms.removeConnection(connection)
      })
      ws.on('error', () => ws.terminate())
    })
  }
  server.on('upgrade', onUpgrade)

  return {
    async close() {
      if (closed) return
      closed = true
      server.off('upgrade', onUpgrade)
      clearInterval(sweep)
      clearInterval(idleCheck)
      clearInterval(sessionCheck)
      stopWatching()
      await Promise.all(
        [...wss.clients].map(
          (ws) =>
            new Promise<void>((resolve) => {
              if (ws.readyState === ws.CLOSED) return resolve()
              const force = setTimeout(() => ws.terminate(), 500)
              ws.once('close', () => {
                clearTimeout(force)
                resolve()
              })
              ws.close(1001, 'server shutting down')
            }),
        ),
      )
      connections.clear()
      wss.close()
      await unlisten()
      await draining
      await checking
    },
  }
}
