// Stickers made from a wardrobe item while offline (or when background removal failed) show the item's
// photo until they get their cut-out. On this wall the user's waiting stickers are swapped for cut-outs:
// online (opening the wall, coming back online) from the server; offline, as soon as there are waiting
// ones, from this device when its cut-out runtime reached it once. Failures only warn; offline the same
// waiting stickers are not tried again until the network changes or another one waits.
import { useEffect, useMemo, useRef } from 'react'
import { browserImageTools } from '@/data/images/browserImageTools'
import { cutOutWaitingStickers } from '@/data/wardrobe/wardrobeImport'
import { useReplica } from '@/data/ReplicaContext'
import { useConnectivity } from '@/data/connectivity'
import type { PlacedSticker } from './importSelection'

export function useCutOutLater(wallId: string, enabled: boolean, stickers: readonly PlacedSticker[]): void {
  const replica = useReplica()
  const { online } = useConnectivity()
  const running = useRef(false)
  // Offline, the waiting stickers this device could not cut out (its runtime never reached it).
  const gaveUpOn = useRef<string | null>(null)
  const userId = replica.userId
  const waiting = useMemo(
    () =>
      stickers
        .filter((s) => s.createdBy === userId && s.needsCutout && s.originalItemId !== null)
        .map((s) => s.id)
        .sort()
        .join(),
    [stickers, userId],
  )
  // Online: when the wall opens and when the network comes back (not per new waiting sticker: the server
  // just failed it). Offline: whenever the waiting stickers change.
  const trigger = online ? 'online' : waiting
  useEffect(() => {
    if (online) gaveUpOn.current = null
    if (!enabled || running.current) return
    if (!online && (trigger === '' || gaveUpOn.current === trigger)) return
    running.current = true
    void cutOutWaitingStickers(replica, wallId, { online }, browserImageTools)
      .catch((error: unknown) => {
        if (!online) gaveUpOn.current = trigger
        console.warn('Could not cut out the waiting stickers yet', error)
      })
      .finally(() => {
        running.current = false
      })
  }, [replica, wallId, online, enabled, trigger])
}
