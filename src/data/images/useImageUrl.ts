// The URL to put in an <img> for a stored image, kept current: it follows the upload queue (local Blob
// first) and can be re-resolved with a freshly signed link after a failed load.
import { useCallback, useEffect, useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { useReplica } from '../ReplicaContext'
import { resolveImage } from './imageSource'

export interface ImageUrl {
  /** null while resolving, or when there is no way to show the image right now. */
  url: string | null
  resolving: boolean
  /** The image still waits to upload (shown from the device). */
  pendingUpload: boolean
  /** Resolves again, signing a new link for private images. */
  refresh: () => void
}

export function useImageUrl(imagePath: string | null, externalUrl: string | null = null): ImageUrl {
  const { db, images } = useReplica()
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<{ url: string | null; resolving: boolean }>({ url: null, resolving: true })
  const pendingUpload = useLiveQuery(
    async () => (imagePath ? (await db.pendingUploads.get(imagePath)) !== undefined : false),
    [db, imagePath],
  )

  useEffect(() => {
    let cancelled = false
    let objectUrl: string | null = null
    setState((s) => ({ url: s.url, resolving: true }))
    void resolveImage(db, images, imagePath, externalUrl, attempt > 0).then((source) => {
      if (cancelled) return
      if (source?.kind === 'blob') {
        objectUrl = URL.createObjectURL(source.blob)
        setState({ url: objectUrl, resolving: false })
      } else setState({ url: source?.url ?? null, resolving: false })
    })
    return () => {
      cancelled = true
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [db, images, imagePath, externalUrl, attempt, pendingUpload])

  const refresh = useCallback(() => setAttempt((n) => n + 1), [])
  return { url: state.url, resolving: state.resolving, pendingUpload: pendingUpload ?? false, refresh }
}
