// Who else has this wall open, and which cards they are dragging right now. Joins the wall's room in
// the presence worker while the wall is shown and online; offline, presence simply disappears. Drag
// steps from here go out at most 20 a second (the server refuses more), and never hold up the drag.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { appConfig } from '@/auth/config'
import { throttle } from '@/lib/throttle'
import type { PresenceEvent, PresencePeer, RemoteDragStep } from '../model/presence'
import { useConnectivity } from '../connectivity'
import { PresenceStartError, presenceClient } from '../presenceClient'

const DRAG_BROADCAST_INTERVAL_MS = 50
/** A drag with no step for this long (its dragger went away mid-drag) is forgotten. */
const STALE_DRAG_MS = 4000

interface RemoteDrag {
  x: number
  y: number
  /** The dragger's presence key. */
  by: string
}

/** Remote drags by item id, read on demand (no React render per step). */
interface RemoteDragStore {
  subscribe(listener: () => void): () => void
  current(): ReadonlyMap<string, RemoteDrag>
}

export interface WallPresence {
  /** Everyone else on the wall (the signed-in user's other tabs are left out). */
  peers: PresencePeer[]
  drags: RemoteDragStore
  /** Report the local drag of an item (null when dropped or cancelled). */
  dragMoved: (item: string, position: { x: number; y: number } | null) => void
  /** The presence worker did not start: the wall says so, with Try Again (`retry`). */
  failed: boolean
  retry: () => void
}

export function usePresence(
  wallId: string,
  options: { userId: string | null; accessToken: string | null; hidden: boolean; enabled: boolean },
): WallPresence {
  const { userId, accessToken, hidden, enabled } = options
  // Presence has its own Realtime connection: the network is enough, whatever the sync engine says.
  const online = useConnectivity().network
  const [peers, setPeers] = useState<PresencePeer[]>([])
  const [failed, setFailed] = useState(false)
  // Try Again joins once more, which starts a new worker.
  const [attempt, setAttempt] = useState(0)
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const client = useMemo(
    () => presenceClient({ supabaseUrl: appConfig.supabaseUrl, anonKey: appConfig.anonKey, accessToken }),
    // The worker is started once per tab; later tokens go through setAccessToken.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )
  const hiddenNow = useRef(hidden)
  hiddenNow.current = hidden

  // Drags: one owner, read by the canvas on its own frames.
  const drags = useMemo(() => {
    const map = new Map<string, RemoteDrag & { at: number }>()
    const listeners = new Set<() => void>()
    const notify = () => listeners.forEach((l) => l())
    const store: RemoteDragStore & {
      apply(steps: RemoteDragStep[]): void
      keep(keys: Set<string>): void
      clear(): void
    } = {
      subscribe(listener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      current: () => map,
      apply(steps) {
        const at = performance.now()
        for (const { sender, item, x, y, end } of steps) {
          if (end) map.delete(item)
          else map.set(item, { x, y, by: sender, at })
        }
        notify()
      },
      keep(keys) {
        let changed = false
        const cutoff = performance.now() - STALE_DRAG_MS
        for (const [item, drag] of map) {
          if (!keys.has(drag.by) || drag.at < cutoff) {
            map.delete(item)
            changed = true
          }
        }
        if (changed) notify()
      },
      clear() {
        if (map.size === 0) return
        map.clear()
        notify()
      },
    }
    return store
  }, [])

  useEffect(() => {
    client.setAccessToken(accessToken)
  }, [client, accessToken])

  const live = enabled && online
  useEffect(() => {
    if (!live) {
      setPeers([])
      drags.clear()
      return
    }
    let known = new Set<string>()
    const onEvent = (event: PresenceEvent) => {
      if (event.type === 'peers') {
        const others = event.peers.filter((peer) => peer.userId === null || peer.userId !== userId)
        known = new Set(others.map((peer) => peer.key))
        setPeers(others)
        drags.keep(known)
      } else if (event.type === 'drags') {
        // Only people on the wall (as the server announced them) carry a card; never oneself.
        const steps = event.drags.filter((step) => known.has(step.sender) && step.sender !== userId)
        if (steps.length > 0) drags.apply(steps)
      } else if (!event.connected) {
        drags.clear()
      }
    }
    const sweep = setInterval(() => drags.keep(known), STALE_DRAG_MS)
    void client.join(wallId, !hiddenNow.current, onEvent).then(
      () => setFailed(false),
      (error: unknown) => {
        console.warn('presence: could not join the wall', error)
        if (error instanceof PresenceStartError) setFailed(true)
      },
    )
    return () => {
      clearInterval(sweep)
      setPeers([])
      drags.clear()
      void client.leave()
    }
  }, [client, wallId, live, userId, drags, attempt])

  useEffect(() => {
    if (live) client.setTracked(!hidden)
  }, [client, live, hidden])

  const throttles = useRef(new Map<string, ReturnType<typeof throttle<{ x: number; y: number }>>>())
  const dragMoved = useCallback(
    (item: string, position: { x: number; y: number } | null) => {
      if (!live || hiddenNow.current) return
      let t = throttles.current.get(item)
      if (position) {
        if (!t) {
          t = throttle(DRAG_BROADCAST_INTERVAL_MS, (p) => client.drag({ item, x: p.x, y: p.y }))
          throttles.current.set(item, t)
        }
        t.push(position)
      } else if (t) {
        t.flush()
        throttles.current.delete(item)
        client.drag({ item, x: 0, y: 0, end: true })
      }
    },
    [client, live],
  )

  return { peers, drags, dragMoved, failed: live && failed, retry }
}
