// Images are cached under a key without the signed-URL token: a signed link changes every time it is
// re-signed, but it names the same object, so an image seen once opens offline whatever link the page
// holds then. Public, signed and authenticated URLs of one object share one key; a resized one
// (`/render/image`) adds its size, so a card's small copy never stands in for the full view online.
const objectPath = /^\/storage\/v1\/(object|render\/image)\/(?:public\/|sign\/|authenticated\/)?(.+)$/

/** What makes one rendered size differ from another, in a fixed order. */
const RENDER_PARAMS = ['width', 'height', 'resize', 'quality'] as const

/** The cache key for a Storage image URL, or null when the URL is not a Storage object. */
export function imageCacheKey(href: string): string | null {
  const url = new URL(href)
  const match = objectPath.exec(url.pathname)
  if (!match) return null
  const key = `${url.origin}/storage/v1/object/${match[2]}`
  if (match[1] === 'object') return key
  const size = new URLSearchParams()
  for (const name of RENDER_PARAMS) {
    const value = url.searchParams.get(name)
    if (value) size.set(name, value)
  }
  const query = size.toString()
  return query ? `${key}?${query}` : key
}

/** The key every size of the same object starts with (the stored object's own key). */
export function wholeObjectKey(key: string): string {
  return key.split('?')[0]!
}

/** The live service paths as URL patterns, for the browser's static routing (sw.ts). */
export const LIVE_SERVICE_PATTERNS = ['/auth/v1/*', '/rest/v1/*', '/realtime/v1/*', '/functions/v1/*', '/api/*', '/inbox*']

/** Requests the service worker must never answer from a cache. */
export function isLiveServicePath(pathname: string): boolean {
  return /^\/(auth|rest|realtime|functions)\/v1\//.test(pathname) || pathname.startsWith('/api/') || pathname.startsWith('/inbox')
}
