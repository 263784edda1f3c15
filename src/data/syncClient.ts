// The main thread's handle on the sync worker: the only module that references workers/. It starts the
// worker for one user's replica, forwards device events (online, offline, waking up), and implements
// the SyncHandle that mutations and hooks use. It keeps no sync state: each retained scope is a lease
// with its own id, held by the engine's ScopeRegistry, and flush and sign-out answer what the engine did.
//
// The worker starts once the page has painted and gone idle, not with the app: its script and its
// database work would otherwise compete with the first screen, which reads only the replica. Calls
// made before then wait for it in order; a call that needs the engine's answer (flush, sign-out)
// starts it at once. A worker that does not start (its script failed to load, its start threw) is
// not only logged: the held scopes' rows say so, and Try Again (`resume`) starts a new one.
import type * as ComlinkModule from 'comlink'
import type { FlushSummary } from '../../workers/sync/SyncEngine'
import type { SyncWorkerApi, SyncWorkerConfig } from '../../workers/sync/workerApi'
import type { ScopeKey } from './model/scopes'
import type { SyncHandle } from './replica'
import type { MooriDB } from './db'
import { markScopeFailed } from '../../workers/sync/scopeState'
import { afterFirstScreen } from '@/lib/afterFirstScreen'
import { onNetworkChange } from './connectivity'

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

export interface Started {
  api: ComlinkModule.Remote<SyncWorkerApi>
  terminate(): void
}

type Spawn = (config: SyncWorkerConfig, refreshToken: () => Promise<string | null>) => Promise<Started>

/** Resolves once the worker has started; rejects when its script did not load or its start failed. */
async function spawnWorker(config: SyncWorkerConfig, refreshToken: () => Promise<string | null>): Promise<Started> {
  const Comlink = await import('comlink')
  const worker = new Worker(new URL('../../workers/sync/sync.worker.ts', import.meta.url), {
    type: 'module',
    name: 'moori-sync',
  })
  const api = Comlink.wrap<SyncWorkerApi>(worker)
  const terminate = () => {
    api[Comlink.releaseProxy]()
    worker.terminate()
  }
  // A script that cannot load (a 500, a broken deploy) only fires `error` on the Worker; a call
  // through comlink would wait for its answer forever.
  const notLoaded = new Promise<never>((_, reject) =>
    worker.addEventListener('error', (event) => reject(new Error(event.message || 'The sync worker could not be loaded')), { once: true }),
  )
  try {
    await Promise.race([api.start(config, Comlink.proxy(refreshToken)), notLoaded])
  } catch (error) {
    terminate()
    throw error
  }
  return { api, terminate }
}

type Call = (api: Started['api']) => unknown

export interface SyncClientOptions {
  /** Nothing on the device to show first (a first visit), so the worker need not wait. */
  startNow?: boolean
  /** The replica whose held scopes say so when the worker did not start (the screens show it with Try Again);
   * asked for only then, since the page's database code loads after the first screen. */
  db?: () => Promise<MooriDB>
  /** Tests start a fake worker; the app spawns the real one. */
  spawn?: Spawn
  /** A worker that did not start is started again after this long (doubling, up to a few minutes),
   * besides when the network returns or the tab wakes: a start that failed after those events (a
   * script that failed to load in a flaky moment) would otherwise leave the tab's changes unsent. */
  restartAfterMs?: number
}

const RESTART_AFTER_MS = 15_000
const RESTART_AFTER_MAX_MS = 240_000

/** A failed start already said so (logged and written to the scopes); calls that waited on it are dropped. */
const reportedOnce = () => undefined

