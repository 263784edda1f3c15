// The replica's schema upgrades: a device that queued changes under an older version keeps them, and
// they answer the questions the current version asks of them.
import Dexie from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { MooriDB } from './db'

/** The schema as version 3 left it (before outbox entries listed every row they touch). */
function versionThree(name: string, indexedDB: IDBFactory): Dexie {
  const db = new Dexie(name, { indexedDB, IDBKeyRange })
  db.version(1).stores({
    profiles: 'id, &usernameLower',
    walls: 'id, ownerId, createdAt',
    polaroids: 'id, wallId, [wallId+zIndex], createdAt, createdBy',
    stickers: 'id, wallId, [wallId+zIndex], createdBy',
    wardrobeItems: 'id, userId, createdAt',
    tags: 'id, wardrobeItemId',
    jobs: 'id, userId, createdAt',
    wallStats: 'wallId',
    outbox: '++seq, key',
    failedMutations: '++id, failedAt, notified',
    pendingUploads: 'key',
    scopes: 'key, lastUsedAt',
    scopeMembers: '[scope+table+rowId], scope, [table+rowId]',
    syncState: 'id',
    signedUrls: 'key',
    staleRows: 'key',
    previewWall: 'id',
    previewPolaroids: 'id, createdAt',
  })
  db.version(2).stores({ wardrobeItems: 'id, userId, createdAt, jobId', jobs: 'id, userId, createdAt, status' })
  db.version(3).stores({ undoSteps: '++seq, [wallId+stack+seq]' })
  return db
}

describe('the replica schema', () => {
  it('upgrading from version 3 gives every waiting outbox entry its keys, found by the keys index', async () => {
    const indexedDB = new IDBFactory()
    const old = versionThree('upgrade-test', indexedDB)
    await old.open()
    expect(old.verno).toBe(3)
    await old.table('outbox').add({
      key: 'walls:w1',
      table: 'walls',
      rowId: 'w1',
      fields: ['name'],
      op: { op: 'update', table: 'walls', id: 'w1', patch: { name: 'Offline name' } },
      failureMessage: 'Could not update the wall.',
      createdAt: 1,
      rev: 0,
      attempts: 0,
    })
    old.close()

    const db = new MooriDB('upgrade-test', { indexedDB, IDBKeyRange })
    await db.open()
    expect(db.verno).toBeGreaterThanOrEqual(4)
    const [entry] = await db.outbox.toArray()
    expect(entry).toMatchObject({ key: 'walls:w1', keys: ['walls:w1'], fields: ['name'] })
    expect(await db.outbox.where('keys').equals('walls:w1').count()).toBe(1)
    db.close()
  })

  it('upgrading from version 6 moves each waiting picked photo\'s original beside its row, none lost', async () => {
    const indexedDB = new IDBFactory()
    const old = versionThree('picked-upgrade-test', indexedDB)
    old.version(4).stores({ outbox: '++seq, key, *keys' })
    old.version(5).stores({ pickedPhotos: 'id, batchId, pickedAt' })
    old.version(6).stores({})
    await old.open()
    expect(old.verno).toBe(6)
    const picked = (id: string, position: number, error: string | null) => ({
      id,
      batchId: 'b1',
      file: new File([`original ${id}`], `${id}.jpg`, { type: 'image/jpeg' }),
      name: `${id}.jpg`,
      skipTagging: false,
      pickedAt: 1,
      position,
      error,
    })
    await old.table('pickedPhotos').bulkAdd([picked('p1', 0, null), picked('p2', 1, 'This photo could not be read or kept on this device.')])
    old.close()

    const db = new MooriDB('picked-upgrade-test', { indexedDB, IDBKeyRange })
    await db.open()
    expect(db.verno).toBeGreaterThanOrEqual(7)
    const rows = await db.pickedPhotos.orderBy('pickedAt').toArray()
    expect(rows.map((row) => [row.id, row.position, row.error])).toEqual([
      ['p1', 0, null],
      ['p2', 1, 'This photo could not be read or kept on this device.'],
    ])
    for (const row of rows) expect(row).not.toHaveProperty('file')
    const files = await db.pickedFiles.bulkGet(['p1', 'p2'])
    expect(await Promise.all(files.map((stored) => stored!.file.text()))).toEqual(['original p1', 'original p2'])
    db.close()
  })

  it('upgrading from version 7 gives a waiting job start the mark that fails its job when refused, and nothing else', async () => {
    const indexedDB = new IDBFactory()
    const old = versionThree('job-start-upgrade-test', indexedDB)
    old.version(4).stores({ outbox: '++seq, key, *keys' })
    old.version(5).stores({ pickedPhotos: 'id, batchId, pickedAt' })
    old.version(6).stores({})
    old.version(7).stores({ pickedFiles: 'id' })
    await old.open()
    const waiting = { fields: [], failureMessage: 'Failed to start OOTD processing', createdAt: 1, rev: 0, attempts: 0 }
    await old.table('outbox').bulkAdd([
      {
        ...waiting,
        key: 'jobs:j1',
        keys: ['jobs:j1'],
        table: 'jobs',
        rowId: 'j1',
        op: { op: 'api', path: '/wardrobe/background-ootd', body: { processing_id: 'j1' } },
        preferServerMessage: true,
      },
      { ...waiting, key: 'walls:w1', keys: ['walls:w1'], table: 'walls', rowId: 'w1', op: { op: 'update', table: 'walls', id: 'w1', patch: { name: 'x' } } },
    ])
    old.close()

    const db = new MooriDB('job-start-upgrade-test', { indexedDB, IDBKeyRange })
    await db.open()
    const [start, rename] = await db.outbox.orderBy('seq').toArray()
    expect(start!.onRefused).toEqual({ patch: { status: 'failed' }, messageField: 'error' })
    expect(rename!.onRefused).toBeUndefined()
    db.close()
  })
})
