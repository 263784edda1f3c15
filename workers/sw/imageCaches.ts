// Which image cache a Storage image goes to: the cache of the person the page says is signed in
// (CACHE_OWNER_KEY, written by the page), or the guest's. A private object (a signed or authenticated
// URL) is cached only for a signed-in person, never in the guest's cache: an image fetched in the
// moment before the page names its user must not outlive that user's session.
import { CACHE_OWNER_CACHE, CACHE_OWNER_KEY, imageCacheFor } from '../../src/lib/cacheNames'

const publicObject = /^\/storage\/v1\/(?:object|render\/image)\/public\//

/** The cache for an image URL, or null when it must not be cached. */
export function imageCacheName(href: string, owner: string | null): string | null {
  if (owner) return imageCacheFor(owner)
  return publicObject.test(new URL(href).pathname) ? imageCacheFor(null) : null
}

/** Who the page last said is signed in (null: nobody). */
export async function readCacheOwner(): Promise<string | null> {
  const answer = await caches.match(CACHE_OWNER_KEY, { cacheName: CACHE_OWNER_CACHE })
  const owner = answer ? (await answer.text()).trim() : ''
  return owner === '' ? null : owner
}
