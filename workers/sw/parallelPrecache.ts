// Precaches the app a few requests at a time. Workbox's own install fetches its list one request after
// another (workbox issue 2528: memory on huge lists); our 85 files then took 3 to 5 s here, and until
// the install ends a first visit does not work offline (issue 27's "offline-ready", goal ≤ 5 s). The
// list, cache keys and cache are Workbox's (`PrecacheController`): its route and clean-up work as before.

/** What the install needs of the precache: Workbox's `PrecacheController` gives all of it. */
export interface PrecacheList {
  /** Absolute URL → cache key (the URL with `__WB_REVISION__` for an unhashed file). */
  getURLsToCacheKeys(): Map<string, string>
}

export interface PrecacheIo {
  fetch: (request: Request) => Promise<Response>
  cache: Pick<Cache, 'put'>
}

/** How many files are fetched at once: the page's own requests (its photos, the next screens' code)
 * share the browser's connections with these. */
const PRECACHE_PARALLEL = 4

/**
 * Fetches every file of the list (`revisioned`: URLs whose file name has no hash, fetched past the HTTP
 * cache, as Workbox does) and stores it under its cache key. Rejects (the install fails, and is tried
 * again at the next visit, as with Workbox) when any file does not answer 200.
 */
export async function installPrecache(list: PrecacheList, revisioned: Set<string>, io: PrecacheIo, parallel = PRECACHE_PARALLEL): Promise<void> {
  const queue = [...list.getURLsToCacheKeys()]
  const next = async (): Promise<void> => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [url, cacheKey] = item
      const request = new Request(url, { cache: revisioned.has(url) ? 'reload' : 'default', credentials: 'same-origin' })
      const response = await io.fetch(request)
      if (response.status !== 200) throw new Error(`Precaching ${url} failed: ${response.status}`)
      // A redirected response cannot answer a navigation: keep its body and headers only.
      const kept = response.redirected ? new Response(await response.blob(), { headers: response.headers }) : response
      await io.cache.put(cacheKey, kept)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, next))
}
