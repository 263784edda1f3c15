// The main thread's handle on the sync worker: the only module that references workers/. It starts the
// worker for one user's replica, forwards device events (online, offline, waking up), and implements
// the SyncHandle that mutations and hooks use. It keeps no sync state: each retained scope is a lease
// with its own id, held by the engine's ScopeRegistry, and flush and sign-out answer what the engine did.
import * as Comlink from 'comlink'
import type { FlushSummary } from '../../workers/sync/SyncEngine'
import type { SyncWorkerApi, SyncWorkerConfig } from '../../workers/sync/workerApi'
import type { ScopeKey } from './model/scopes'
import type { SyncHandle } from './replica'

export type { FlushSummary }

export interface SyncClient extends SyncHandle {
  setAccessToken(token: string | null): void
  /** Pushes now, wherever the engine runs, and answers how it went. */
  flushNow(): Promise<FlushSummary>
  /** The same, waiting at most `timeoutMs`: null when time ran out or the worker could not be asked. */
  flushWithin(timeoutMs: number): Promise<FlushSummary | null>
  /** Pushes what it can (for up to `timeoutMs`) and stops the worker; returns what could not be pushed. */
  signOut(timeoutMs?: number): Promise<{ unpushed: number }>
  stop(): Promise<void>
}

export function startSyncClient(config: SyncWorkerConfig, refreshToken: () => Promise<string | null>): SyncClient {
  const worker = new Worker(new URL('../../workers/sync/sync.worker.ts', import.meta.url), {
    type: 'module',
    name: 'moori-sync',
  })
  const api = Comlink.wrap<SyncWorkerApi>(worker)
  const started = api.start(config, Comlink.proxy(refreshToken))
  started.catch((error: unknown) => console.error('[sync] The sync worker did not start', error))

  let leases = 0
  const onOnline = () => void api.resume()
  const onOffline = () => void api.wentOffline()
  const onVisible = () => {
    if (document.visibilityState === 'visible') void api.resume()
  }
  window.addEventListener('online', onOnline)
  window.addEventListener('offline', onOffline)
  document.addEventListener('visibilitychange', onVisible)

  let stopped = false
  const detach = () => {
    stopped = true
    window.removeEventListener('online', onOnline)
    window.removeEventListener('offline', onOffline)
    document.removeEventListener('visibilitychange', onVisible)
  }
  const terminate = () => {
    api[Comlink.releaseProxy]()
    worker.terminate()
  }

  return {
    // Once stopped, the worker is gone and its proxy released: calls that may still come (a session
    // change after sign-out sets the token, a screen unmounting) do nothing instead of throwing.
    nudge: () => {
      if (!stopped) void api.nudge()
    },
    resume: () => {
      if (!stopped) void api.resume()
    },
    retainScope(scope: ScopeKey) {
      const id = String(++leases)
      if (stopped) return () => undefined
      void api.lease(id, scope)
      let released = false
      return () => {
        if (released || stopped) return
        released = true
        void api.unlease(id)
      }
    },
    setAccessToken: (token) => {
      if (!stopped) void api.setAccessToken(token)
    },
    flushNow: () => api.flush(),
    async flushWithin(timeoutMs) {
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)))
      try {
        return await Promise.race([api.flush(), late])
      } catch (error) {
        console.warn('[sync] Could not push', error)
        return null
      } finally {
        clearTimeout(timer)
      }
    },
    async signOut(timeoutMs = 8000) {
      if (stopped) return { unpushed: 0 }
      detach()
      try {
        return await api.signOut(timeoutMs)
      } finally {
        terminate()
      }
    },
    async stop() {
      if (stopped) return
      detach()
      try {
        await api.stop()
      } catch (error) {
        console.warn('[sync] The sync worker did not stop cleanly', error)
      } finally {
        terminate()
      }
    },
  }
}
