// The sync engine: keeps the replica in step with the backend. It pushes the outbox (soon after every
// change, with backoff after failures, at once when the device comes online or wakes), pulls the
// scopes screens ask for, applies realtime changes, and records its state for the status chip.
// It knows nothing about workers or React: the worker entry wires it up, tests drive it directly.
import type { MooriDB } from '@/data/db'
import type { SyncState } from '@/data/model/outbox'
import { isIncremental } from '@/data/model/scopes'
import { applyChange, applyPull, dropScope } from './applyToReplica'
import { retryDelay } from './backoff'
import { isSyncError } from './classifyError'
import { pushOutbox } from './pushOutbox'
import { refreshStaleRows } from './restoreServerVersion'
import { bindingsFor } from './scopeBindings'
import type { SyncTransport, TokenSource } from './transport'

export interface SyncEngineOptions {
  db: MooriDB
  transport: SyncTransport
  tokens: TokenSource
  userId: string | null
  /** How often window scopes (discover, mooris, profiles) are re-pulled while in use. */
  windowRefreshMs?: number
  /** Delay before a push after a change, so a burst of changes goes out together. */
  pushDebounceMs?: number
  /** How long a channel stays open after the last screen released its scope. */
  releaseGraceMs?: number
  /** Scopes unused for this long are dropped with the rows only they held. */
  scopeIdleMs?: number
  random?: () => number
  log?: (message: string, error?: unknown) => void
}

export interface FlushSummary {
  status: 'done' | 'retry'
  sent: number
  requests: number
  remaining: number
  error: string | null
}

type Timer = ReturnType<typeof setTimeout>

export class SyncEngine {
  private readonly db: MooriDB
  private readonly transport: SyncTransport
  private readonly tokens: TokenSource
  private readonly userId: string | null
  private readonly options: Required<Pick<SyncEngineOptions, 'windowRefreshMs' | 'pushDebounceMs' | 'releaseGraceMs' | 'scopeIdleMs'>>
  private readonly random: () => number
  private readonly log: (message: string, error?: unknown) => void

  private readonly retained = new Map<string, number>()
  private readonly channels = new Map<string, () => Promise<void>>()
  private readonly releaseTimers = new Map<string, Timer>()
  private readonly pullTimers = new Map<string, Timer>()
  private readonly pullAttempts = new Map<string, number>()
  private readonly pullsInFlight = new Map<string, Promise<void>>()
  private pushTimer: Timer | null = null
  private pushAttempt = 0
  private pushing: Promise<FlushSummary> | null = null
  private windowTimer: ReturnType<typeof setInterval> | null = null
  private stopped = false
  private status: Omit<SyncState, 'id'> = { online: true, pushing: false, lastSyncedAt: null, lastError: null }

  constructor(options: SyncEngineOptions) {
    this.db = options.db
    this.transport = options.transport
    this.tokens = options.tokens
    this.userId = options.userId
    this.options = {
      windowRefreshMs: options.windowRefreshMs ?? 60_000,
      pushDebounceMs: options.pushDebounceMs ?? 40,
      releaseGraceMs: options.releaseGraceMs ?? 30_000,
      scopeIdleMs: options.scopeIdleMs ?? 14 * 86_400_000,
    }
    this.random = options.random ?? Math.random
    this.log = options.log ?? ((message, error) => console.warn(`[sync] ${message}`, error ?? ''))
  }

  /** Starts syncing: the user's own data is always kept; stale scopes are dropped; pending work is pushed. */
  async start(): Promise<void> {
    const existing = await this.db.syncState.get('sync')
    if (existing) this.status = { ...this.status, lastSyncedAt: existing.lastSyncedAt }
    await this.writeStatus({ pushing: false })
    await this.dropIdleScopes()
    if (this.userId) this.retainScope('me')
    this.windowTimer = setInterval(() => this.refreshWindows(), this.options.windowRefreshMs)
    this.nudge()
  }

  async stop(): Promise<void> {
    this.stopped = true
    for (const timer of [this.pushTimer, ...this.releaseTimers.values(), ...this.pullTimers.values()]) {
      if (timer) clearTimeout(timer)
    }
    if (this.windowTimer) clearInterval(this.windowTimer)
    await Promise.allSettled([...this.channels.values()].map((close) => close()))
    this.channels.clear()
    // An in-flight push is abandoned, not awaited: it checks `stopped` before writing anything.
    await this.transport.close()
  }

