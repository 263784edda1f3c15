// The guest preview wall and its polaroids, live from the guest database (whoever is signed in).
import { useLiveQuery } from 'dexie-react-hooks'
import { guestPreviewStore } from '../guestDatabase'
import { PREVIEW_WALL_ID, type PreviewPolaroidRow, type PreviewWallRow } from '../model/preview'
import type { PreviewStore } from '../mutations/preview'

export interface PreviewView {
  store: PreviewStore
  /** undefined while loading; null before anything was stored. */
  wall: PreviewWallRow | null | undefined
  polaroids: PreviewPolaroidRow[] | undefined
}

export function usePreview(): PreviewView {
  const store = guestPreviewStore()
  const wall = useLiveQuery(async () => (await store.db.previewWall.get(PREVIEW_WALL_ID)) ?? null, [store])
  const polaroids = useLiveQuery(() => store.db.previewPolaroids.orderBy('createdAt').toArray(), [store])
  return { store, wall, polaroids }
}
