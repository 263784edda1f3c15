/// <reference lib="webworker" />
// Moori's service worker (Workbox, injectManifest). It precaches the app shell (one versioned
// precache per build; old ones are cleaned up), answers every navigation with the shell of its own
// build (whose chunks it holds), keeps the cut-out runtime and model on first use, caches Storage images cache-first under a token-free key, in a cache
// per person (imageCaches.ts: the page says who is signed in; a guest's cache holds public images only), and never
// caches auth, REST, realtime or the product API; it also receives photos shared to Moori (the Web
// Share Target). It waits to take over until the user accepts the update prompt: no unconditional
// skipWaiting, so old and new code never mix under unsynced work.
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching'
import { NavigationRoute, Route, Router } from 'workbox-routing'
import type { WorkboxPlugin } from 'workbox-core/types'
import { CacheFirst, NetworkOnly } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { assetPathPattern, isCutoutAsset } from '../src/lib/assetPaths'
import { CUTOUT_CACHE } from '../src/lib/cacheNames'
import { SHARE_TARGET_ACTION, SHARED_PHOTO_CACHE } from '../src/lib/shareTarget'
import { LIVE_SERVICE_PATTERNS, imageCacheKey, isLiveServicePath, wholeObjectKey } from '../src/lib/imageCacheKey'
import { imageCacheName, readCacheOwner } from './sw/imageCaches'
import { receiveShare } from './sw/shareTarget'
import { installPrecache } from './sw/parallelPrecache'
import { FetchesInFlight, withSignal } from './sw/fetchesInFlight'
import { END_FETCHES, FETCHES_IN_FLIGHT, SKIP_WAITING } from '../src/lib/serviceWorkerMessages'

declare const self: ServiceWorkerGlobalScope

// Every fetch event this worker answers is followed until it ends, and its network requests take a
// signal that an accepted update aborts (fetchesInFlight.ts): the new version activates only once this
// one answers nothing. Our own router, so that each event is followed from before a route sees it.
const fetches = new FetchesInFlight()
const router = new Router()
self.addEventListener('fetch', (event) => {
  const answer = fetches.follow(event, () => router.handleRequest({ event, request: event.request }))
  if (answer) event.respondWith(answer)
})
/** For every strategy: its network requests end when an update is accepted. */
const endable: WorkboxPlugin = {
  requestWillFetch: ({ request, event }) => Promise.resolve(withSignal(request, fetches.signalFor(event))),
}

// Workbox's precache list, route and clean-up, with our own install: a few files at a time, not one.
const manifest = self.__WB_MANIFEST
const precache = new PrecacheController({ plugins: [endable] })
precache.addToCacheList(manifest)
const revisioned = new Set(
  manifest.flatMap((entry) => (typeof entry !== 'string' && entry.revision ? [new URL(entry.url, self.location.href).href] : [])),
)
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(precache.strategy.cacheName).then((cache) => installPrecache(precache, revisioned, { fetch: (request) => fetch(request), cache })),
  )
})
self.addEventListener('activate', (event) => void precache.activate(event))
router.registerRoute(new PrecacheRoute(precache))
cleanupOutdatedCaches()
// A first install controls the open page at once (nothing older to mix with); a later version only
// activates when the user accepts it, and the page reloads then.
clientsClaim()

router.registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), {
    // Service paths and static files: only app routes get the shell.
    denylist: [/^\/(auth|rest|storage|realtime|functions)\/v1\//, /^\/api\//, /^\/inbox/, assetPathPattern],
  }),
)

router.registerRoute(new Route(({ url }) => isLiveServicePath(url.pathname), new NetworkOnly({ plugins: [endable] })))

/** Chromium's static routing (123+), not yet in TypeScript's lib. */
interface RoutingInstallEvent extends ExtendableEvent {
  addRoutes?: (rules: Array<{ condition: { urlPattern: unknown }; source: 'network' }>) => Promise<void>
}
declare const URLPattern: (new (init: { pathname: string }) => unknown) | undefined

