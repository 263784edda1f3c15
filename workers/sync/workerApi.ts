// The sync worker's API, as the main thread sees it through Comlink: plain data in, plain summaries out.
// Data itself never comes back through these calls; the UI reads it from the replica.
import { MooriDB } from '@/data/db'
import type { ScopeKey } from '@/data/model/scopes'
import { webLockElection, type LeaderElection, type LeaderMessage } from './leader'
import { SyncEngine, type FlushSummary } from './SyncEngine'
import { createSupabaseTransport } from './supabaseTransport'

export interface SyncWorkerConfig {
  supabaseUrl: string
  anonKey: string
  apiUrl: string
  databaseName: string
  userId: string | null
  accessToken: string | null
}

/** Called back on the main thread when the server says the token is no longer good. */
export type RefreshToken = () => Promise<string | null>

export interface SyncWorkerApi {
  start(config: SyncWorkerConfig, refreshToken: RefreshToken): Promise<void>
  setAccessToken(token: string | null): void
  retain(scope: ScopeKey): void
  release(scope: ScopeKey): void
  nudge(): void
  resume(): void
  wentOffline(): void
  flushNow(): Promise<FlushSummary | null>
  /** Pushes what it can, then stops; the caller deletes the database. Returns unpushed changes. */
  signOut(timeoutMs: number): Promise<{ unpushed: number }>
  stop(): Promise<void>
}

export function createSyncWorkerApi(): SyncWorkerApi {
  let token: string | null = null
  let engine: SyncEngine | null = null
  let election: LeaderElection | null = null
  let db: MooriDB | null = null
  /** Scopes this tab holds, so they can be replayed to whichever worker leads. */
  const held = new Map<string, () => void>()
  const heldCounts = new Map<string, number>()
  const forLeader = new Map<string, () => void>()

  const applyAsLeader = (message: LeaderMessage) => {
    if (!engine) return
    switch (message.type) {
      case 'retain':
        if (!forLeader.has(message.scope)) forLeader.set(message.scope, engine.retainScope(message.scope))
        break
      case 'release':
        break // other tabs' scopes are kept until the tab goes away; they are cheap
      case 'nudge':
        engine.nudge()
        break
      case 'resume':
        void engine.resume()
        break
      case 'flush':
        void engine.flush()
        break
      case 'leader':
        break
    }
  }

  const api: SyncWorkerApi = {
    start(config, refreshToken) {
      token = config.accessToken
      db = new MooriDB(config.databaseName)
      election = webLockElection(`moori-sync:${config.databaseName}`)
      election.onMessage((message) => {
        if (message.type === 'leader') {
          for (const scope of heldCounts.keys()) election?.post({ type: 'retain', scope })
        } else applyAsLeader(message)
      })
      const tokens = {
        get: () => Promise.resolve(token),
        refresh: async () => (token = await refreshToken()),
      }
      const transport = createSupabaseTransport({ url: config.supabaseUrl, anonKey: config.anonKey, apiUrl: config.apiUrl, tokens })
      const replica = db
      const lead = async () => {
        engine = new SyncEngine({ db: replica, transport, userId: config.userId, tokens })
        await engine.start()
        for (const scope of heldCounts.keys()) held.set(scope, engine.retainScope(scope))
        election?.post({ type: 'leader' })
      }
      void election.campaign(lead)
      return Promise.resolve()
    },
    setAccessToken(next) {
      token = next
      void engine?.resume()
    },
    retain(scope) {
      const count = (heldCounts.get(scope) ?? 0) + 1
      heldCounts.set(scope, count)
      if (count > 1) return
      if (engine) held.set(scope, engine.retainScope(scope))
      else election?.post({ type: 'retain', scope })
    },
    release(scope) {
      const count = (heldCounts.get(scope) ?? 0) - 1
      if (count > 0) {
        heldCounts.set(scope, count)
        return
      }
      heldCounts.delete(scope)
      held.get(scope)?.()
      held.delete(scope)
    },
    nudge() {
      if (engine) engine.nudge()
      else election?.post({ type: 'nudge' })
    },
    resume() {
      if (engine) void engine.resume()
      else election?.post({ type: 'resume' })
    },
    wentOffline() {
      void engine?.wentOffline()
    },
    async flushNow() {
      if (engine) return engine.flush()
      election?.post({ type: 'flush' })
      return null
    },
    async signOut(timeoutMs) {
      if (engine) {
        const unpushed = await engine.flushForSignOut(timeoutMs)
        await api.stop()
        return { unpushed }
      }
      election?.post({ type: 'flush' })
      await new Promise((resolve) => setTimeout(resolve, Math.min(timeoutMs, 3000)))
      const unpushed = (await db?.outbox.count()) ?? 0
      await api.stop()
      return { unpushed }
    },
    async stop() {
      await engine?.stop()
      engine = null
      election?.close()
      election = null
      db?.close()
      db = null
    },
  }
  return api
}
