// A device for sync tests: its own IndexedDB (fake-indexeddb), the real sync engine, and a transport to
// the real local stack through a fetch that can drop off the network or lose answers.
import WebSocket from 'ws'
import { fakeSigner, memoryDatabase } from '../../src/data/testing/memoryReplica'
import type { MooriDB } from '../../src/data/db'
import type { Replica } from '../../src/data/replica'
import { SyncEngine } from '../../workers/sync/SyncEngine'
import { createSupabaseTransport } from '../../workers/sync/supabaseTransport'
import { createProductApi } from '../../src/data/wardrobe/productApi'
import type { TokenSource } from '../../workers/sync/transport'
import type { StackHandle } from '../../supabase/local/server'
import { faultyFetch, type FaultyFetch } from './faultyFetch'
import type { TestUser } from './users'

export interface Device {
  replica: Replica
  engine: SyncEngine
  net: FaultyFetch
  user: TestUser | null
  /** Stops the engine (like closing the tab); the database stays for `restart()`. */
  kill(): Promise<void>
  /** A new engine on the same database, as after a reload. */
  restart(): Promise<Device>
  close(): Promise<void>
}

export async function startDevice(
  stack: StackHandle,
  user: TestUser | null,
  options: { db?: MooriDB; net?: FaultyFetch; start?: boolean; tokens?: TokenSource } = {},
): Promise<Device> {
  const db = options.db ?? memoryDatabase()
  const net = options.net ?? faultyFetch()
  const tokens = options.tokens ?? {
    get: () => Promise.resolve(user?.accessToken ?? null),
    refresh: () => Promise.resolve(user?.accessToken ?? null),
  }
  const transport = createSupabaseTransport({ url: stack.url, anonKey: stack.anonKey, apiUrl: `${stack.url}/api`, tokens, fetch: net.fetch, WebSocket })
  const engine = new SyncEngine({
    db,
    transport,
    tokens,
    userId: user?.id ?? null,
    pushDebounceMs: 10,
    releaseGraceMs: 0,
    windowRefreshMs: 3_600_000,
    log: () => undefined,
  })
  const replica: Replica = {
    db,
    userId: user?.id ?? null,
    sync: { nudge: () => engine.nudge(), retainScope: (scope) => engine.retainScope(scope), resume: () => void engine.resume() },
    images: fakeSigner(),
    api: createProductApi(
      { apiUrl: `${stack.url}/api`, accessToken: () => Promise.resolve(user?.accessToken ?? null), fetch: net.fetch },
      user?.id ?? null,
    ),
  }
  if (options.start !== false) await engine.start()
  const device: Device = {
    replica,
    engine,
    net,
    user,
    kill: () => engine.stop(),
    restart: async () => {
      await engine.stop()
      return startDevice(stack, user, { db, net, tokens })
    },
    close: async () => {
      await engine.stop()
      db.close()
    },
  }
  return device
}

/** Waits until `check` passes (polling), or fails with its last error. */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  while (Date.now() < deadline) {
    try {
      await check()
      return
    } catch (error) {
      lastError = error
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  throw lastError
}
