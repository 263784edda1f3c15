// Registers the service worker (production builds only) and tracks whether a new version waits. The
// new worker only takes over when the user accepts: pending changes are pushed first, then it is told
// to activate, and the page reloads once it controls the page. Registration (and workbox-window with
// it) waits for the load event and the first screen, so precaching never competes with the first paint.
import type { Workbox } from 'workbox-window'
import { afterFirstScreen } from '@/lib/afterFirstScreen'

type Listener = () => void

let workbox: Workbox | null = null
let registering = false
let waiting = false
const listeners = new Set<Listener>()

async function register(): Promise<void> {
  const { Workbox } = await import('workbox-window')
  workbox = new Workbox('/sw.js')
  workbox.addEventListener('waiting', () => {
    waiting = true
    listeners.forEach((l) => l())
  })
  await workbox.register()
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || registering) return
  registering = true
  const later = () =>
    afterFirstScreen(() => {
      register().catch((error: unknown) => console.error('Could not register the service worker', error))
    })
  if (document.readyState === 'complete') later()
  else window.addEventListener('load', later, { once: true })
}

export function updateWaiting(): boolean {
  return waiting
}

export function onUpdateChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Activates the waiting version after `beforeReload` (pushing pending changes) has run, and reloads
 * once it controls the page. Watched on the browser's own events, not workbox-window's: the new version
 * may already be active (accepted in another tab), and then nothing is waiting and this tab just reloads. */
export async function acceptUpdate(beforeReload: () => Promise<void>): Promise<void> {
  if (!workbox) return
  await beforeReload()
  const registration = await navigator.serviceWorker.getRegistration()
  const next = registration?.waiting
  if (!next) {
    window.location.reload()
    return
  }
  // The reload waits until the new version controls this page, or (should this page not be
  // controlled, so no change of controller ever comes) until it is active.
  let reloading = false
  const reload = () => {
    if (reloading) return
    reloading = true
    window.location.reload()
  }
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true })
  next.addEventListener('statechange', () => {
    if (next.state === 'activated') reload()
  })
  next.postMessage({ type: 'SKIP_WAITING' })
}
