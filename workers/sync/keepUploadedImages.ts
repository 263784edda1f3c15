// A photo this device uploads goes into the user's image cache the moment its upload succeeds, from the
// Blob that was sent, under the key the service worker gives the object (`imageCacheKey`). Offline keeping
// (keepWardrobeOffline.ts) then finds it there instead of signing a link and downloading the photo the
// device just sent: in a batch of 20 outfit photos that was 20 signs and 20 downloads on the page while
// the rest of the batch was still being shrunk and queued. Here it happens in the sync worker.
import { imageCacheFor } from '@/lib/cacheNames'
import { imageCacheKey } from '@/lib/imageCacheKey'
import type { SyncTransport } from './transport'

/** Keeping is best effort: a cache that has not taken the photo by then no longer holds up the push. */
const KEEP_WITHIN_MS = 10_000

/** The caches a photo is put in (the browser's CacheStorage; another in tests). */
export type OpenCache = (name: string) => Promise<Pick<Cache, 'put'>>

/**
 * `transport` whose uploads also keep the sent photo in `userId`'s image cache. A photo that cannot be
 * kept is only logged (offline keeping downloads it later); the upload's own outcome is unchanged.
 * Without a user or a CacheStorage, the transport as it is.
 */
export function keepingUploadedImages(
  transport: SyncTransport,
  supabaseUrl: string,
  userId: string | null,
  open: OpenCache | null = typeof caches === 'undefined' ? null : (name) => caches.open(name),
): SyncTransport {
  if (!userId || !open) return transport
  const base = supabaseUrl.replace(/\/$/, '')
  return {
    ...transport,
    async upload(bucket, path, blob, contentType) {
      await transport.upload(bucket, path, blob, contentType)
      const key = imageCacheKey(`${base}/storage/v1/object/${bucket}/${path}`)
      if (!key) return
      let timer: ReturnType<typeof setTimeout> | undefined
      try {
        const keep = async () => {
          const cache = await open(imageCacheFor(userId))
          const headers = { 'Content-Type': contentType, 'Content-Length': String(blob.size), Date: new Date().toUTCString() }
          await cache.put(key, new Response(blob, { status: 200, headers }))
        }
        const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`not kept within ${KEEP_WITHIN_MS} ms`)), KEEP_WITHIN_MS)))
        await Promise.race([keep(), late])
      } catch (error) {
        console.warn(`[sync] Could not keep ${bucket}/${path} in the image cache`, error)
      } finally {
        clearTimeout(timer)
      }
    },
  }
}
