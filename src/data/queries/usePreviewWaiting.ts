// Whether the guest asked to save their preview wall (it then becomes a wall after sign-up). The app
// shell asks on every screen, so this reads the guest database only once the replica's database code
// has loaded, not before the first screen (usePreview.ts, for the preview's own screen, loads it at once).
import { useEffect, useState } from 'react'
import type { PreviewStore } from '../mutations/preview'
import { PREVIEW_WALL_ID } from '../model/preview'
import { useReplicaDb } from '../ReplicaContext'
import { useLive } from './useEqualLiveQuery'

export function usePreviewWaiting(): boolean {
  const store = useGuestStoreOnceLoaded()
  return (
    useLive(store && (async () => Boolean((await store.db.previewWall.get(PREVIEW_WALL_ID))?.saveRequested)), [store]) ?? false
  )
}

function useGuestStoreOnceLoaded(): PreviewStore | null {
  const loaded = useReplicaDb() !== null
  const [store, setStore] = useState<PreviewStore | null>(null)
  useEffect(() => {
    if (!loaded || store) return
    let cancelled = false
    import('../guestDatabase').then(
      ({ guestPreviewStore }) => !cancelled && setStore(guestPreviewStore()),
      (error: unknown) => console.warn('Could not open the guest database', error),
    )
    return () => {
      cancelled = true
    }
  }, [loaded, store])
  return store
}
