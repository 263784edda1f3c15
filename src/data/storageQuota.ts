// When the device runs out of space, saving a new photo must not fail silently or lose anything:
// the oldest cached images are evicted (never the pending uploads, which live in the replica) and the
// write is tried once more; if it still does not fit the user is told plainly.
import { isImageCache } from '@/lib/cacheNames'
import { MutationError } from './replica'

export const OUT_OF_SPACE_MESSAGE = 'Your device is out of storage space. Free up some space, then try again.'

function isQuotaError(error: unknown): boolean {
  const names = [error, (error as { inner?: unknown } | null)?.inner].map((e) => (e as { name?: string } | null)?.name)
  return names.some((n) => n === 'QuotaExceededError' || n === 'QuotaExceeded')
}

/** Deletes the oldest share of each image cache; returns how many were removed. */
async function evictOldestImages(share = 0.3): Promise<number> {
  if (typeof caches === 'undefined') return 0
  let removed = 0
  for (const name of (await caches.keys()).filter(isImageCache)) {
    const cache = await caches.open(name)
    const keys = await cache.keys() // insertion order: oldest first
    if (keys.length === 0) continue
    const victims = keys.slice(0, Math.max(1, Math.ceil(keys.length * share)))
    await Promise.all(victims.map((request) => cache.delete(request)))
    removed += victims.length
  }
  return removed
}

export async function withQuotaRecovery<T>(write: () => Promise<T>, evict: () => Promise<number> = evictOldestImages): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (!isQuotaError(error)) throw error
    if ((await evict()) === 0) throw new MutationError(OUT_OF_SPACE_MESSAGE)
    try {
      return await write()
    } catch (retryError) {
      if (isQuotaError(retryError)) throw new MutationError(OUT_OF_SPACE_MESSAGE)
      throw retryError
    }
  }
}