// Where the browser can, live service traffic skips this worker entirely (the route above is the
// fallback): no fetch event per request, so a sync retrying against a dead network neither wakes the
// worker nor keeps an old version busy, which held an accepted update from activating (Chromium
// activates a waiting version only once the old one has no request in flight).
self.addEventListener('install', (event) => {
  const routing = event as RoutingInstallEvent
  if (typeof routing.addRoutes !== 'function' || typeof URLPattern === 'undefined') return
  const Pattern = URLPattern
  const rules = LIVE_SERVICE_PATTERNS.map((pathname) => ({
    condition: { urlPattern: new Pattern({ pathname }) },
    source: 'network' as const,
  }))
  event.waitUntil(routing.addRoutes(rules).catch((error: unknown) => console.warn('No static routes', error)))
})

// A photo shared from the phone's gallery (the manifest's share_target) arrives here, online or not.
router.registerRoute(
  new Route(
    ({ url }) => url.origin === self.location.origin && url.pathname === SHARE_TARGET_ACTION,
    async ({ request }) => receiveShare(request, await caches.open(SHARED_PHOTO_CACHE), self.location.origin),
    'POST',
  ),
)

// The cut-out worker, onnxruntime and the model (about 19 MB) are not precached: kept here the first time
// the wardrobe fetches them, so cut-outs work offline from then on. Only real files: a 200 that is not the
// HTML shell.
router.registerRoute(
  new Route(
    ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isCutoutAsset(url.pathname),
    new CacheFirst({
      cacheName: CUTOUT_CACHE,
      plugins: [
        endable,
        new CacheableResponsePlugin({ statuses: [200] }),
        {
          cacheWillUpdate: ({ response }) =>
            Promise.resolve(response.headers.get('content-type')?.includes('text/html') ? null : response),
        },
        new ExpirationPlugin({ maxEntries: 8, purgeOnQuotaError: true }),
      ],
    }),
  ),
)

const imageStrategies = new Map<string, CacheFirst>()
function imageStrategy(cacheName: string): CacheFirst {
  let strategy = imageStrategies.get(cacheName)
  if (!strategy) {
    strategy = new CacheFirst({
      cacheName,
      plugins: [
        endable,
        { cacheKeyWillBeUsed: ({ request }) => Promise.resolve(imageCacheKey(request.url) ?? request.url) },
        // Offline (or a failed load), another size of the same photo beats none: the stored one first,
        // then any size kept.
        {
          handlerDidError: async ({ request }) => {
            const key = imageCacheKey(request.url)
            if (!key) return undefined
            const cache = await caches.open(cacheName)
            const whole = wholeObjectKey(key)
            return (await cache.match(whole)) ?? (await cache.match(whole, { ignoreSearch: true })) ?? undefined
          },
        },
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 1500, maxAgeSeconds: 60 * 86_400, purgeOnQuotaError: true }),
      ],
    })
    imageStrategies.set(cacheName, strategy)
  }
  return strategy
}

router.registerRoute(
  new Route(
    ({ url, request }) => request.method === 'GET' && imageCacheKey(url.href) !== null,
    async ({ request, event }) => {
      const cacheName = imageCacheName(request.url, await readCacheOwner())
      return cacheName ? imageStrategy(cacheName).handle({ request, event }) : fetch(request, { signal: fetches.signalFor(event) })
    },
  ),
)

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null
  // The page sends these only after the user accepted the update and pending changes were pushed:
  // SKIP_WAITING to the new version, END_FETCHES to this one when it is the version being left.
  if (data?.type === SKIP_WAITING) {
    // Said at once (skipWaiting's promise settles only on activation): the ask arrived.
    event.ports[0]?.postMessage(true)
    event.waitUntil(self.skipWaiting())
  } else if (data?.type === END_FETCHES) {
    event.ports[0]?.postMessage(fetches.endAll('An update was accepted'))
  } else if (data?.type === FETCHES_IN_FLIGHT) {
    event.ports[0]?.postMessage(fetches.list())
  }
})
