// The presence worker's API, as the main thread sees it through Comlink: one wall's room at a time,
// joined through supabase-js (track, presenceState, on('presence'), on('broadcast')) on its own
// Realtime connection, apart from the sync engine. Only plain records cross the boundary.
import { RealtimeClient, REALTIME_SUBSCRIBE_STATES, type RealtimeChannel } from '@supabase/realtime-js'
import type { DragMessage, PresenceEvent, PresencePeer, RemoteDragStep } from '@/data/model/presence'
import { peersFromState, readDragMessage } from '@/data/model/presence'

export interface PresenceWorkerConfig {
  supabaseUrl: string
  anonKey: string
  accessToken: string | null
}

/** Drag steps are handed to the page in batches, the newest per item, at most this often. */
const DRAG_BATCH_MS = 16

export interface PresenceWorkerApi {
  start(config: PresenceWorkerConfig): void
  setAccessToken(token: string | null): Promise<void>
  /** Joins a wall's room (leaving any other); `track` false joins without showing this tab. */
  join(wallId: string, track: boolean, onEvent: (event: PresenceEvent) => void): Promise<void>
  setTracked(track: boolean): Promise<void>
  leave(): Promise<void>
  /** Sends one drag step (the main thread throttles); dropped while the room is not joined. */
  drag(message: DragMessage): void
  stop(): Promise<void>
}

export function createPresenceWorkerApi(): PresenceWorkerApi {
  let client: RealtimeClient | null = null
  let token: string | null = null
  let channel: RealtimeChannel | null = null
  let tracked = false
  const tab = crypto.randomUUID()

  const trackNow = async (room: RealtimeChannel) => {
    if (room.state !== 'joined') return
    if (tracked) await room.track({ tab })
    else await room.untrack()
  }

  const api: PresenceWorkerApi = {
    start(config) {
      token = config.accessToken
      // Only Realtime, not createClient: that would bring auth-js, REST and Storage to a worker that needs none.
      client = new RealtimeClient(`${config.supabaseUrl.replace(/\/$/, '').replace(/^http/, 'ws')}/realtime/v1`, {
        params: { apikey: config.anonKey },
        // Signed out, the anon key authorizes, as supabase-js would do.
        accessToken: () => Promise.resolve(token ?? config.anonKey),
        // Frequent beats let the server notice a device that went offline within seconds (the local
        // stack drops a silent socket that shows a presence after 20 s).
        heartbeatIntervalMs: 5_000,
      })
    },

    async setAccessToken(next) {
      token = next
      if (client) await client.setAuth()
    },

    async join(wallId, track, onEvent) {
      await api.leave()
      if (!client) throw new Error('The presence worker has not started')
      tracked = track
      // The token is set before the join, or the room would be joined as a guest.
      await client.setAuth()
      const room = client.channel(`presence:wall:${wallId}`, { config: { presence: { enabled: true } } })
      channel = room
      // Ten draggers at 20 steps a second would be 200 messages a second to the page: batch them.
      let batch = new Map<string, RemoteDragStep>()
      let batchTimer: ReturnType<typeof setTimeout> | null = null
      const flushDrags = () => {
        batchTimer = null
        if (channel !== room || batch.size === 0) return
        const drags = [...batch.values()]
        batch = new Map()
        onEvent({ type: 'drags', drags })
      }
      const emitPeers = () => {
        if (channel !== room) return
        const peers: PresencePeer[] = peersFromState(room.presenceState(), tab)
        onEvent({ type: 'peers', peers })
      }
      room
        .on('presence', { event: 'sync' }, emitPeers)
        .on('broadcast', { event: 'drag' }, (message: Record<string, unknown>) => {
          const drag = readDragMessage(message)
          if (!drag || channel !== room) return
          batch.set(drag.item, drag)
          batchTimer ??= setTimeout(flushDrags, DRAG_BATCH_MS)
        })
        .subscribe((status) => {
          if (channel !== room) return
          if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) {
            onEvent({ type: 'status', connected: true })
            // Every (re)join starts with an empty presence on the server: track again.
            void trackNow(room).catch((error: unknown) => console.warn('presence: track failed', error))
          } else {
            onEvent({ type: 'status', connected: false })
            onEvent({ type: 'peers', peers: [] })
          }
        })
    },

    async setTracked(track) {
      tracked = track
      if (channel) await trackNow(channel)
    },

    async leave() {
      const room = channel
      channel = null
      if (room && client) await client.removeChannel(room)
    },

    drag(message) {
      const room = channel
      // Not joined: realtime-js would fall back to a REST broadcast; a stale drag is worth nothing.
      if (!room || room.state !== 'joined') return
      void room.send({ type: 'broadcast', event: 'drag', payload: message })
    },

    async stop() {
      await api.leave()
      if (client) await client.disconnect()
      client = null
    },
  }
  return api
}
