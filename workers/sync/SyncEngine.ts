// The sync engine: keeps the replica in step with the backend. It pushes the outbox (soon after every
// change, with backoff after failures, at once when the device comes online or wakes), pulls and listens
// to the scopes that are leased (the ScopeRegistry says which), applies realtime changes, and records its
// state for the status chip. It knows nothing about workers, tabs or React: the worker entry wires it up,
// tests drive it directly (against the real stack, or an in-memory transport flushed by hand).
import { liveQuery } from 'dexie'
import type { MooriDB } from '@/data/db'
import type { PushWait } from '@/data/model/pushWait'
import type { SyncedTable } from '@/data/model/rows'
import { applyChange, dropScope } from './applyToReplica'
import { retryDelay, retryDelayAfter } from './backoff'
import { asSyncError, meansOffline, type SyncError } from './classifyError'
import { LiveChannels } from './liveChannels'
import { pullScope, type PullOutcome } from './pullScope'
import { pushOutbox } from './pushOutbox'
import { refreshToken } from './refreshToken'
import { refreshServerRow, refreshStaleRows } from './restoreServerVersion'
import { ScopeRegistry, type Lease } from './ScopeRegistry'
import { touchScope } from './scopeState'
import { SyncStatusWriter } from './syncStatus'
import type { SyncTransport, TokenSource } from './transport'
import { watchedTransport } from './watchedRequests'

export interface SyncEngineOptions {
  db: MooriDB
  transport: SyncTransport
  tokens: TokenSource
  userId: string | null
  /** How often scopes in use are pulled again: windows (discover, mooris, profiles) whole, the others
   * from their cursor (which also finds rows the user lost access to). */
  windowRefreshMs?: number
  /** Delay before a push after a change, so a burst of changes goes out together. */
  pushDebounceMs?: number
  /** How long a channel stays open after the last lease on its scope was released. */
  releaseGraceMs?: number
  /** Scopes unused for this long are dropped with the rows only they held. */
  scopeIdleMs?: number
  /** How pulls back off after failures (tests lengthen it to see a retry brought forward). */
  pullBackoff?: { baseMs?: number; maxMs?: number }
  /** A pull the server failed is brought forward when the server answers again, at most this often. */
  serverErrorRecheckMs?: number
  /** A push request unanswered this long is named in the push state ("waiting on an upload"). */
  slowRequestMs?: number
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

/** The tab name of leases the engine takes for itself (`me`) and for callers without a tab (tests). */
const ENGINE_TAB = 'engine'

type Timer = ReturnType<typeof setTimeout>

export class SyncEngine {
  /** Which scopes are in use, and by whom: the one owner of that state. */
  readonly scopes: ScopeRegistry
  private readonly db: MooriDB
  private readonly transport: SyncTransport
  /** The transport as pushes use it: a request left unanswered for a while is recorded in `push`. */
  private readonly pushTransport: SyncTransport
  private readonly tokens: TokenSource
  private readonly userId: string | null
  private readonly windowRefreshMs: number
  private readonly pushDebounceMs: number
  private readonly scopeIdleMs: number
  private readonly pullBackoff: { baseMs?: number; maxMs?: number }
  private readonly serverErrorRecheckMs: number
  private readonly random: () => number
  private readonly log: (message: string, error?: unknown) => void
  private readonly channels: LiveChannels
  private readonly status: SyncStatusWriter

  private readonly pullTimers = new Map<string, Timer>()
  private readonly pullAttempts = new Map<string, number>()
  private readonly pullsInFlight = new Map<string, Promise<PullOutcome>>()
  /** The one pull to run after the one in flight, per scope (see pullAfterJoin). */
  private readonly pullsAgain = new Map<string, Promise<PullOutcome>>()
  private pushTimer: Timer | null = null
  private pushAttempt = 0
  /** The server asked us (Retry-After) not to push before this time (ms since the epoch); 0 when free. */
  private pushNotBefore = 0
  /** The last push failed for want of a network: the next answer from the server sends it again at once. */
  private pushWaitsForNetwork = false
  /** Scopes whose pull failed for want of a network, retried at once when a push gets through. */
  private readonly pullsWaitingForNetwork = new Set<string>()
  /** When each scope's pull last failed and when its retry is due (ms since the epoch). */
  private readonly pullRetries = new Map<string, { failedAt: number; dueAt: number }>()
  private pushing: Promise<FlushSummary> | null = null
  /** When the push run under way began (0 when none runs), for the push state's `since`. */
  private pushStartedAt = 0
  private intervals: Array<ReturnType<typeof setInterval>> = []
  private unwatchOutbox: (() => void) | null = null
  private leaseCounter = 0
  private stopped = false

