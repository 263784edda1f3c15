// The main thread's handle on the presence worker (one per tab, started on the first wall opened):
// like syncClient.ts, the one module that references workers/presence. Presence has its own
// Realtime connection, so it neither waits for nor disturbs the sync engine.
import * as Comlink from 'comlink'
import type { PresenceWorkerApi, PresenceWorkerConfig } from '../../workers/presence/presenceApi'
import type { DragMessage, PresenceEvent } from './model/presence'

export interface PresenceClient {
  setAccessToken(token: string | null): void
  join(wallId: string, track: boolean, onEvent: (event: PresenceEvent) => void): Promise<void>
  setTracked(track: boolean): void
  leave(): Promise<void>
  drag(message: DragMessage): void
}

let shared: { config: PresenceWorkerConfig; api: Comlink.Remote<PresenceWorkerApi> } | null = null

/** The tab's presence worker, started with `config` the first time. */
export function presenceClient(config: PresenceWorkerConfig): PresenceClient {
  if (!shared) {
    const worker = new Worker(new URL('../../workers/presence/presence.worker.ts', import.meta.url), {
      type: 'module',
      name: 'moori-presence',
    })
    const api = Comlink.wrap<PresenceWorkerApi>(worker)
    void api.start(config)
    shared = { config, api }
  }
  const { api } = shared
  return {
    setAccessToken: (token) => void api.setAccessToken(token),
    join: (wallId, track, onEvent) => api.join(wallId, track, Comlink.proxy(onEvent)),
    setTracked: (track) => void api.setTracked(track),
    leave: () => api.leave(),
    drag: (message) => void api.drag(message),
  }
}
