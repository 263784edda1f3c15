// The main thread's handle on the sync worker: the only module that references workers/. It starts the
// worker for one user's replica, forwards device events (online, offline, waking up), and implements
// the SyncHandle that mutations and hooks use.
import * as Comlink from 'comlink'
import type { FlushSummary } from '../../workers/sync/SyncEngine'
import type { SyncWorkerApi } from '../../workers/sync/workerApi'
import type { ScopeKey } from './model/scopes'
import type { SyncHandle } from './replica'

export interface SyncClientConfig {
  supabaseUrl: string
  anonKey: string
  apiUrl: string
  databaseName: string
  userId: string | null
  accessToken: string | null
}

export interface SyncClient extends SyncHandle {
  setAccessToken(token: string | null): void
  flushNow(): Promise<FlushSummary | null>
  /** Pushes what it can (for up to `timeoutMs`) and stops the worker; returns what could not be pushed. */
  signOut(timeoutMs?: number): Promise<{ unpushed: number }>
  stop(): Promise<void>
}

export function startSyncClient(config: SyncClientConfig, refreshToken: () => Promise<string | null>): SyncClient {
  const worker = new Worker(new URL('../../workers/sync/sync.worker.ts', import.meta.url), {
    type: 'module',
    name: 'moori-sync',
  })
  const api = Comlink.wrap<SyncWorkerApi>(worker)
  void api.start(config, Comlink.proxy(refreshToken))

  const counts = new Map<string, number>()
  const onOnline = () => void api.resume()
  const onOffline = () => void api.wentOffline()
  const onVisible = () => {
    if (document.visibilityState === 'visible') void api.resume()
  }
  window.addEventListener('online', onOnline)
  window.addEventListener('offline', onOffline)
  document.addEventListener('visibilitychange', onVisible)

  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    window.removeEventListener('online', onOnline)
    window.removeEventListener('offline', onOffline)
    document.removeEventListener('visibilitychange', onVisible)
    await api.stop().catch(() => undefined)
    api[Comlink.releaseProxy]()
    worker.terminate()
  }

  return {
    nudge: () => void api.nudge(),
    resume: () => void api.resume(),
    retainScope(scope: ScopeKey) {
      const count = (counts.get(scope) ?? 0) + 1
      counts.set(scope, count)
      if (count === 1) void api.retain(scope)
      let released = false
      return () => {
        if (released) return
        released = true
        const left = (counts.get(scope) ?? 1) - 1
        if (left > 0) counts.set(scope, left)
        else {
          counts.delete(scope)
          if (!stopped) void api.release(scope)
        }
      }
    },
    setAccessToken: (token) => void api.setAccessToken(token),
    flushNow: () => api.flushNow(),
    async signOut(timeoutMs = 8000) {
      const result = await api.signOut(timeoutMs)
      await stop()
      return result
    },
    stop,
  }
}
