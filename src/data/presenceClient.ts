// The main thread's handle on the presence worker (one per tab, started by the first wall's join):
// like syncClient.ts, the one module that references workers/presence. Presence has its own
// Realtime connection, so it neither waits for nor disturbs the sync engine. The worker starts once
// the wall has painted. One that does not start (its script did not load, its start threw) makes the
// join fail with a `PresenceStartError`, which the wall shows with Try Again; the next join starts a
// new worker.
import type * as ComlinkModule from 'comlink'
import { afterFirstScreen } from '@/lib/afterFirstScreen'
import type { PresenceWorkerApi, PresenceWorkerConfig } from '../../workers/presence/presenceApi'
import type { DragMessage, PresenceEvent } from './model/presence'

export interface PresenceClient {
  setAccessToken(token: string | null): void
  join(wallId: string, track: boolean, onEvent: (event: PresenceEvent) => void): Promise<void>
  setTracked(track: boolean): void
  leave(): Promise<void>
  drag(message: DragMessage): void
}

/** The presence worker did not start: nothing of presence works until a join starts a new one. */
export class PresenceStartError extends Error {}

type Remote = ComlinkModule.Remote<PresenceWorkerApi>
interface Spawned {
  api: Remote
  Comlink: typeof ComlinkModule
}

let shared: Promise<Spawned> | null = null

async function spawn(config: PresenceWorkerConfig): Promise<Spawned> {
  await new Promise<void>((resolve) => afterFirstScreen(resolve))
  const Comlink = await import('comlink')
  const worker = new Worker(new URL('../../workers/presence/presence.worker.ts', import.meta.url), {
    type: 'module',
    name: 'moori-presence',
  })
  const api = Comlink.wrap<PresenceWorkerApi>(worker)
  // A script that cannot load only fires `error` on the Worker; a comlink call would wait forever.
  const notLoaded = new Promise<never>((_, reject) =>
    worker.addEventListener('error', (event) => reject(new Error(event.message || 'The presence worker could not be loaded')), { once: true }),
  )
  try {
    await Promise.race([api.start(config), notLoaded])
  } catch (error) {
    api[Comlink.releaseProxy]()
    worker.terminate()
    throw new PresenceStartError(error instanceof Error ? error.message : String(error))
  }
  return { api, Comlink }
}

/** A failed start is logged once and reaches the wall through the join that asked; other calls drop. */
const alreadyReported = () => undefined

/** The tab's presence worker, started with `config` by the first join (or the first after a failed start). */
export function presenceClient(config: PresenceWorkerConfig): PresenceClient {
  let token = config.accessToken
  const started = () => {
    if (!shared) {
      const spawning = spawn({ ...config, accessToken: token })
      shared = spawning
      // Logged here once; the join that asked says it to the wall.
      spawning.catch((error: unknown) => {
        console.error('[presence] The presence worker did not start', error)
        if (shared === spawning) shared = null
      })
    }
    return shared
  }
  /** Calls that need no answer go to a worker that runs or starts; with none, the next join brings the state. */
  const later = (call: (spawned: Spawned) => unknown) => {
    void shared?.then(call, alreadyReported)
  }
  return {
    setAccessToken: (next) => {
      token = next
      later(({ api }) => api.setAccessToken(next))
    },
    join: (wallId, track, onEvent) => started().then(({ api, Comlink }) => api.join(wallId, track, Comlink.proxy(onEvent))),
    setTracked: (track) => later(({ api }) => api.setTracked(track)),
    leave: () => shared?.then(({ api }) => api.leave(), alreadyReported) ?? Promise.resolve(),
    drag: (message) => later(({ api }) => api.drag(message)),
  }
}
