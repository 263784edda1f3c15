// The sync worker's API, as the main thread sees it through Comlink: plain data in, plain summaries out.
// Data itself never comes back through these calls; the UI reads it from the replica. Every call goes
// through the LeaderRelay, so it reaches the engine wherever it runs (in this tab's worker when it
// leads, else in the leader's) and answers with the engine's real result. The worker remembers only
// the leases its own tab asked for, to repeat them to a new leader.
import { MooriDB } from '@/data/db'
import type { SyncedTable } from '@/data/model/rows'
import type { ScopeKey } from '@/data/model/scopes'
import { LeaderRelay, broadcastRelayChannel, type RelayCall, type RelayChannel } from './LeaderRelay'
import { webLockElection, webLockPresence, type LeaderElection, type TabPresence } from './leader'
import { SyncEngine, type FlushSummary, type SyncEngineOptions } from './SyncEngine'
import { createSupabaseTransport } from './supabaseTransport'
import type { SyncTransport, TokenSource } from './transport'
import { keepingUploadedImages } from './keepUploadedImages'

export interface SyncWorkerConfig {
  supabaseUrl: string
  anonKey: string
  apiUrl: string
  databaseName: string
  userId: string | null
  accessToken: string | null
}

/** Called back on the main thread when the server says the token is no longer good. */
type RefreshToken = () => Promise<string | null>

export interface SyncWorkerApi {
  start(config: SyncWorkerConfig, refreshToken: RefreshToken): Promise<void>
  setAccessToken(token: string | null): void
  /** Takes a lease on a scope for this tab; `leaseId` is unique within the tab. */
  lease(leaseId: string, scope: ScopeKey): void
  unlease(leaseId: string): void
  nudge(): void
  resume(): void
  /** Reads one row from the server again into the replica (in the leader). */
  refreshRow(table: SyncedTable, rowId: string): void
  wentOffline(): void
  /** Pushes now (in the leader) and answers how it went. */
  flush(): Promise<FlushSummary>
  /** Pushes what it can, then stops; the caller deletes the database. Returns unpushed changes. */
  signOut(timeoutMs: number): Promise<{ unpushed: number }>
  stop(): Promise<void>
}

/** What the worker is built from: the browser's pieces in the app, in-memory ones in tests. */
export interface SyncWorkerEnvironment {
  openDatabase(name: string): MooriDB
  transport(config: SyncWorkerConfig, tokens: TokenSource): SyncTransport
  election(name: string): LeaderElection
  presence(prefix: string): TabPresence
  channel(name: string): RelayChannel
  newTabId(): string
  engineOptions?: Partial<SyncEngineOptions>
  /** How long a worker whose engine failed to start waits before it stands for leader again. */
  campaignAgainMs?: number
  log?: (message: string, error?: unknown) => void
}

const browserEnvironment: SyncWorkerEnvironment = {
  openDatabase: (name) => new MooriDB(name),
  transport: (config, tokens) =>
    keepingUploadedImages(
      createSupabaseTransport({ url: config.supabaseUrl, anonKey: config.anonKey, apiUrl: config.apiUrl, tokens }),
      config.supabaseUrl,
      config.userId,
    ),
  election: webLockElection,
  presence: webLockPresence,
  channel: broadcastRelayChannel,
  newTabId: () => crypto.randomUUID(),
}

/** A sign-out waits this much longer than its push for the leader's answer, then counts for itself. */
const SIGN_OUT_GRACE_MS = 2000
/** A worker whose engine could not start gives the lock back and stands again after this long, so a
 * person with one tab is not left without anyone to push their changes. */
const CAMPAIGN_AGAIN_MS = 5000

