// The one source of "are we online" for the whole UI. It gathers the two facts the rule in
// src/lib/connectivity.ts needs (the browser's network flag and the sync engine's word on reaching the
// backend, from the shared sync-status query) and hands every component the same answer. Code outside
// React (the sync client's wake-ups, the export, auth calls) asks `networkOnline`/`onNetworkChange`.
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { connectivityOf, type Connectivity } from '@/lib/connectivity'
import { useReplicaDb } from './ReplicaContext'
import { syncStatusStore } from './queries/useSyncStatus'

export type { Connectivity }

/** The browser's network flag (true where there is no browser to ask). */
export function networkOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false
}

/** Calls `listener` whenever the browser's network goes up or down; returns the unsubscribe. */
export function onNetworkChange(listener: (online: boolean) => void): () => void {
  const up = () => listener(true)
  const down = () => listener(false)
  window.addEventListener('online', up)
  window.addEventListener('offline', down)
  return () => {
    window.removeEventListener('online', up)
    window.removeEventListener('offline', down)
  }
}

const subscribeNetwork = (onChange: () => void) => onNetworkChange(onChange)
const serviceWorkerControls = () => Boolean(navigator.serviceWorker?.controller)

const noStore = () => () => {}

/** Whether the sync engine reaches the backend; undefined until it has said (or the replica opened). */
function useBackendReached(): boolean | undefined {
  const db = useReplicaDb()
  const store = db ? syncStatusStore(db) : null
  const reached = useSyncExternalStore(store?.subscribe ?? noStore, () => store?.getSnapshot()?.online)
  const error = store?.getError()
  if (error) throw error
  return reached
}

/** Re-renders only when one of the facts changes. */
export function useConnectivity(): Connectivity {
  const network = useSyncExternalStore(subscribeNetwork, networkOnline, () => true)
  const controlled = useSyncExternalStore(subscribeNetwork, serviceWorkerControls, () => false)
  const backend = useBackendReached()
  return connectivityOf({ network, backend, serviceWorkerControls: controlled })
}

/** Calls `onBack` each time the device is back: the browser's network returns, or the sync engine
 * reaches the backend again (what counts where the browser's flag stayed up offline). Works above the
 * replica too, and before its database opens (the browser's word alone then). */
export function useWhenBackOnline(onBack: () => void): void {
  const latest = useRef(onBack)
  latest.current = onBack
  useEffect(() => onNetworkChange((online) => online && latest.current()), [])
  const db = useReplicaDb()
  const store = db ? syncStatusStore(db) : null
  const reached = useSyncExternalStore(store?.subscribe ?? noStore, () => store?.getSnapshot()?.online)
  const before = useRef(reached)
  useEffect(() => {
    if (before.current === false && reached === true) latest.current()
    before.current = reached
  }, [reached])
}
