// A SyncTransport to a MemoryServer whose requests and realtime messages wait until the test flushes
// them, like a socket pair flushed by hand: a test decides exactly when the network answers, and makes
// it fail the ways networks do (no answer, a 500, a 401, the answer lost after the server acted).
import { NetworkFailure, SyncError } from '../classifyError'
import type { ChannelStatus, SyncTransport } from '../transport'
import type { MemoryServer } from './memoryServer'

type Fault = 'offline' | 'server-error' | 'unauthorized' | 'lost-answer' | 'garbled-answer' | 'busy' | 'refused'

/** A 'busy' fault is a 429 whose Retry-After asks for this long. */
export const BUSY_RETRY_AFTER_MS = 1000

/** The server's words for a 'refused' fault. */
export const REFUSAL_WORDS = 'The file is not an image we can read.'

interface Request {
  what: string
  run(): unknown
  resolve(value: unknown): void
  reject(error: unknown): void
}

export interface MemoryTransport extends SyncTransport {
  /** Answers every waiting request and delivers every realtime message, until the engine is quiet. */
  flush(): Promise<void>
  /** Every request fails as if the device were offline while this is set. */
  offline: boolean
  /** The next requests whose description matches fail with this fault. */
  failNext(match: RegExp, fault: Fault, count?: number): void
  /** No more faults: the network works again. */
  heal(): void
  /** What was asked, in order ('push', 'pull me', 'upload bucket/path', ...). */
  readonly requests: string[]
  /** The realtime channels open right now, by name. */
  readonly channels: Set<string>
  /** The realtime socket drops: every channel errors, then joins again (on the next flush). */
  dropSocket(): void
}

/** Enough turns of the event loop for the engine's Dexie work between two answers. A rejoin's pull
 * first reads the scope's cursor while two channel states are written; 12 turns was just short of
 * that (the rejoin test failed every time), 24 leaves room. Turns are counted, not timed. */
const QUIET_TURNS = 24
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

export function memoryTransport(server: MemoryServer, userId: string | null): MemoryTransport {
  const queue: Array<() => void> = []
  const faults: Array<{ match: RegExp; fault: Fault; count: number }> = []
  const requests: string[] = []
  const channels = new Set<string>()
  const statusListeners = new Map<string, (status: ChannelStatus) => void>()
  let closed = false

  const faultFor = (what: string): Fault | null => {
    if (transport.offline) return 'offline'
    const found = faults.find((f) => f.count > 0 && f.match.test(what))
    if (!found) return null
    found.count -= 1
    return found.fault
  }

  const call = <T>(what: string, run: () => T): Promise<T> => {
    requests.push(what)
    return new Promise<T>((resolve, reject) => {
      const request: Request = { what, run, resolve: (value) => resolve(value as T), reject }
      queue.push(() => {
        if (closed) return request.reject(new NetworkFailure(new Error('closed')))
        const fault = faultFor(what)
        if (fault === 'offline') return request.reject(new SyncError('transient', `${what}: no network`, 0))
        if (fault === 'server-error') return request.reject(new SyncError('transient', `${what}: 500`, 500))
        if (fault === 'busy') return request.reject(new SyncError('transient', `${what}: 429`, 429, '429', BUSY_RETRY_AFTER_MS))
        if (fault === 'unauthorized') return request.reject(new SyncError('auth', `${what}: JWT expired`, 401, 'PGRST301'))
        // A 4xx the way the product API words one: the request is bad and will stay bad.
        if (fault === 'refused') return request.reject(new SyncError('permanent', REFUSAL_WORDS, 400, '400'))
        try {
          const value = request.run()
          if (fault === 'lost-answer') request.reject(new SyncError('transient', `${what}: the answer was lost`, 0))
          else if (fault === 'garbled-answer') request.resolve({ message: 'Bad gateway', html: '<h1>502</h1>' })
          else request.resolve(value)
        } catch (error) {
          request.reject(new SyncError('permanent', error instanceof Error ? error.message : String(error), 400, '22023'))
        }
      })
    })
  }

  const transport: MemoryTransport = {
    offline: false,
    requests,
    channels,
    dropSocket() {
      for (const [name, onStatus] of statusListeners) {
        queue.push(() => channels.has(name) && onStatus('error'))
        queue.push(() => channels.has(name) && onStatus('subscribed'))
      }
    },
    heal() {
      transport.offline = false
      faults.length = 0
    },
    failNext(match, fault, count = 1) {
      faults.push({ match, fault, count })
    },
    async flush() {
      let quiet = 0
      while (quiet < QUIET_TURNS) {
        const next = queue.shift()
        if (next) {
          next()
          quiet = 0
        } else quiet += 1
        await turn()
      }
    },
    push: (ops) => call('push', () => server.push(userId, ops)),
    pull: (scope, since) => call(`pull ${scope}`, () => server.pull(userId, scope, since)),
    upload: (bucket, path) => call(`upload ${bucket}/${path}`, () => undefined),
    removeObject: (bucket, path) => call(`remove ${bucket}/${path}`, () => undefined),
    callApi: (path) => call(`api ${path}`, () => undefined),
    fetchRow: (table, id) =>
      call(`fetch ${table}`, () => {
        const row = server.row(table, id)
        return row && !row.deleted_at && server.canSee(table, row, userId) ? { ...row } : null
      }),
    fetchRows: (table, ids) =>
      call(`fetch ${table}`, () =>
        ids.flatMap((id) => {
          const row = server.row(table, id)
          return row && !row.deleted_at && server.canSee(table, row, userId) ? [{ ...row }] : []
        }),
      ),
    subscribe(name, bindings, onChange, onStatus) {
      channels.add(name)
      statusListeners.set(name, onStatus)
      let open = true
      const unsubscribe = server.subscribe({
        userId,
        bindings,
        deliver: (change) => queue.push(() => open && onChange(change)),
      })
      queue.push(() => open && onStatus('subscribed'))
      return () => {
        open = false
        channels.delete(name)
        statusListeners.delete(name)
        unsubscribe()
        return Promise.resolve()
      }
    },
    refreshRealtimeAuth: () => Promise.resolve(),
    close() {
      closed = true
      channels.clear()
      return Promise.resolve()
    },
  }
  return transport
}
