import { afterEach, describe, expect, it } from 'vitest'
import { openReplicaDatabase, type MooriDB } from '../db'
import { wallScope } from '../model/scopes'
import { wallIdOfPath } from './firstScreen'
import { isMissingReplica, openExisting, readWallEarly } from './readWallEarly'

const opened: MooriDB[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close()
    await db.delete()
  }
})

const wall = { id: 'w1', name: 'Beach', ownerId: 'u1' }
const polaroid = (id: string, wallId: string) => ({
  id,
  wallId,
  zIndex: 1,
  x: 0,
  y: 0,
  imagePath: `polaroid-images/u1/${id}.jpg`,
})

/** The early read as the boot script makes it: on a connection of its own, closed afterwards. */
async function readWall(databaseName: string, wallId: string) {
  const db = await openExisting(databaseName)
  try {
    return await readWallEarly(db, wallId)
  } finally {
    db.close()
  }
}

async function seeded(userId: string): Promise<MooriDB> {
  const db = openReplicaDatabase(userId)
  opened.push(db)
  // Only the fields the early read passes on matter here; the rows are stored as they are.
  await db.walls.put(wall as never)
  await db.profiles.put({ id: 'u1', username: 'ana', usernameLower: 'ana' } as never)
  await db.polaroids.bulkPut([polaroid('p1', 'w1'), polaroid('p2', 'w1'), polaroid('p3', 'other')] as never)
  await db.stickers.put({
    id: 's1',
    wallId: 'w1',
    zIndex: 2,
    x: 5,
    y: 5,
    imagePath: 'wardrobe-stickers/u1/s1.png',
  } as never)
  await db.pendingUploads.put({ key: 'polaroid-images/u1/p2.jpg' } as never)
  db.close()
  return db
}

describe('readWallEarly', () => {
  it("reads one wall's rows, its owner and what waits to upload, as Dexie stored them", async () => {
    const db = await seeded('early-1')
    const early = await readWall(db.name, 'w1')
    expect(early?.wall).toMatchObject(wall)
    expect(early?.owner).toMatchObject({ id: 'u1', username: 'ana' })
    expect(early?.polaroids.map((p) => p.id).sort()).toEqual(['p1', 'p2'])
    expect(early?.stickers.map((s) => s.id)).toEqual(['s1'])
    expect([...(early?.pending ?? [])]).toEqual(['polaroid-images/u1/p2.jpg'])
    expect(early?.pulled).toBe(false)
    // The app opens the same database afterwards, unhindered.
    await db.open()
    expect(await db.polaroids.count()).toBe(3)
  })

  it("says whether the wall's scope was pulled, by the key wallScope gives", async () => {
    const db = await seeded('early-4')
    await db.open()
    await db.scopes.put({ key: wallScope('w1'), lastUsedAt: 1, lastPulledAt: 2 } as never)
    db.close()
    expect((await readWall(db.name, 'w1'))?.pulled).toBe(true)
    expect((await readWall(db.name, 'other'))?.pulled).toBe(false)
  })

  it('has no wall for an id the replica does not hold', async () => {
    const db = await seeded('early-2')
    const early = await readWall(db.name, 'nope')
    expect(early).toMatchObject({ wall: null, owner: null, polaroids: [], stickers: [] })
  })

  it('has no rows in a replica of an older layout', async () => {
    const older = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('moori-older-layout', 1)
      open.onupgradeneeded = () => open.result.createObjectStore('walls', { keyPath: 'id' })
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error ?? new Error('open failed'))
    })
    older.close()
    expect(await readWall('moori-older-layout', 'w1')).toBeNull()
    indexedDB.deleteDatabase('moori-older-layout')
  })
})

describe('wallIdOfPath', () => {
  it('finds the wall of a wall route and of the polaroid route over it', () => {
    expect(wallIdOfPath('/wall/abc')).toBe('abc')
    expect(wallIdOfPath('/wall/abc/polaroid/p1')).toBe('abc')
    expect(wallIdOfPath('/wall/abc/submit')).toBeNull()
    expect(wallIdOfPath('/')).toBeNull()
  })
})

describe('openExisting', () => {
  it('tells a first visit (no database) from a device that holds one, creating nothing', async () => {
    const db = await seeded('early-3')
    ;(await openExisting(db.name)).close()
    const error = await openExisting('moori-first-visit').catch((e: unknown) => e)
    expect(isMissingReplica(error)).toBe(true)
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('moori-first-visit')
  })
})

describe('isMissingReplica', () => {
  it('is the missing database only, not any failure to open it', () => {
    expect(isMissingReplica(new DOMException('aborted', 'AbortError'))).toBe(true)
    expect(isMissingReplica(new Error('Replica busy'))).toBe(false)
  })
})