  constructor(options: SyncEngineOptions) {
    this.db = options.db
    this.transport = options.transport
    this.pushTransport = watchedTransport(this.transport, (request) => {
      if (this.pushStartedAt === 0 || this.stopped) return
      this.status
        .write({ push: { state: 'pushing', since: this.pushStartedAt, request } })
        .catch((error: unknown) => this.log('Could not record the push state', error))
    }, options.slowRequestMs)
    this.tokens = options.tokens
    this.userId = options.userId
    this.windowRefreshMs = options.windowRefreshMs ?? 60_000
    this.pushDebounceMs = options.pushDebounceMs ?? 40
    this.scopeIdleMs = options.scopeIdleMs ?? 14 * 86_400_000
    this.pullBackoff = options.pullBackoff ?? {}
    this.serverErrorRecheckMs = options.serverErrorRecheckMs ?? 5000
    this.random = options.random ?? Math.random
    this.log = options.log ?? ((message, error) => console.warn(`[sync] ${message}`, error ?? ''))
    this.status = new SyncStatusWriter(this.db)
    this.scopes = new ScopeRegistry(
      {
        activate: (scope) => {
          this.touch(scope)
          void this.pull(scope)
          this.channels.listen(scope)
        },
        deactivate: (scope) => {
          this.cancelPullRetry(scope)
          this.touch(scope)
          this.channels.stopListening(scope).catch((error: unknown) => this.log(`Could not close the channel of ${scope}`, error))
        },
        // A screen opening a scope that is live already still catches up: a wall made private while
        // it was open sends this user no realtime event at all, only a pull says it is gone.
        reopen: (scope) => {
          this.touch(scope)
          void this.pull(scope)
        },
      },
      options.releaseGraceMs ?? 30_000,
    )
    this.channels = new LiveChannels(this.db, this.transport, this.userId, {
      change: (scope, change) => {
        applyChange(this.db, scope, change).catch((error: unknown) => {
          // A change that could not be stored is caught up with by a pull.
          this.log(`Could not apply a live change to ${scope}`, error)
          void this.pull(scope)
        })
      },
      // Realtime delivery is not guaranteed: every (re)join catches up with a pull.
      joined: (scope) => void this.pullAfterJoin(scope),
      log: this.log,
    })
  }

  /** Starts syncing: stale scopes are dropped, the user's own data is always kept, pending work is pushed. */
  async start(): Promise<void> {
    await this.status.load()
    await this.evictIdleScopes()
    if (this.userId) this.lease({ id: `${ENGINE_TAB}:me`, scope: 'me', tab: ENGINE_TAB })
    this.intervals.push(setInterval(() => this.refreshActive(), this.windowRefreshMs))
    this.intervals.push(setInterval(() => void this.evictIdleScopes(), Math.min(this.scopeIdleMs, 3_600_000)))
    this.watchOutbox()
    this.nudge()
  }

  /** The outbox itself says when there is work, whichever tab wrote it: a change whose nudge was lost on
   * its way here (a tab whose worker was not running, a leader that changed meanwhile) is still pushed,
   * instead of waiting for the next change. A push running or scheduled (a backoff, a server's
   * Retry-After) is left to do its job. */
  private watchOutbox(): void {
    const subscription = liveQuery(() => this.db.outbox.count()).subscribe({
      next: (waiting) => {
        if (waiting > 0 && !this.pushing && !this.pushTimer) this.schedulePush(this.pushDebounceMs)
      },
      error: (error: unknown) => {
        if (!this.stopped) this.log('Could not watch the outbox', error)
      },
    })
    this.unwatchOutbox = () => subscription.unsubscribe()
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.unwatchOutbox?.()
    this.status.stop()
    this.scopes.close()
    for (const timer of [this.pushTimer, ...this.pullTimers.values()]) if (timer) clearTimeout(timer)
    for (const interval of this.intervals) clearInterval(interval)
    await this.channels.closeAll()
    // An in-flight push is abandoned, not awaited: it checks `stopped` before writing anything.
    await this.transport.close()
  }