  // ---- push ---------------------------------------------------------------------------------

  /** A change was queued: push soon. */
  nudge(): void {
    this.schedulePush(this.options.pushDebounceMs)
  }

  private schedulePush(delayMs: number): void {
    if (this.stopped) return
    if (this.pushTimer) clearTimeout(this.pushTimer)
    this.pushTimer = setTimeout(() => {
      this.pushTimer = null
      this.flush().catch((error: unknown) => {
        // A push cut short by stop() (its database closed under it) is expected; anything else is logged.
        if (!this.stopped) this.log('A push failed', error)
      })
    }, delayMs)
  }

  /** Pushes everything queued so far: waits for a run already under way, then runs again. */
  async flush(): Promise<FlushSummary> {
    while (this.pushing) await this.pushing.catch(() => undefined)
    const run = this.runPush().finally(() => {
      if (this.pushing === run) this.pushing = null
    })
    this.pushing = run
    return run
  }

  private async runPush(): Promise<FlushSummary> {
    await this.writeStatus({ pushing: true })
    const stopped = () => this.stopped
    let run = await pushOutbox(this.db, this.transport, stopped)
    if (run.status === 'retry' && run.error.kind === 'auth') {
      const token = await this.tokens.refresh().catch(() => null)
      if (token) run = await pushOutbox(this.db, this.transport, stopped)
    }
    if (this.stopped) return { status: 'retry', sent: run.sent, requests: run.requests, remaining: -1, error: 'Sync stopped' }
    if (run.status === 'done') await refreshStaleRows(this.db, this.transport)
    const remaining = await this.db.outbox.count()
    if (run.status === 'done') {
      this.pushAttempt = 0
      await this.writeStatus({ pushing: false, online: true, lastSyncedAt: Date.now(), lastError: null })
      return { status: 'done', sent: run.sent, requests: run.requests, remaining, error: null }
    }
    const delay = retryDelay(this.pushAttempt++, { random: this.random })
    const offline = run.error.status === 0 && run.error.kind === 'transient'
    await this.writeStatus({ pushing: false, online: !offline, lastError: run.error.message })
    this.schedulePush(delay)
    return { status: 'retry', sent: run.sent, requests: run.requests, remaining, error: run.error.message }
  }

  // ---- scopes and pulls -----------------------------------------------------------------------

  /** Keeps a scope pulled and live while held; returns the release. */
  retainScope(scope: string): () => void {
    const count = (this.retained.get(scope) ?? 0) + 1
    this.retained.set(scope, count)
    const grace = this.releaseTimers.get(scope)
    if (grace) {
      clearTimeout(grace)
      this.releaseTimers.delete(scope)
    }
    if (count === 1) {
      this.touchScope(scope).catch((error: unknown) => {
        if (!this.stopped) this.log(`Could not note the use of ${scope}`, error)
      })
      void this.pull(scope).catch(() => undefined)
      this.subscribe(scope)
    }
    let released = false
    return () => {
      if (released) return
      released = true
      this.releaseScope(scope)
    }
  }

  private releaseScope(scope: string): void {
    const count = (this.retained.get(scope) ?? 0) - 1
    if (count > 0) {
      this.retained.set(scope, count)
      return
    }
    this.retained.delete(scope)
    this.releaseTimers.set(
      scope,
      setTimeout(() => {
        this.releaseTimers.delete(scope)
        if (this.retained.has(scope)) return
        const close = this.channels.get(scope)
        this.channels.delete(scope)
        void close?.()
      }, this.options.releaseGraceMs),
    )
  }

  private async touchScope(scope: string): Promise<void> {
    const state = await this.db.scopes.get(scope)
    await this.db.scopes.put({
      key: scope,
      cursor: state?.cursor ?? null,
      lastPulledAt: state?.lastPulledAt ?? null,
      lastUsedAt: Date.now(),
      status: state?.status ?? 'new',
      error: state?.error ?? null,
    })
  }

