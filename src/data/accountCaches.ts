// What the service worker keeps on the device besides the replica: every image the user saw (private
// ones included, for up to 60 days) and a photo shared to Moori that waits for a wall. Both belong to
// the person signed in, so they are cleared whenever a session ends: signing out, deleting the
// account, and a session that ended on its own (it expired, or was signed out on another device):
// the next person on a shared device finds none of it. Images are also cached apart per person (see
// cacheNames.ts): the page tells the service worker who is signed in.
import { CACHE_OWNER_CACHE, CACHE_OWNER_KEY, isUserImageCache } from '@/lib/cacheNames'
import { SHARED_PHOTO_CACHE } from '@/lib/shareTarget'

export async function clearAccountCaches(): Promise<void> {
  if (typeof caches === 'undefined') return
  const names = (await caches.keys()).filter((name) => isUserImageCache(name) || name === SHARED_PHOTO_CACHE)
  await Promise.all(names.map((name) => caches.delete(name)))
}

/** Tells the service worker whose image cache to use (null: the guest's, and no private images). */
export async function setCacheOwner(userId: string | null): Promise<void> {
  if (typeof caches === 'undefined') return
  const cache = await caches.open(CACHE_OWNER_CACHE)
  await cache.put(CACHE_OWNER_KEY, new Response(userId ?? '', { headers: { 'Content-Type': 'text/plain' } }))
}
