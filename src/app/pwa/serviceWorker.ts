// Registers the service worker (production builds only) and tracks whether a new version waits. The
// new worker only takes over when the user accepts: pending changes are pushed first, then it is told
// to activate, and the page reloads once it controls the page. On a first visit (no worker controls the
// page) it registers as soon as the first screen is shown, without waiting for an idle moment or the
// load event (a first visit's photos keep both away for seconds): until the worker holds the app, a
// device that goes offline has only what the page loaded. Registering earlier still, while the first
// screen loads, delayed that screen by seconds here (its requests and the install's compete). A page a
// worker already controls only checks for an update, after the load event and the first screen.
import type { Workbox } from 'workbox-window'
import { afterFirstScreen, whenFirstScreenShown } from '@/lib/afterFirstScreen'
import { markBoot } from '@/lib/bootMarks'
import { END_FETCHES, SKIP_WAITING, type FetchInFlight } from '@/lib/serviceWorkerMessages'

type Listener = () => void

let workbox: Workbox | null = null
let registering = false
let waiting = false
const listeners = new Set<Listener>()

async function register(immediate: boolean): Promise<void> {
  const { Workbox } = await import('workbox-window')
  workbox = new Workbox('/sw.js')
  workbox.addEventListener('waiting', () => {
    waiting = true
    listeners.forEach((l) => l())
  })
  // The first time a worker takes control, the whole app is on the device (the bench and tests read it).
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', () => markBoot('offline-ready'), { once: true })
  }
  // workbox-window would otherwise wait for the load event itself.
  await workbox.register({ immediate })
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || registering) return
  registering = true
  const start = (immediate: boolean): void => {
    register(immediate).catch((error: unknown) => console.error('Could not register the service worker', error))
  }
  if (!navigator.serviceWorker.controller) {
    whenFirstScreenShown(() => start(true))
    return
  }
  const later = () => afterFirstScreen(() => start(false))
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
  markUpdate('accepted')
  await beforeReload()
  markUpdate('pushed')
  const registration = await navigator.serviceWorker.getRegistration()
  const next = registration?.waiting
  if (!next) {
    markUpdate('nothing-waiting')
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
    markUpdate(next.state)
    if (next.state === 'activated') reload()
  })
  // Chromium activates the new version only once the one it replaces answers no request (a photo
  // another tab still loads, say): that one ends them, and names them in the 'ended' mark.
  const leaving = registration.active
  if (leaving && leaving !== next) endFetches(leaving)
  const answer = new MessageChannel()
  answer.port1.onmessage = () => {
    markUpdate('ask-received')
    answer.port1.close()
  }
  next.postMessage({ type: SKIP_WAITING }, [answer.port2])
  markUpdate('asked')
}

function endFetches(worker: ServiceWorker): void {
  const channel = new MessageChannel()
  channel.port1.onmessage = (event: MessageEvent<FetchInFlight[]>) => {
    markUpdate('ended', event.data)
    channel.port1.close()
  }
  worker.postMessage({ type: END_FETCHES }, [channel.port2])
}

/** The accepted update's steps on the performance timeline (`moori:update-<step>`, with what the old
 * version ended as the 'ended' step's detail): a failed update test names how far it got. */
function markUpdate(step: string, detail?: unknown): void {
  if (typeof performance !== 'undefined' && performance.mark) performance.mark(`moori:update-${step}`, { detail })
}
