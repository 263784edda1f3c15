// The realtime channels of the active scopes: one per scope that has live changes (its bindings come from
// the scope's definition). Each channel's state is written to the scope's row, so tests and screens can
// wait for 'joined' instead of sleeping; every (re)join reports back so the engine catches up with a
// pull, because realtime delivery is not guaranteed.
import type { MooriDB } from '@/data/db'
import type { ChannelState } from '@/data/model/outbox'
import { scopeBindings } from '@/data/model/scopes'
import { markChannel } from './scopeState'
import type { ChannelStatus, RealtimeChange, SyncTransport } from './transport'

export interface LiveChannelEvents {
  change(scope: string, change: RealtimeChange): void
  /** The channel joined (first time or again after a drop). */
  joined(scope: string): void
  log(message: string, error?: unknown): void
}

const stateOf: Record<ChannelStatus, ChannelState> = { subscribed: 'joined', error: 'error', closed: 'closed' }

export class LiveChannels {
  private readonly open = new Map<string, () => Promise<void>>()
  private stopped = false

  constructor(
    private readonly db: MooriDB,
    private readonly transport: SyncTransport,
    private readonly userId: string | null,
    private readonly events: LiveChannelEvents,
  ) {}

  /** Starts listening to a scope (nothing for scopes without live changes, or already listening). */
  listen(scope: string): void {
    if (this.open.has(scope)) return
    const bindings = scopeBindings(scope, this.userId)
    if (!bindings) return
    let current = true
    const record = (state: ChannelState) => {
      if (this.stopped) return
      markChannel(this.db, scope, state).catch((error: unknown) => this.events.log(`Could not record the channel of ${scope}`, error))
    }
    record('joining')
    const close = this.transport.subscribe(
      `sync:${scope}`,
      bindings,
      (change) => {
        if (current) this.events.change(scope, change)
      },
      (status) => {
        if (!current) return
        record(stateOf[status])
        if (status === 'subscribed') this.events.joined(scope)
      },
    )
    this.open.set(scope, async () => {
      current = false
      await close()
      record('closed')
    })
  }

  async stopListening(scope: string): Promise<void> {
    const close = this.open.get(scope)
    this.open.delete(scope)
    await close?.()
  }

  isListening(scope: string): boolean {
    return this.open.has(scope)
  }

  /** The engine stops: every channel closes, and nothing more is written to the replica. */
  async closeAll(): Promise<void> {
    this.stopped = true
    const closers = [...this.open.values()]
    this.open.clear()
    const results = await Promise.allSettled(closers.map((close) => close()))
    for (const result of results) if (result.status === 'rejected') this.events.log('Could not close a channel', result.reason)
  }
}
