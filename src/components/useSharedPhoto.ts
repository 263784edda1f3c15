// The photo waiting from a Web Share Target share (see src/lib/shareTarget.ts), read once per mount.
import { useCallback, useEffect, useState } from 'react'
import { forgetSharedPhoto, readSharedPhoto } from '@/lib/sharedPhoto'

export type SharedPhoto =
  { status: 'loading'; file: null } | { status: 'none'; file: null } | { status: 'ready'; file: File }

export function useSharedPhoto(enabled = true): SharedPhoto & { forget: () => Promise<void> } {
  const [photo, setPhoto] = useState<SharedPhoto>({ status: 'loading', file: null })

  useEffect(() => {
    if (!enabled) return
    let live = true
    void readSharedPhoto()
      .catch((error: unknown) => {
        console.warn('Could not read the shared photo', error)
        return null
      })
      .then((file) => {
        if (live) setPhoto(file ? { status: 'ready', file } : { status: 'none', file: null })
      })
    return () => {
      live = false
    }
  }, [enabled])

  const forget = useCallback(async () => {
    setPhoto({ status: 'none', file: null })
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