export function createSyncWorkerApi(env: SyncWorkerEnvironment = browserEnvironment): SyncWorkerApi {
  const log = env.log ?? ((message: string, error?: unknown) => console.warn(`[sync] ${message}`, error ?? ''))
  let token: string | null = null
  let engine: SyncEngine | null = null
  let db: MooriDB | null = null
  let relay: LeaderRelay | null = null
  let election: LeaderElection | null = null
  let presence: TabPresence | null = null
  let tab = ''
  /** The leases this tab holds: lease id → scope. */
  const myLeases = new Map<string, string>()
  let markReady: () => void = () => undefined
  const ready = new Promise<void>((resolve) => (markReady = resolve))

  const send = (body: RelayCall) => {
    void ready.then(() =>
      relay?.request(body).catch((error: unknown) => {
        if (relay) log(`The sync leader could not ${body.call}`, error)
      }),
    )
  }
  const repeatLeases = () => {
    for (const [id, scope] of myLeases) send({ call: 'lease', lease: { id, scope, tab } })
  }

  /** Runs in the leader, for every tab's requests (its own included). */
  const watched = new Set<string>()
  const serve = async (body: RelayCall, from: string): Promise<unknown> => {
    const leader = engine
    if (!leader) throw new Error('The sync engine is not running')
    if (from !== tab && !watched.has(from)) {
      watched.add(from)
      presence?.watch(from, () => {
        watched.delete(from)
        leader.releaseTab(from)
      })
    }
    switch (body.call) {
      case 'lease':
        return leader.lease(body.lease)
      case 'unlease':
        return leader.unlease(body.leaseId)
      case 'nudge':
        return leader.nudge()
      case 'resume':
        void leader.resume()
        return
      case 'refreshRow':
        return leader.refreshRow(body.table, body.rowId)
      case 'offline':
        return leader.wentOffline()
      case 'flush':
        return leader.flush()
      case 'flushForSignOut':
        return leader.flushForSignOut(body.timeoutMs)
    }
  }

  const api: SyncWorkerApi = {
    async start(config, refreshToken) {
      token = config.accessToken
      tab = env.newTabId()
      db = env.openDatabase(config.databaseName)
      presence = env.presence(`moori-tab:${config.databaseName}`)
      await presence.announce(tab)
      relay = new LeaderRelay(env.channel(`moori-sync:${config.databaseName}`), tab, repeatLeases)
      election = env.election(`moori-sync:${config.databaseName}`)
      const tokens: TokenSource = {
        get: () => Promise.resolve(token),
        refresh: async () => (token = await refreshToken()),
      }
      const replica = db
      const lead = async () => {
        if (!relay) return
        const started = new SyncEngine({ ...env.engineOptions, db: replica, transport: env.transport(config, tokens), userId: config.userId, tokens, log })
        engine = started
        try {
          await started.start()
        } catch (error) {
          // Not a half-started leader: the engine goes, the lock goes back (the next tab may take it).
          if (engine === started) engine = null
          await started.stop()
          throw error
        }
        // The tab may have stopped while the engine started; then there is nobody to serve.
        if (!relay || engine !== started) return
        relay.lead(serve)
        repeatLeases()
      }
      const campaign = (current: LeaderElection) => {
        current.campaign(lead).catch((error: unknown) => {
          log('Could not lead the sync; standing again shortly', error)
          setTimeout(() => {
            if (election === current) campaign(current)
          }, env.campaignAgainMs ?? CAMPAIGN_AGAIN_MS)
        })
      }
      campaign(election)
      markReady()
    },
    setAccessToken(next) {
      token = next
      void engine?.resume()
    },
    lease(leaseId, scope) {
      void ready.then(() => {
        const lease = { id: `${tab}:${leaseId}`, scope, tab }
        myLeases.set(lease.id, scope)
        send({ call: 'lease', lease })
      })
    },
    unlease(leaseId) {
      void ready.then(() => {
        const id = `${tab}:${leaseId}`
        if (!myLeases.delete(id)) return
        send({ call: 'unlease', leaseId: id })
      })
    },
    nudge: () => send({ call: 'nudge' }),
    resume: () => send({ call: 'resume' }),
    refreshRow: (table, rowId) => send({ call: 'refreshRow', table, rowId }),
    wentOffline: () => send({ call: 'offline' }),
    async flush() {
      await ready
      if (!relay) throw new Error('The sync worker has stopped')
      return relay.request<FlushSummary>({ call: 'flush' })
    },
    async signOut(timeoutMs) {
      await ready
      let unpushed: number | null = null
      let timer: ReturnType<typeof setTimeout> | undefined
      try {
        const answer = relay?.request<number>({ call: 'flushForSignOut', timeoutMs })
        const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs + SIGN_OUT_GRACE_MS)))
        unpushed = answer ? await Promise.race([answer, late]) : null
      } catch (error) {
        log('The final push before sign-out failed', error)
      } finally {
        clearTimeout(timer)
      }
      // No answer from a leader in time: what is left in the outbox is what could not be pushed.
      unpushed ??= (await db?.outbox.count()) ?? 0
      await api.stop()
      return { unpushed }
    },
    async stop() {
      const running = engine
      engine = null
      relay?.close()
      relay = null
      election?.close()
      election = null
      await running?.stop()
      presence?.close()
      presence = null
      db?.close()
      db = null
    },
  }
  return api
}
