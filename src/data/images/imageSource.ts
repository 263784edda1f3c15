// Where an image is shown from: the local Blob while it waits to upload (so a new card shows at once,
// offline too), the public URL for the public bucket, a signed URL for private buckets (kept in the
// replica until shortly before it expires, so pages do not re-sign on every render), or an external URL.
import { BUCKETS, PUBLIC_BUCKETS } from '@/lib/wardrobe/storage'
import { networkOnline } from '../connectivity'
import type { MooriDB } from '../db'
import type { ImageSigner } from '../replica'
import { splitImagePath } from './imagePath'

/** Signed-URL lifetimes on refresh (spec §9): a week for wardrobe images and stickers, an hour for OOTD. */
function signedUrlLifetime(bucket: string): number {
  return bucket === BUCKETS.ootd ? 3600 : 604_800
}

export type ImageSource = { kind: 'blob'; blob: Blob } | { kind: 'url'; url: string }

/** Resolves an image; `fresh` skips the cached signed URL (a retry after a failed load). */
export async function resolveImage(
  db: MooriDB,
  signer: ImageSigner,
  imagePath: string | null,
  externalUrl: string | null,
  fresh = false,
): Promise<ImageSource | null> {
  if (!imagePath) return externalUrl ? { kind: 'url', url: externalUrl } : null
  const pending = await db.pendingUploads.get(imagePath)
  if (pending) return { kind: 'blob', blob: pending.blob }
  const parts = splitImagePath(imagePath)
  if (!parts) return null
  if (PUBLIC_BUCKETS.has(parts.bucket)) return { kind: 'url', url: signer.publicUrl(parts.bucket, parts.path) }
  const cached = await db.signedUrls.get(imagePath)
  if (cached && !fresh && cached.expiresAt - 60_000 > Date.now()) return { kind: 'url', url: cached.url }
  // Offline a new link cannot be had: no waiting on a request that must fail (seconds on a busy device).
  if (!networkOnline()) return { kind: 'url', url: cached ? cached.url : signer.objectUrl(parts.bucket, parts.path) }
  const lifetime = signedUrlLifetime(parts.bucket)
  try {
    const url = await signer.sign(parts.bucket, parts.path, lifetime)
    await db.signedUrls.put({ key: imagePath, url, expiresAt: Date.now() + lifetime * 1000 })
    return { kind: 'url', url }
  } catch {
    // Offline: an expired link still names the image, and the service worker's cache ignores the token;
    // with no link at all, the object's token-free address names it just as well (keepWardrobeOffline
    // puts the user's own wardrobe there without any screen having shown it).
    return { kind: 'url', url: cached ? cached.url : signer.objectUrl(parts.bucket, parts.path) }
  }
}
