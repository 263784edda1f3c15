// The main thread's handle on the presence worker (one per tab, started on the first wall opened):
// like syncClient.ts, the one module that references workers/presence. Presence has its own
// Realtime connection, so it neither waits for nor disturbs the sync engine. The worker starts once
// the wall has painted (calls made before then wait for it, in order).
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

type Remote = ComlinkModule.Remote<PresenceWorkerApi>

let shared: Promise<{ api: Remote; Comlink: typeof ComlinkModule }> | null = null

async function spawn(config: PresenceWorkerConfig) {
  await new Promise<void>((resolve) => afterFirstScreen(resolve))
  const Comlink = await import('comlink')
  const worker = new Worker(new URL('../../workers/presence/presence.worker.ts', import.meta.url), {
    type: 'module',
    name: 'moori-presence',
  })
  const api = Comlink.wrap<PresenceWorkerApi>(worker)
  void api.start(config)
  return { api, Comlink }
}

/** The tab's presence worker, started with `config` the first time. */
export function presenceClient(config: PresenceWorkerConfig): PresenceClient {
  shared ??= spawn(config)
  const ready = shared
  return {
    setAccessToken: (token) => void ready.then(({ api }) => api.setAccessToken(token)),
    join: (wallId, track, onEvent) => ready.then(({ api, Comlink }) => api.join(wallId, track, Comlink.proxy(onEvent))),
    setTracked: (track) => void ready.then(({ api }) => api.setTracked(track)),
    leave: () => ready.then(({ api }) => api.leave()),
    drag: (message) => void ready.then(({ api }) => api.drag(message)),
  }
}
