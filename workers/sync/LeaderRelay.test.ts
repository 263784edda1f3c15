// Two or three tabs of one user, each with its own sync worker, sharing one replica: only the leader
// syncs, every tab's calls reach it through the relay and get its real answers, it honours other tabs'
// releases and forgets tabs that went away, and the next tab takes over when the leader's tab closes.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { MooriDB } from '@/data/db'
import { createWall } from '@/data/mutations/walls'
import { memoryReplica } from '@/data/testing/memoryReplica'
import { createSyncWorkerApi, type SyncWorkerApi } from './workerApi'
import { memoryTabs } from './testing/memoryTabs'
import { MemoryServer } from './testing/memoryServer'
import { memoryTransport, type MemoryTransport } from './testing/memoryTransport'

const config = { supabaseUrl: 'http://stack.test', anonKey: 'anon', apiUrl: 'http://stack.test/api', databaseName: 'moori-ada', userId: 'ada', accessToken: 't' }

function browser(options: { brokenStarts?: number } = {}) {
  let brokenStarts = options.brokenStarts ?? 0
  const server = new MemoryServer()
  server.write('profiles', { id: 'ada', username: 'ada' })
  server.write('walls', { id: 'w1', name: 'Shared', owner_id: 'bo', private: false })
  const tabs = memoryTabs()
  const indexedDB = new IDBFactory()
  const nets: MemoryTransport[] = []
  const open: SyncWorkerApi[] = []
  let count = 0
  const openTab = async () => {
    const api = createSyncWorkerApi({
      openDatabase: (name) => {
        const db = new MooriDB(name, { indexedDB, IDBKeyRange })
        // The replica failing under a starting engine (its first read of the sync state), as many times as asked.
        const read = db.syncState.get.bind(db.syncState)
        db.syncState.get = ((key: 'sync') =>
          brokenStarts-- > 0 ? Promise.reject(new Error('The replica could not be read')) : read(key)) as typeof db.syncState.get
        return db
      },
      transport: () => {
        const net = memoryTransport(server, 'ada')
        nets.push(net)
        return net
      },
      election: tabs.election,
      presence: tabs.presence,
      channel: tabs.channel,
      newTabId: () => `tab${++count}`,
      engineOptions: { pushDebounceMs: 0, releaseGraceMs: 0, windowRefreshMs: 3_600_000, random: () => 0 },
      campaignAgainMs: 20,
      log: () => undefined,
    })
    await api.start(config, () => Promise.resolve('t'))
    open.push(api)
    return api
  }
  /** Lets every tab's network answer until `work` is done. */
  const settle = async <T>(work: Promise<T>): Promise<T> => {
    let done = false
    void work.finally(() => (done = true))
    do await Promise.all(nets.map((net) => net.flush()))
    while (!done)
    return work
  }
  const quiet = () => settle(Promise.resolve())
  /** The realtime channels open in whichever tab leads. */
  const live = () => new Set(nets.flatMap((net) => [...net.channels]))
  const replica = () => ({ ...memoryReplica('ada'), db: new MooriDB('moori-ada', { indexedDB, IDBKeyRange }) })
  return { server, openTab, settle, quiet, live, replica, open, nets }
}

let cleanup: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanup.map((stop) => stop()))
  cleanup = []
})

function track(b: ReturnType<typeof browser>) {
  cleanup.push(async () => {
    await Promise.all(b.open.map((api) => api.stop()))
  })
  return b
}

describe('the leader relay', () => {
  it("gives a tab that does not lead the leader's real flush result", async () => {
    const b = track(browser())
    await b.openTab()
    const second = await b.openTab()
    await b.quiet()
    const replica = b.replica()
    const wallId = await createWall(replica, { name: 'From the second tab' })
    const summary = await b.settle(second.flush())
    expect(summary).toMatchObject({ status: 'done', remaining: 0 })
    expect(b.server.row('walls', wallId)).toMatchObject({ name: 'From the second tab' })
    expect(b.nets).toHaveLength(1) // only the leader talks to the server
    replica.db.close()
  })

  it('a tab whose engine could not start stands again, so one tab alone still pushes', async () => {
    const b = track(browser({ brokenStarts: 1 }))
    const only = await b.openTab()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const replica = b.replica()
    const wallId = await createWall(replica, { name: 'After a failed start' })
    expect(await b.settle(only.flush())).toMatchObject({ status: 'done', remaining: 0 })
    expect(b.server.row('walls', wallId)).toMatchObject({ name: 'After a failed start' })
    replica.db.close()
  })

  it("honours another tab's leases and releases", async () => {
    const b = track(browser())
    await b.openTab()
    const second = await b.openTab()
    second.lease('1', 'wall:w1')
    await b.quiet()
    expect(b.live()).toContain('sync:wall:w1')
    second.unlease('1')
    await b.quiet()
    expect(b.live()).not.toContain('sync:wall:w1')
    expect(b.live()).toContain('sync:me')
  })

  it('drops the leases of a tab that went away', async () => {
    const b = track(browser())
    await b.openTab()
    const second = await b.openTab()
    second.lease('1', 'wall:w1')
    await b.quiet()
    expect(b.live()).toContain('sync:wall:w1')
    await second.stop()
    await b.quiet()
    expect(b.live()).not.toContain('sync:wall:w1')
  })

  it('hands over to another tab when the leader closes; that tab repeats its leases', async () => {
    const b = track(browser())
    const first = await b.openTab()
    const second = await b.openTab()
    first.lease('1', 'mooris')
    second.lease('1', 'wall:w1')
    await b.quiet()
    await first.stop()
    await b.quiet()
    expect(b.nets).toHaveLength(2)
    expect([...b.nets[1]!.channels].sort()).toEqual(['sync:me', 'sync:wall:w1'])
    const replica = b.replica()
    await createWall(replica, { name: 'After the handover' })
    expect(await b.settle(second.flush())).toMatchObject({ status: 'done', remaining: 0 })
    replica.db.close()
  })

  it("waits for the leader's final push when a tab that does not lead signs out", async () => {
    const b = track(browser())
    await b.openTab()
    const second = await b.openTab()
    await b.quiet()
    const replica = b.replica()
    const wallId = await createWall(replica, { name: 'Saved before sign-out' })
    expect(await b.settle(second.signOut(5000))).toEqual({ unpushed: 0 })
    expect(b.server.row('walls', wallId)).toBeDefined()
    replica.db.close()
  })
})