export function startSyncClient(
  config: SyncWorkerConfig,
  refreshToken: () => Promise<string | null>,
  options: SyncClientOptions = {},
): SyncClient {
  const spawn = options.spawn ?? spawnWorker
  let worker: Promise<Started> | null = null
  let token = config.accessToken
  const queued: Call[] = []
  /** Leases held now, by id: a worker started again after a failure gets them all. */
  const held = new Map<string, ScopeKey>()
  /** Why the worker did not start; null while it runs or starts. */
  let failure: string | null = null
  let restartTimer: ReturnType<typeof setTimeout> | undefined
  let restartDelay = options.restartAfterMs ?? RESTART_AFTER_MS

  // The one failed state a dead worker leaves: every held scope's row says why, like a failed pull,
  // so the screen shows its error with Try Again instead of a spinner that never stops.
  const reportFailure = (scopes: Iterable<ScopeKey>) => {
    const message = failure
    if (!options.db || message === null) return
    const failed = [...new Set(scopes)]
    void options.db().then(
      (db) =>
        Promise.all(failed.map((scope) => markScopeFailed(db, scope, `The sync worker did not start: ${message}`))),
    ).catch((error: unknown) => console.error('[sync] Could not record that the sync worker did not start', error))
  }
  const start = (): Promise<Started> => {
    if (!worker) {
      cancelScheduled()
      // With the latest token: it may have changed while the worker waited to start.
      const spawning = spawn({ ...config, accessToken: token }, refreshToken)
      worker = spawning
      spawning.then(
        (w) => queued.splice(0).forEach((call) => void call(w.api)),
        (error: unknown) => {
          if (worker !== spawning || stopped) return
          console.error('[sync] The sync worker did not start', error)
          failure = error instanceof Error ? error.message : String(error)
          queued.length = 0
          reportFailure(held.values())
          clearTimeout(restartTimer)
          restartTimer = setTimeout(() => {
            if (!stopped && failure !== null) restart()
          }, restartDelay)
          restartDelay = Math.min(restartDelay * 2, RESTART_AFTER_MAX_MS)
        },
      )
    }
    return worker
  }
  /** Try Again after a failed start: a new worker, with every lease held now. */
  const restart = () => {
    failure = null
    worker = null
    for (const [id, scope] of held) queued.push((api) => api.lease(id, scope))
    void start().catch(reportedOnce)
  }
  const cancelScheduled = options.startNow ? () => undefined : afterFirstScreen(() => void start().catch(reportedOnce))
  if (options.startNow) void start().catch(reportedOnce)
  /** Fire-and-forget calls keep their order and wait for the scheduled start rather than forcing it. */
  const post = (call: Call) => {
    if (failure !== null) return
    if (worker) void worker.then((w) => call(w.api), reportedOnce)
    else queued.push(call)
  }

  let leases = 0
  let stopped = false
  /** Back online, awake or Try Again: a worker that did not start (its script could not load while the
   * network was gone) starts again, or the running one pushes and pulls at once. */
  const resume = () => {
    if (failure !== null) restart()
    else post((api) => api.resume())
  }
  const stopWatchingNetwork = onNetworkChange((online) => {
    if (stopped) return
    if (online) resume()
    else post((api) => api.wentOffline())
  })
  const onVisible = () => {
    if (document.visibilityState === 'visible' && !stopped) resume()
  }
  document.addEventListener('visibilitychange', onVisible)

  const detach = () => {
    stopped = true
    clearTimeout(restartTimer)
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
      if (!stopped) resume()
    },
    refreshRow: (table, rowId) => {
      if (!stopped) post((api) => api.refreshRow(table, rowId))
    },
    retainScope(scope: ScopeKey) {
      const id = String(++leases)
      if (stopped) return () => undefined
      held.set(id, scope)
      if (failure !== null) reportFailure([scope])
      post((api) => api.lease(id, scope))
      let released = false
      return () => {
        if (released || stopped) return
        released = true
        held.delete(id)
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
      const w = await start().catch(() => null)
      detach()
      // The worker never started: nothing could be pushed, and nothing runs to stop.
      if (!w) return { unpushed: options.db ? await (await options.db()).outbox.count() : 0 }
      try {
        return await w.api.signOut(timeoutMs)
      } finally {
        w.terminate()
      }
    },
    async stop() {
      if (stopped) return
      detach()
      // Never started (or failed to): nothing runs, and what was queued goes with the client.
      if (!worker || failure !== null) return
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
