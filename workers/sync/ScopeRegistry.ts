// The one owner of "which scopes are in use": leases taken and released by whoever holds them (a
// component in some tab), grouped by tab so a closed tab's leases go with it. A scope is active from
// its first lease until its last one was released a grace period ago (a screen that remounts, or a
// quick back-and-forth, keeps its channel); the engine pulls and subscribes on activation and closes
// the channel on deactivation. Rows stay on the device until the scope is idle long enough to evict.

export interface Lease {
  /** Unique per lease, across tabs. */
  id: string
  scope: string
  /** The tab that holds it. */
  tab: string
}

export interface ScopeRegistryEvents {
  /** The scope got its first lease and was not active: pull it and keep it live. */
  activate(scope: string): void
  /** Nobody held the scope for the whole grace period: stop listening to it. */
  deactivate(scope: string): void
  /** A tab opened a scope that was already active (held by another tab, or within its grace period):
   * catch up on it, since realtime says nothing about rows the user can no longer see. */
  reopen(scope: string): void
}

export class ScopeRegistry {
  private readonly leases = new Map<string, Lease>()
  private readonly byScope = new Map<string, Set<string>>()
  private readonly active = new Set<string>()
  private readonly graceTimers = new Map<string, ReturnType<typeof setTimeout>>()
  private closed = false

  constructor(
    private readonly events: ScopeRegistryEvents,
    private readonly graceMs: number,
  ) {}

  /** Takes a lease; taking one that is already held changes nothing. */
  acquire(lease: Lease): void {
    if (this.closed || this.leases.has(lease.id)) return
    const holders = this.byScope.get(lease.scope) ?? new Set<string>()
    const tabHeldIt = [...holders].some((id) => this.leases.get(id)?.tab === lease.tab)
    this.leases.set(lease.id, lease)
    holders.add(lease.id)
    this.byScope.set(lease.scope, holders)
    const grace = this.graceTimers.get(lease.scope)
    if (grace !== undefined) {
      clearTimeout(grace)
      this.graceTimers.delete(lease.scope)
    }
    if (!this.active.has(lease.scope)) {
      this.active.add(lease.scope)
      this.events.activate(lease.scope)
    } else if (!tabHeldIt) {
      this.events.reopen(lease.scope)
    }
  }

  /** Gives a lease back; an unknown id (released already, or never taken) changes nothing. */
  release(leaseId: string): void {
    const lease = this.leases.get(leaseId)
    if (!lease) return
    this.leases.delete(leaseId)
    const holders = this.byScope.get(lease.scope)
    holders?.delete(leaseId)
    if (holders && holders.size > 0) return
    this.byScope.delete(lease.scope)
    this.startGrace(lease.scope)
  }

  /** A tab went away: every lease it held is released. */
  releaseTab(tab: string): void {
    for (const lease of [...this.leases.values()]) if (lease.tab === tab) this.release(lease.id)
  }

  /** Pulled and live: held now, or released less than a grace period ago. */
  isActive(scope: string): boolean {
    return this.active.has(scope)
  }

  activeScopes(): string[] {
    return [...this.active]
  }

  /** How many leases hold the scope right now. */
  holders(scope: string): number {
    return this.byScope.get(scope)?.size ?? 0
  }

  /** The tabs holding at least one lease. */
  tabs(): Set<string> {
    return new Set([...this.leases.values()].map((lease) => lease.tab))
  }

  /** The engine stops: timers are cancelled and nothing is reported any more. */
  close(): void {
    this.closed = true
    for (const timer of this.graceTimers.values()) clearTimeout(timer)
    this.graceTimers.clear()
  }

  private startGrace(scope: string): void {
    if (this.closed) return
    const expire = () => {
      this.graceTimers.delete(scope)
      if (this.closed || this.holders(scope) > 0 || !this.active.delete(scope)) return
      this.events.deactivate(scope)
    }
    if (this.graceMs <= 0) {
      expire()
      return
    }
    this.graceTimers.set(scope, setTimeout(expire, this.graceMs))
  }
}
