// The photos waiting from a Web Share Target share (see src/lib/shareTarget.ts), read once per mount:
// `file` is the first (a wall takes one), `files` all of them (the wardrobe takes many).
import { useCallback, useEffect, useState } from 'react'
import { forgetSharedPhoto, readSharedPhotos } from '@/lib/sharedPhoto'

export type SharedPhoto =
  | { status: 'loading'; file: null; files: File[] }
  | { status: 'none'; file: null; files: File[] }
  | { status: 'ready'; file: File; files: File[] }

export function useSharedPhoto(enabled = true): SharedPhoto & { forget: () => Promise<void> } {
  const [photo, setPhoto] = useState<SharedPhoto>({ status: 'loading', file: null, files: [] })

  useEffect(() => {
    if (!enabled) return
    let live = true
    void readSharedPhotos()
      .catch((error: unknown) => {
        console.warn('Could not read the shared photo', error)
        return []
      })
      .then((files) => {
        const first = files[0]
        if (live) setPhoto(first ? { status: 'ready', file: first, files } : { status: 'none', file: null, files: [] })
      })
    return () => {
      live = false
    }
  }, [enabled])

  const forget = useCallback(async () => {
    setPhoto({ status: 'none', file: null, files: [] })
    await forgetSharedPhoto().catch((error: unknown) =>
      console.warn('Could not forget the shared photo', error),
    )
  }, [])

  return { ...photo, forget }
}

/** Navigation state that asks a wall (or a new one) to open its upload dialog with the shared photo. */
export interface SharedPhotoState {
  sharedPhoto: true
}

export const sharedPhotoState: SharedPhotoState = { sharedPhoto: true }

export function wantsSharedPhoto(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as Partial<SharedPhotoState>).sharedPhoto === true
  )
}
