// The URL to put in an <img> for a stored image, kept current: it follows the upload queue (local Blob
// first) and can be re-resolved with a freshly signed link after a failed load.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { MooriDB } from '../db'
import type { ImageSigner } from '../replica'
import { useReplicaBase, useReplicaDb } from '../ReplicaContext'
import { PUBLIC_BUCKETS } from '@/lib/wardrobe/storage'
import { splitImagePath } from './imagePath'
import { resolveImage } from './imageSource'
import { acquireImage } from './sharedImageSources'
import { publicSrcSet } from './sizedSources'
import { useWaitsToUpload } from './useWaitsToUpload'

export interface ImageUrl {
  /** null while resolving, or when there is no way to show the image right now. */
  url: string | null
  /** The same photo in smaller sizes (a public stored photo), for `srcset`; null otherwise. */
  srcSet: string | null
  resolving: boolean
  /** The image still waits to upload (shown from the device). */
  pendingUpload: boolean
  /** Resolves again, signing a new link for private images. */
  refresh: () => void
}

type Resolved = { url: string | null; resolving: boolean }

/**
 * The URL known without asking the replica: an external link, or a public image that does not wait to
 * upload. The first render then already has its `src`, so the browser starts loading the picture at
 * once instead of two database round trips later (a wall's cold open shows its photos that much sooner).
 */
function knownUrl(signer: ImageSigner, imagePath: string | null, externalUrl: string | null, pending: boolean | undefined): string | null {
  if (!imagePath) return externalUrl
  if (pending !== false) return null
  const parts = splitImagePath(imagePath)
  return parts && PUBLIC_BUCKETS.has(parts.bucket) ? signer.publicUrl(parts.bucket, parts.path) : null
}

/**
 * `knownPending`: whether the image waits to upload, when the caller already read it with its rows
 * (a wall's items do); the hook then skips its own query for it.
 */
export function useImageUrl(imagePath: string | null, externalUrl: string | null = null, knownPending?: boolean): ImageUrl {
  const { images } = useReplicaBase()
  // Null while the database's code loads (a first visit's first screen): a known link shows at once.
  const db = useReplicaDb()
  const [attempt, setAttempt] = useState(0)
  const known = knownUrl(images, imagePath, externalUrl, knownPending)
  const [state, setState] = useState<Resolved>(() => (known ? { url: known, resolving: false } : { url: null, resolving: true }))
  const pendingUpload = useWaitsToUpload(db, imagePath, knownPending)
  // What the last resolve found for this image (`key`: path, link and attempt), whether it is the local
  // copy, and how to let go of it. The upload state is read beside the picture: its first answer, or the
  // upload ending, must not resolve the picture again (a batch of 20 photos made each thumbnail read its
  // Blob twice and sign a link for a picture already on screen). A local copy once shown stays: it is
  // the same picture. Its object URL is shared with whatever else shows the same image
  // (`sharedImageSources`).
  const last = useRef<Shown | null>(null)
  useEffect(() => () => letGo(last), [])

  useEffect(() => {
    if (known && attempt === 0) {
      letGo(last)
      setState((s) => (s.url === known && !s.resolving ? s : { url: known, resolving: false }))
      return
    }
    const key = `${imagePath}\n${externalUrl}\n${attempt}`
    const previous = last.current
    // Resolved already: again only for a photo that now waits to upload where a link was shown.
    if (previous?.key === key && (previous.local || pendingUpload !== true)) return
    if (!db) return
    let cancelled = false
    setState((s) => ({ url: s.url, resolving: true }))
    const resolved = resolveShown(db, images, imagePath, externalUrl, attempt > 0)
    void resolved.source.then((shown) => {
      if (cancelled) return resolved.release()
      letGo(last)
      last.current = { key, local: shown?.local ?? false, release: resolved.release }
      setState({ url: shown?.url ?? null, resolving: false })
    })
    return () => {
      cancelled = true
    }
  }, [db, images, imagePath, externalUrl, attempt, pendingUpload, known])

  const refresh = useCallback(() => setAttempt((n) => n + 1), [])
  const srcSet = useMemo(() => publicSrcSet(images, imagePath, state.url), [images, imagePath, state.url])
  return { url: state.url, srcSet, resolving: state.resolving, pendingUpload: pendingUpload ?? false, refresh }
}

/** A stored image through the shared resolves (one object URL per local copy, however many show it); an
 * external link as it is; a retry (`fresh`) on its own, with a newly signed link. */
function resolveShown(
  db: MooriDB,
  signer: ImageSigner,
  imagePath: string | null,
  externalUrl: string | null,
  fresh: boolean,
): ReturnType<typeof acquireImage> {
  if (imagePath && !fresh) return acquireImage(db, signer, imagePath)
  let local: string | null = null
  const source = resolveImage(db, signer, imagePath, externalUrl, fresh).then((found) => {
    if (found?.kind === 'blob') local = URL.createObjectURL(found.blob)
    return found ? { url: local ?? (found.kind === 'url' ? found.url : ''), local: local !== null } : null
  })
  return {
    source,
    release: () => {
      if (local) URL.revokeObjectURL(local)
    },
  }
}

/** The resolved picture a hook shows, and how to let go of it. */
interface Shown {
  key: string
  local: boolean
  release: () => void
}

function letGo(last: { current: Shown | null }): void {
  last.current?.release()
  last.current = null
}