  // ---- leases ---------------------------------------------------------------------------------

  lease(lease: Lease): void {
    this.scopes.acquire(lease)
  }

  unlease(leaseId: string): void {
    this.scopes.release(leaseId)
  }

  /** A tab went away: its leases go with it. */
  releaseTab(tab: string): void {
    this.scopes.releaseTab(tab)
  }

  /** Keeps a scope pulled and live until the returned release is called (a lease of the engine's own). */
  retainScope(scope: string): () => void {
    const id = `${ENGINE_TAB}:${++this.leaseCounter}`
    this.lease({ id, scope, tab: ENGINE_TAB })
    return () => this.unlease(id)
  }

  private touch(scope: string): void {
    if (this.stopped) return
    touchScope(this.db, scope).catch((error: unknown) => {
      // A touch cut short by stop() (its database closed under it) is expected; anything else is logged.
      if (!this.stopped) this.log(`Could not record the use of ${scope}`, error)
    })
  }

  // ---- push ---------------------------------------------------------------------------------

  /** A change was queued: push soon. */
  nudge(): void {
    this.schedulePush(this.pushDebounceMs)
  }

  private schedulePush(delayMs: number): void {
    if (this.stopped) return
    if (this.pushTimer) clearTimeout(this.pushTimer)
    // Nothing pushes before a Retry-After runs out: not a new change's nudge, nor coming back online.
    delayMs = Math.max(delayMs, this.pushNotBefore - Date.now())
    this.pushTimer = setTimeout(() => {
      this.pushTimer = null
      this.flush().catch((error: unknown) => {
        // A push cut short by stop() (its database closed under it) is expected; anything else is logged.
        if (!this.stopped) this.log('A push failed', error)
      })
    }, delayMs)
  }

  /** Pushes everything queued so far: waits for a run already under way, then runs again. Never throws. */
  async flush(): Promise<FlushSummary> {
    while (this.pushing) await this.pushing
    const run = this.runPush().finally(() => {
      if (this.pushing === run) this.pushing = null
    })
    this.pushing = run
    return run
  }

  private async runPush(): Promise<FlushSummary> {
    let sent = 0
    let requests = 0
    // A flush that waited behind a run the server answered with Retry-After does not push yet either;
    // the push scheduled for when the wait ends does.
    if (this.pushNotBefore > Date.now()) {
      // The wait's own timer may fire a few ms before Date.now() reaches its end (timers count from the
      // event loop's clock): a push must still be due, or nothing would send these changes until the next.
      if (!this.pushTimer) this.schedulePush(0)
      return { status: 'retry', sent, requests, remaining: await this.db.outbox.count(), error: 'Waiting as the server asked' }
    }
    try {
      this.pushStartedAt = Date.now()
      await this.status.write({ pushing: true, push: { state: 'pushing', since: this.pushStartedAt } })
      const stopped = () => this.stopped
      let run = await pushOutbox(this.db, this.pushTransport, stopped)
      if (run.status === 'retry' && run.error.kind === 'auth' && (await refreshToken(this.tokens, this.log))) {
        sent += run.sent
        requests += run.requests
        run = await pushOutbox(this.db, this.pushTransport, stopped)
      }
      sent += run.sent
      requests += run.requests
      if (this.stopped) return { status: 'retry', sent, requests, remaining: -1, error: 'Sync stopped' }
      if (run.status === 'retry') return await this.pushFailed(run.error, sent, requests)
      // Rows whose server version a waiting change masked are read again now that it is pushed. A read
      // that failed fails the run, so it is tried again with the push's backoff (and at once when the
      // network is back): with the outbox empty nothing else would push, and no pull sends that version
      // again, so the replica kept the old value for good (the chaos run's polaroids left at 0,0).
      const unread = await refreshStaleRows(this.db, this.pushTransport)
      if (this.stopped) return { status: 'retry', sent, requests, remaining: -1, error: 'Sync stopped' }
      if (unread) return await this.pushFailed(unread, sent, requests)
      this.pushAttempt = 0
      this.pushNotBefore = 0
      this.pushWaitsForNetwork = false
      this.serverAnswered()
      const now = Date.now()
      await this.status.write({ pushing: false, online: true, lastSyncedAt: now, lastError: null, push: { state: 'idle', since: now } })
      const remaining = await this.db.outbox.count()
      // A change made after this run's last read of the outbox goes too, even if its nudge was lost.
      if (remaining > 0 && !this.pushTimer) this.schedulePush(this.pushDebounceMs)
      return { status: 'done', sent, requests, remaining, error: null }
    } catch (error) {
      if (this.stopped) return { status: 'retry', sent, requests, remaining: -1, error: 'Sync stopped' }
      this.log('Push failed unexpectedly', error)
      return this.pushFailed(asSyncError(error, 'Could not push'), sent, requests)
    } finally {
      this.pushStartedAt = 0
    }
  }

