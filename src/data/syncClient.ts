// The main thread's handle on the sync worker: the only module that references workers/. It starts the
// worker for one user's replica, forwards device events (online, offline, waking up), and implements
// the SyncHandle that mutations and hooks use. It keeps no sync state: each retained scope is a lease
// with its own id, held by the engine's ScopeRegistry, and flush and sign-out answer what the engine did.
//
// The worker starts once the page has painted and gone idle, not with the app: its script and its
// database work would otherwise compete with the first screen, which reads only the replica. Calls
// made before then wait for it in order; a call that needs the engine's answer (flush, sign-out)
// starts it at once.
import type * as ComlinkModule from 'comlink'
import type { FlushSummary } from '../../workers/sync/SyncEngine'
import type { SyncWorkerApi, SyncWorkerConfig } from '../../workers/sync/workerApi'
import type { ScopeKey } from './model/scopes'
import type { SyncHandle } from './replica'
import { afterFirstScreen } from '@/lib/afterFirstScreen'
import { onNetworkChange } from './connectivity'

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

interface Started {
  api: ComlinkModule.Remote<SyncWorkerApi>
  terminate(): void
}

async function spawnWorker(config: SyncWorkerConfig, refreshToken: () => Promise<string | null>): Promise<Started> {
  const Comlink = await import('comlink')
  const worker = new Worker(new URL('../../workers/sync/sync.worker.ts', import.meta.url), {
    type: 'module',
    name: 'moori-sync',
  })
  const api = Comlink.wrap<SyncWorkerApi>(worker)
  api.start(config, Comlink.proxy(refreshToken)).catch((error: unknown) => console.error('[sync] The sync worker did not start', error))
  return {
    api,
    terminate() {
      api[Comlink.releaseProxy]()
      worker.terminate()
    },
  }
}

type Call = (api: Started['api']) => unknown

/** `startNow`: nothing on the device to show first (a first visit), so the worker need not wait. */
export function startSyncClient(
  config: SyncWorkerConfig,
  refreshToken: () => Promise<string | null>,
  options: { startNow?: boolean } = {},
): SyncClient {
  let worker: Promise<Started> | null = null
  let token = config.accessToken
  const queued: Call[] = []
  const start = (): Promise<Started> => {
    if (!worker) {
      cancelScheduled()
      // With the latest token: it may have changed while the worker waited to start.
      worker = spawnWorker({ ...config, accessToken: token }, refreshToken)
      worker.then(
        (w) => queued.splice(0).forEach((call) => void call(w.api)),
        (error: unknown) => console.error('[sync] The sync worker could not be loaded', error),
      )
    }
    return worker
  }
  const cancelScheduled = options.startNow ? () => undefined : afterFirstScreen(() => void start())
  if (options.startNow) void start()
  /** Fire-and-forget calls keep their order and wait for the scheduled start rather than forcing it. */
  const post = (call: Call) => {
    if (worker) void worker.then((w) => call(w.api))
    else queued.push(call)
  }

  let leases = 0
  const stopWatchingNetwork = onNetworkChange((online) => post((api) => (online ? api.resume() : api.wentOffline())))
  const onVisible = () => {
    if (document.visibilityState === 'visible') post((api) => api.resume())
  }
  document.addEventListener('visibilitychange', onVisible)

  let stopped = false
  const detach = () => {
    stopped = true
    cancelScheduled()
    stopWatchingNetwork()
    document.removeEventListener('visibilitychange', onVisible)
  }

  return {
    // Once stopped, the worker is gone and its proxy released: calls that may still come (a session
    // change after sign-out sets the token, a screen unmounting) do nothing instead of throwing.
    nudge: () => {
      if (!stopped) post((api) => api.nudge())
    },
    resume: () => {
      if (!stopped) post((api) => api.resume())
    },
    retainScope(scope: ScopeKey) {
      const id = String(++leases)
      if (stopped) return () => undefined
      post((api) => api.lease(id, scope))
      let released = false
      return () => {
        if (released || stopped) return
        released = true
        post((api) => api.unlease(id))
      }
    },
    setAccessToken: (next) => {
      token = next
      if (!stopped) post((api) => api.setAccessToken(next))
    },
    flushNow: () => start().then((w) => w.api.flush()),
    async flushWithin(timeoutMs) {
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)))
      try {
        return await Promise.race([start().then((w) => w.api.flush()), late])
      } catch (error) {
        console.warn('[sync] Could not push', error)
        return null
      } finally {
        clearTimeout(timer)
      }
    },
    async signOut(timeoutMs = 8000) {
      if (stopped) return { unpushed: 0 }
      const w = await start()
      detach()
      try {
        return await w.api.signOut(timeoutMs)
      } finally {
        w.terminate()
      }
    },
    async stop() {
      if (stopped) return
      detach()
      // Never started: nothing runs, and what was queued goes with the client.
      if (!worker) return
      try {
        const w = await worker
        try {
          await w.api.stop()
        } finally {
          w.terminate()
        }
      } catch (error) {
        console.warn('[sync] The sync worker did not stop cleanly', error)
      }
    },
  }
}
