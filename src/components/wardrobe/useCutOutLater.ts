// Stickers made from a wardrobe item while offline (or when background removal failed) show the item's
// photo until they get their cut-out: on this wall, whenever the device is online (opening the wall,
// coming back online), the user's waiting stickers are swapped for cut-outs. Failures only warn; the
// next visit tries again.
import { useEffect, useRef } from 'react'
import { cutOutWaitingStickers } from '@/data/wardrobe/wardrobeImport'
import { useReplica } from '@/data/ReplicaContext'
import { useConnectivity } from '@/data/connectivity'

export function useCutOutLater(wallId: string, enabled: boolean): void {
  const replica = useReplica()
  const { online } = useConnectivity()
  const running = useRef(false)
  useEffect(() => {
    if (!enabled || !online || running.current) return
    running.current = true
    void cutOutWaitingStickers(replica, wallId)
      .catch((error: unknown) => console.warn('Could not cut out the waiting stickers yet', error))
      .finally(() => {
        running.current = false
      })
  }, [replica, wallId, online, enabled])
}