  /** The one way a push run ends badly: recorded for the status chip, and tried again after a backoff. */
  private async pushFailed(error: SyncError, sent: number, requests: number): Promise<FlushSummary> {
    // A 429 with Retry-After (the product API's job limits) waits as long as asked, whatever nudges it.
    const attempt = this.pushAttempt++
    const delay = retryDelayAfter(error.retryAfterMs, attempt, { random: this.random })
    const now = Date.now()
    this.pushNotBefore = error.retryAfterMs === null ? 0 : now + delay
    this.schedulePush(delay)
    this.pushWaitsForNetwork = meansOffline(error)
    const dueAt = now + delay
    const push: PushWait =
      error.retryAfterMs !== null
        ? { state: 'server-asked', since: now, dueAt, error: error.message }
        : { state: meansOffline(error) ? 'offline' : 'backoff', since: now, dueAt, attempt, error: error.message }
    try {
      await this.status.write({ pushing: false, online: !meansOffline(error), lastError: error.message, push })
      return { status: 'retry', sent, requests, remaining: await this.db.outbox.count(), error: error.message }
    } catch (statusError) {
      this.log('Could not record the push failure', statusError)
      return { status: 'retry', sent, requests, remaining: -1, error: error.message }
    }
  }

  /** Before sign-out: push what can be pushed within the time allowed; returns what is left. */
  async flushForSignOut(timeoutMs: number): Promise<number> {
    let timer: Timer | undefined
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))
    await Promise.race([this.flush(), deadline])
    clearTimeout(timer)
    return this.db.outbox.count()
  }

  // ---- pulls ----------------------------------------------------------------------------------

  /** Pulls one scope now; concurrent pulls of a scope share one request. Never throws: a failure is
   * recorded on the scope (and retried later when it is transient and the scope still in use). */
  pull(scope: string): Promise<PullOutcome> {
    const inFlight = this.pullsInFlight.get(scope)
    if (inFlight) return inFlight
    const run = this.runPull(scope).finally(() => this.pullsInFlight.delete(scope))
    this.pullsInFlight.set(scope, run)
    return run
  }

  /** A channel (re)joined: catch up with a pull that reads the server after the join. A pull already
   * running may have read it before, and a change committed between that read and the join is one
   * realtime never sends (outfitBatch.spec: one of two finished jobs never reached the replica), so
   * such a pull is followed by one more; every join meanwhile shares it. */
  private pullAfterJoin(scope: string): Promise<PullOutcome> {
    const inFlight = this.pullsInFlight.get(scope)
    if (!inFlight) return this.pull(scope)
    let again = this.pullsAgain.get(scope)
    if (!again) {
      again = inFlight.then(() => {
        this.pullsAgain.delete(scope)
        return this.pull(scope)
      })
      this.pullsAgain.set(scope, again)
    }
    return again
  }

  private async runPull(scope: string): Promise<PullOutcome> {
    const outcome = await pullScope(
      { db: this.db, transport: this.transport, tokens: this.tokens, stopped: () => this.stopped, log: this.log },
      scope,
    )
    this.pullsWaitingForNetwork.delete(scope)
    if (outcome.status === 'pulled') {
      this.pullAttempts.delete(scope)
      this.cancelPullRetry(scope)
      this.serverAnswered()
    } else if (outcome.status === 'failed' && outcome.error.kind === 'transient') {
      if (meansOffline(outcome.error)) this.pullsWaitingForNetwork.add(scope)
      this.schedulePullRetry(scope)
    }
    try {
      if (outcome.status === 'pulled') await this.status.write({ online: true, lastSyncedAt: Date.now() })
      else if (outcome.status === 'failed' && meansOffline(outcome.error)) await this.status.write({ online: false })
    } catch (error) {
      this.log('Could not record the sync status', error)
    }
    return outcome
  }

  private schedulePullRetry(scope: string): void {
    if (this.stopped || !this.scopes.isActive(scope)) return
    const attempt = this.pullAttempts.get(scope) ?? 0
    this.pullAttempts.set(scope, attempt + 1)
    this.cancelPullRetry(scope)
    const delay = retryDelay(attempt, { ...this.pullBackoff, random: this.random })
    this.pullRetries.set(scope, { failedAt: Date.now(), dueAt: Date.now() + delay })
    this.startPullTimer(scope, delay)
  }

  private startPullTimer(scope: string, delay: number): void {
    this.pullTimers.set(
      scope,
      setTimeout(() => {
        this.pullTimers.delete(scope)
        this.pullRetries.delete(scope)
        void this.pull(scope)
      }, delay),
    )
  }

  /** The server answered: work that failed only because it could not be reached goes now, not after its
   * backoff (which may have grown to a minute while the network was flaky). Server errors keep theirs. */
  private serverAnswered(): void {
    if (this.stopped) return
    if (this.pushWaitsForNetwork) {
      this.pushWaitsForNetwork = false
      this.pushAttempt = 0
      this.schedulePush(this.pushDebounceMs)
    }
    for (const scope of this.pullsWaitingForNetwork) {
      this.pullsWaitingForNetwork.delete(scope)
      if (!this.pullTimers.has(scope)) continue
      this.cancelPullRetry(scope)
      this.pullAttempts.delete(scope)
      void this.pull(scope)
    }
    // A pull the server failed (a 500 in a bad moment) may have backed off for up to a minute; the
    // server answering again is a good sign it has recovered. Such a pull is brought forward, at most
    // once per serverErrorRecheckMs and within a second (spread, so devices do not come back at once),
    // keeping its attempt count, so a scope that keeps failing still backs off.
    const now = Date.now()
    for (const [scope, retry] of this.pullRetries) {
      if (!this.pullTimers.has(scope) || now - retry.failedAt < this.serverErrorRecheckMs) continue
      if (retry.dueAt - now <= this.serverErrorRecheckMs) continue
      clearTimeout(this.pullTimers.get(scope))
      const delay = Math.round(this.random() * 1000)
      this.pullRetries.set(scope, { ...retry, dueAt: now + delay })
      this.startPullTimer(scope, delay)
    }
  }

  private cancelPullRetry(scope: string): void {
    const timer = this.pullTimers.get(scope)
    if (timer) clearTimeout(timer)
    this.pullTimers.delete(scope)
    this.pullRetries.delete(scope)
  }

  /** Windows are pulled again whole; live incremental scopes catch up from their cursor, which is
   * also how an open screen learns of rows the user lost access to (realtime cannot tell them). */
  private refreshActive(): void {
    for (const scope of this.scopes.activeScopes()) void this.pull(scope)
  }

  /** Drops scopes nobody used for a long time, with the rows only they held. */
  private async evictIdleScopes(): Promise<void> {
    try {
      const cutoff = Date.now() - this.scopeIdleMs
      const idle = await this.db.scopes.where('lastUsedAt').below(cutoff).primaryKeys()
      for (const scope of idle) if (!this.scopes.isActive(scope)) await dropScope(this.db, scope)
    } catch (error) {
      this.log('Could not evict idle scopes', error)
    }
  }

  // ---- device events --------------------------------------------------------------------------

  /** Back online, awake, or Try Again: push at once, refresh the socket's token, re-pull every active scope. */
  async resume(): Promise<void> {
    this.pushAttempt = 0
    this.schedulePush(0)
    try {
      await this.transport.refreshRealtimeAuth()
    } catch (error) {
      this.log('Realtime auth refresh failed', error)
    }
    await Promise.all(this.scopes.activeScopes().map((scope) => this.pull(scope)))
  }

  /** A screen wants this row as the server has it now (the outfit job's status poll, spec §4). */
  async refreshRow(table: SyncedTable, rowId: string): Promise<void> {
    await refreshServerRow(this.db, this.transport, table, rowId)
  }

  async wentOffline(): Promise<void> {
    await this.status.write({ online: false })
  }
}
