// Every tab has its own sync worker, but only one (the leader, by Web Lock) runs the engine. The relay
// carries each tab's requests to the leader and the leader's replies back, over a BroadcastChannel:
// a tab that does not lead still gets the real answer of a flush or a sign-out's final push. Requests
// made while no leader is known wait; when a new leader announces itself every waiting request is sent
// again (requests are idempotent), and a tab that becomes the leader runs its waiting requests itself.
import type { SyncedTable } from '@/data/model/rows'
import type { Lease } from './ScopeRegistry'

export type RelayCall =
  | { call: 'lease'; lease: Lease }
  | { call: 'unlease'; leaseId: string }
  | { call: 'nudge' }
  | { call: 'resume' }
  | { call: 'refreshRow'; table: SyncedTable; rowId: string }
  | { call: 'offline' }
  | { call: 'flush' }
  | { call: 'flushForSignOut'; timeoutMs: number }

export type RelayMessage =
  | { type: 'request'; id: string; from: string; body: RelayCall }
  | { type: 'reply'; id: string; to: string; ok: true; value: unknown }
  | { type: 'reply'; id: string; to: string; ok: false; error: string }
  /** A tab took the lead: everyone sends what waits again, and repeats the leases it holds. */
  | { type: 'leader'; tab: string }

/** A BroadcastChannel, or an in-memory stand-in in tests. Messages never come back to their sender. */
export interface RelayChannel {
  post(message: RelayMessage): void
  listen(handler: (message: RelayMessage) => void): void
  close(): void
}

export function broadcastRelayChannel(name: string): RelayChannel {
  const channel = new BroadcastChannel(name)
  return {
    post: (message) => channel.postMessage(message),
    listen: (handler) => {
      channel.onmessage = (event: MessageEvent<RelayMessage>) => handler(event.data)
    },
    close: () => channel.close(),
  }
}

/** What the leader does with a request; `from` names the tab that asked. */
export type RelayHandler = (body: RelayCall, from: string) => Promise<unknown>

interface Waiting {
  body: RelayCall
  resolve: (value: unknown) => void
  reject: (error: Error) => void
}

export class LeaderRelay {
  private handler: RelayHandler | null = null
  private readonly waiting = new Map<string, Waiting>()
  private counter = 0
  private closed = false

  constructor(
    private readonly channel: RelayChannel,
    /** This tab's name, unique among the tabs sharing the channel. */
    readonly tab: string,
    /** Another tab took the lead (this tab should repeat its leases). */
    private readonly onNewLeader: () => void = () => undefined,
  ) {
    channel.listen((message) => this.receive(message))
  }

  get leading(): boolean {
    return this.handler !== null
  }

  /** This tab leads from now on: it serves every tab's requests, its own waiting ones first. */
  lead(handler: RelayHandler): void {
    if (this.closed) return
    this.handler = handler
    this.channel.post({ type: 'leader', tab: this.tab })
    for (const [id, waiting] of [...this.waiting]) {
      this.waiting.delete(id)
      handler(waiting.body, this.tab).then(waiting.resolve, (error: unknown) => waiting.reject(toError(error)))
    }
  }

  /** Asks the leader (this tab itself when it leads) and resolves with its answer. */
  request<T>(body: RelayCall): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The sync worker has stopped'))
    if (this.handler) return this.handler(body, this.tab) as Promise<T>
    const id = `${this.tab}:${++this.counter}`
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { body, resolve: (value) => resolve(value as T), reject })
      this.channel.post({ type: 'request', id, from: this.tab, body })
    })
  }

  /** The tab stops: waiting requests fail, nothing more is sent or served. */
  close(): void {
    this.closed = true
    this.handler = null
    for (const waiting of this.waiting.values()) waiting.reject(new Error('The sync worker has stopped'))
    this.waiting.clear()
    this.channel.close()
  }

  private receive(message: RelayMessage): void {
    if (this.closed) return
    if (message.type === 'request') {
      const handler = this.handler
      if (!handler) return
      handler(message.body, message.from).then(
        (value) => this.channel.post({ type: 'reply', id: message.id, to: message.from, ok: true, value }),
        (error: unknown) => this.channel.post({ type: 'reply', id: message.id, to: message.from, ok: false, error: toError(error).message }),
      )
    } else if (message.type === 'reply') {
      if (message.to !== this.tab) return
      const waiting = this.waiting.get(message.id)
      if (!waiting) return
      this.waiting.delete(message.id)
      if (message.ok) waiting.resolve(message.value)
      else waiting.reject(new Error(message.error))
    } else if (message.type === 'leader') {
      if (message.tab === this.tab) return
      for (const [id, waiting] of this.waiting) this.channel.post({ type: 'request', id, from: this.tab, body: waiting.body })
      this.onNewLeader()
    }
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}
