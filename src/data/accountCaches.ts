// What the service worker keeps on the device besides the replica: every image the user saw (private
// ones included, for up to 60 days) and a photo shared to Moori that waits for a wall. Both belong to
// the person signed in, so signing out or deleting the account clears them: the next person on a
// shared device finds none of it.
import { IMAGE_CACHE } from '@/lib/cacheNames'
import { SHARED_PHOTO_CACHE } from '@/lib/shareTarget'

const ACCOUNT_CACHES = [IMAGE_CACHE, SHARED_PHOTO_CACHE] as const

export async function clearAccountCaches(): Promise<void> {
  if (typeof caches === 'undefined') return
  await Promise.all(ACCOUNT_CACHES.map((name) => caches.delete(name)))
}
