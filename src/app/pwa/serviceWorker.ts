// Registers the service worker (production builds only) and tracks whether a new version waits. The
// new worker only takes over when the user accepts: pending changes are pushed first, then it is told
// to activate, and the page reloads once it controls the page.
import { Workbox } from 'workbox-window'

type Listener = () => void

let workbox: Workbox | null = null
let waiting = false
const listeners = new Set<Listener>()

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || workbox) return
  workbox = new Workbox('/sw.js')
  workbox.addEventListener('waiting', () => {
    waiting = true
    listeners.forEach((l) => l())
  })
  void workbox.register()
}

export function updateWaiting(): boolean {
  return waiting
}

export function onUpdateChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Activates the waiting version after `beforeReload` (pushing pending changes) has run. */
export async function acceptUpdate(beforeReload: () => Promise<void>): Promise<void> {
  if (!workbox) return
  await beforeReload()
  workbox.addEventListener('controlling', () => window.location.reload())
  workbox.messageSkipWaiting()
}
