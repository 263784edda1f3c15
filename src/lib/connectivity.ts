// What "online" means in Moori, as one pure rule (src/data/connectivity.ts feeds it and every component
// reads its answer). Two facts go in: the browser's network flag and whether the sync engine reaches
// the backend. Work that needs the server (the product API, the account's first profile, jobs) counts
// as online only when both say so; presence and the sync engine's own wake-ups need only the network;
// the status chip also tells when the app itself runs from the service worker's cache.

export interface ConnectivityFacts {
  /** `navigator.onLine`. */
  network: boolean
  /** The sync engine's last word on reaching the backend; undefined before it has said anything. */
  backend: boolean | undefined
  /** A service worker controls the page (its cache serves the app). */
  serviceWorkerControls: boolean
}

export interface Connectivity {
  /** The device has a network: enough for the engine's wake-ups and presence's own connection. */
  network: boolean
  /** Work that needs the server can happen now: a network that cannot reach Moori counts as offline. */
  online: boolean
  /** Offline (no network, or no way to the backend) with a service worker in control: the app itself
   * runs from the device's cache. */
  fromCache: boolean
}

export function connectivityOf({ network, backend, serviceWorkerControls }: ConnectivityFacts): Connectivity {
  const online = network && (backend ?? true)
  // Offline by either fact: a network that cannot reach Moori (or a browser whose network flag says
  // yes when it cannot, as Chromium's can after a page served by the service worker) is offline too.
  return { network, online, fromCache: !online && serviceWorkerControls }
}
