import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryDatabase } from './testing/memoryReplica'
import { startSyncClient, type Started } from './syncClient'

const config: Parameters<typeof startSyncClient>[0] = {
  supabaseUrl: 'http://stack.test',
  anonKey: 'anon',
  apiUrl: 'http://stack.test/api',
  databaseName: 'sync-client-test',
  userId: null,
  accessToken: null,
}

/** A worker that records the calls it got (only what the client sends on its own: leases, resume). */
function fakeWorker(calls: string[]): Started {
  const api = {
    lease: (id: string, scope: string) => calls.push(`lease ${id} ${scope}`),
    unlease: (id: string) => calls.push(`unlease ${id}`),
    resume: () => calls.push('resume'),
    stop: () => Promise.resolve(),
  }
  return { api: api as unknown as Started['api'], terminate: () => calls.push('terminate') }
}

/** A spawn whose first start fails with `message` and whose later starts give a fake worker. */
function failsOnce(message: string, calls: string[]) {
  let attempts = 0
  const spawn = () => {
    attempts += 1
    return attempts === 1 ? Promise.reject(new Error(message)) : Promise.resolve(fakeWorker(calls))
  }
  return { spawn, attempts: () => attempts }
}

describe('startSyncClient when the worker does not start', () => {
  const globals = globalThis as { window?: unknown; document?: unknown }
  beforeEach(() => {
    globals.window = new EventTarget()
    globals.document = Object.assign(new EventTarget(), { visibilityState: 'visible' })
  })
  afterEach(() => {
    delete globals.window
    delete globals.document
  })

  it('writes the failure to every held scope, and Try Again starts a new worker with the leases', async () => {
    const db = memoryDatabase()
    const calls: string[] = []
    const { spawn, attempts } = failsOnce('script answered 500', calls)
    const client = startSyncClient(config, () => Promise.resolve(null), { startNow: true, db: () => Promise.resolve(db), spawn })
    client.retainScope('discover')
    const discover = await vi.waitFor(async () => (await db.scopes.get('discover')) ?? expect.fail('no row yet'))
    expect(discover.status).toBe('error')
    expect(discover.error).toContain('script answered 500')

    // A screen that opens after the failure hears of it too, instead of waiting forever.
    const release = client.retainScope('mooris')
    await vi.waitFor(async () => expect((await db.scopes.get('mooris'))?.status).toBe('error'))
    release()

    client.resume?.()
    await vi.waitFor(() => expect(calls).toEqual(['lease 1 discover']))
    expect(attempts()).toBe(2)
    await client.stop()
  })

  it('starts again by itself when the network comes back or the tab wakes (its script could not load offline)', async () => {
    const db = memoryDatabase()
    const calls: string[] = []
    const { spawn, attempts } = failsOnce('Failed to fetch dynamically imported module', calls)
    const client = startSyncClient(config, () => Promise.resolve(null), { startNow: true, db: () => Promise.resolve(db), spawn })
    client.retainScope('me')
    await vi.waitFor(async () => expect((await db.scopes.get('me'))?.status).toBe('error'))
    expect(attempts()).toBe(1)

    ;(globalThis as unknown as { window: EventTarget }).window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(calls).toEqual(['lease 1 me']))
    expect(attempts()).toBe(2)
    // Running now: waking up again only asks the worker to resume, it starts no third one.
    ;(globalThis as unknown as { document: EventTarget }).document.dispatchEvent(new Event('visibilitychange'))
    await vi.waitFor(() => expect(calls).toEqual(['lease 1 me', 'resume']))
    expect(attempts()).toBe(2)
    await client.stop()
  })

  it('starts again by itself after a while, with no event to wake it', async () => {
    const db = memoryDatabase()
    const calls: string[] = []
    const { spawn, attempts } = failsOnce('Failed to fetch dynamically imported module', calls)
    const client = startSyncClient(config, () => Promise.resolve(null), { startNow: true, db: () => Promise.resolve(db), spawn, restartAfterMs: 30 })
    client.retainScope('me')
    await vi.waitFor(() => expect(calls).toEqual(['lease 1 me']))
    expect(attempts()).toBe(2)
    await client.stop()
  })

  it('keeps what a scope had: a pulled scope stays readable', async () => {
    const db = memoryDatabase()
    await db.scopes.put({ key: 'me', cursor: 'c1', lastPulledAt: 1, lastUsedAt: 1, status: 'ready', error: null })
    const client = startSyncClient(config, () => Promise.resolve(null), {
      startNow: true,
      db: () => Promise.resolve(db),
      spawn: () => Promise.reject(new Error('no script')),
    })
    client.retainScope('me')
    await vi.waitFor(async () => expect((await db.scopes.get('me'))?.status).toBe('error'))
    expect(await db.scopes.get('me')).toMatchObject({ cursor: 'c1', lastPulledAt: 1, status: 'error' })
    await client.stop()
  })
})
