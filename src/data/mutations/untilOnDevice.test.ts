import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { earlyWalls, startFirstScreenRead } from '../early/firstScreen'
import { wallScope } from '../model/scopes'
import type { WallRow } from '../model/rows'
import { memoryDatabase, memoryReplica } from '../testing/memoryReplica'
import { serverWall } from '../testing/serverWall'
import { movePolaroid } from './polaroids'
import { renameWall } from './walls'

const owner = serverWall.owner_id
const wallRow: WallRow = { id: 'w1', name: 'Lisbon', description: null, ownerId: owner, private: false, createdAt: serverWall.created_at, updatedAt: serverWall.updated_at, txid: '11' }

beforeEach(() => {
  vi.stubGlobal('window', { innerWidth: 1280, innerHeight: 800 })
  vi.stubGlobal('document', { createElement: () => ({}), head: { append: () => {} } })
})
afterEach(() => vi.unstubAllGlobals())

/** A first visit to /wall/w1: the boot script shows the wall from the server, no replica holds it yet. */
async function firstVisit(name: string) {
  const fetcher = (() => Promise.resolve(new Response(JSON.stringify([serverWall]), { status: 200 }))) as unknown as typeof fetch
  startFirstScreenRead('/wall/w1', name, { url: 'http://stack', imageTransforms: false }, { anonKey: 'anon', accessToken: 'tok', userId: owner }, fetcher)
  await vi.waitFor(() => expect(earlyWalls.get({ databaseName: name, wallId: 'w1' })?.source).toBe('network'))
  return { ...memoryReplica(owner), db: memoryDatabase(name) }
}

const settled = (promise: Promise<unknown>) => {
  const state = { done: false }
  void promise.then(
    () => (state.done = true),
    () => (state.done = true),
  )
  return state
}

describe('a change to a wall shown from the server before its pull is in', () => {
  it('waits for the pull, then is made: a rename and a drag are kept, not refused as gone', async () => {
    const replica = await firstVisit('first-visit-wait-1')
    const renaming = renameWall(replica, 'w1', 'Porto')
    const moving = movePolaroid(replica, 'p1', { x: 40, y: 50, zIndex: 2 })
    const renamed = settled(renaming)
    const moved = settled(moving)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(renamed.done || moved.done).toBe(false)

    // The worker's pull writes the wall, its card and the scope's state.
    await replica.db.walls.put(wallRow)
    await replica.db.polaroids.put({ id: 'p1', wallId: 'w1', name: 'Linen shirt', message: '', imagePath: 'polaroid-images/w1/p1.jpg', createdBy: owner, x: 0, y: 0, zIndex: 1 } as never)
    await replica.db.scopes.put({ key: wallScope('w1'), lastUsedAt: 1, lastPulledAt: 2 } as never)
    await Promise.all([renaming, moving])
    expect((await replica.db.walls.get('w1'))?.name).toBe('Porto')
    expect(await replica.db.polaroids.get('p1')).toMatchObject({ x: 40, y: 50, zIndex: 2 })
    expect((await replica.db.outbox.toArray()).map((entry) => entry.table)).toEqual(['walls', 'polaroids'])
  })

  it('ends when the pull fails (offline), and the change then says what it finds', async () => {
    const replica = await firstVisit('first-visit-wait-2')
    const renaming = renameWall(replica, 'w1', 'Porto')
    await replica.db.scopes.put({ key: wallScope('w1'), lastUsedAt: 1, status: 'error', error: 'offline' } as never)
    await expect(renaming).rejects.toThrow('This Moori no longer exists.')
  })

  it('does not wait for a row the screen did not show from the server', async () => {
    const replica = await firstVisit('first-visit-wait-3')
    await expect(renameWall(replica, 'elsewhere', 'Porto')).rejects.toThrow('This Moori no longer exists.')
  })
})