  /** Pulls one scope now; concurrent pulls of a scope share one request. */
  pull(scope: string): Promise<void> {
    const inFlight = this.pullsInFlight.get(scope)
    if (inFlight) return inFlight
    const run = this.runPull(scope).finally(() => this.pullsInFlight.delete(scope))
    this.pullsInFlight.set(scope, run)
    return run
  }

  private async runPull(scope: string, retriedAuth = false): Promise<void> {
    const state = await this.db.scopes.get(scope)
    const since = isIncremental(scope) ? (state?.cursor ?? '0') : '0'
    try {
      const response = await this.transport.pull(scope, since)
      if (this.stopped) return
      await applyPull(this.db, scope, response)
      this.pullAttempts.delete(scope)
      await this.writeStatus({ online: true, lastSyncedAt: Date.now() })
    } catch (error) {
      if (!isSyncError(error)) throw error
      if (error.kind === 'auth' && !retriedAuth && (await this.tokens.refresh().catch(() => null))) {
        return this.runPull(scope, true)
      }
      await this.db.scopes.update(scope, { status: 'error', error: error.message })
      if (error.kind === 'transient') {
        if (error.status === 0) await this.writeStatus({ online: false })
        const attempt = this.pullAttempts.get(scope) ?? 0
        this.pullAttempts.set(scope, attempt + 1)
        this.schedulePull(scope, retryDelay(attempt, { random: this.random }))
      }
      throw error
    }
  }

  private schedulePull(scope: string, delayMs: number): void {
    if (this.stopped || !this.retained.has(scope)) return
    const existing = this.pullTimers.get(scope)
    if (existing) clearTimeout(existing)
    this.pullTimers.set(
      scope,
      setTimeout(() => {
        this.pullTimers.delete(scope)
        void this.pull(scope).catch(() => undefined)
      }, delayMs),
    )
  }

  private refreshWindows(): void {
    for (const scope of this.retained.keys()) {
      if (!isIncremental(scope)) void this.pull(scope).catch(() => undefined)
    }
  }

  private subscribe(scope: string): void {
    if (this.channels.has(scope)) return
    const bindings = bindingsFor(scope, this.userId)
    if (!bindings) return
    const close = this.transport.subscribe(
      `sync:${scope}`,
      bindings,
      (change) => {
        void applyChange(this.db, scope, change).catch((error: unknown) => this.log('Could not apply a live change', error))
      },
      (status) => {
        // Realtime delivery is not guaranteed: every (re)subscription catches up with a pull.
        if (status === 'subscribed') void this.pull(scope).catch(() => undefined)
      },
    )
    this.channels.set(scope, close)
  }

  private async dropIdleScopes(): Promise<void> {
    const cutoff = Date.now() - this.options.scopeIdleMs
    const idle = await this.db.scopes.where('lastUsedAt').below(cutoff).primaryKeys()
    for (const scope of idle) if (!this.retained.has(scope)) await dropScope(this.db, scope)
  }

  // ---- device events --------------------------------------------------------------------------

  /** The device is back online or awake: push at once, catch up every scope, refresh the socket. */
  async resume(): Promise<void> {
    this.pushAttempt = 0
    this.schedulePush(0)
    await this.transport.refreshRealtimeAuth().catch((error: unknown) => this.log('Realtime auth refresh failed', error))
    await Promise.allSettled([...this.retained.keys()].map((scope) => this.pull(scope)))
  }

  async wentOffline(): Promise<void> {
    await this.writeStatus({ online: false })
  }

  /** Before sign-out: push what can be pushed within the time allowed; returns what is left. */
  async flushForSignOut(timeoutMs: number): Promise<number> {
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))
    await Promise.race([this.flush(), deadline])
    return this.db.outbox.count()
  }

  private async writeStatus(patch: Partial<Omit<SyncState, 'id'>>): Promise<void> {
    if (this.stopped) return
    const next = { ...this.status, ...patch }
    const changed = (Object.keys(next) as Array<keyof typeof next>).some((k) => next[k] !== this.status[k])
    this.status = next
    if (changed || !(await this.db.syncState.get('sync'))) await this.db.syncState.put({ id: 'sync', ...next })
  }
}

