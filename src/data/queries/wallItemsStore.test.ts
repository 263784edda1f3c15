import Dexie, { type ObservabilitySet } from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { memoryDatabase } from '../testing/memoryReplica'
import type { MooriDB } from '../db'
import type { PolaroidRow, StickerRow } from '../model/rows'
import { mutatedKeys } from './mutatedKeys'
import { createWallItemsStore, type WallItem, type WallItemsStore } from './wallItemsStore'

const me = 'user-me'
const other = 'user-other'
const WALL = 'wall-1'

function polaroid(id: string, fields: Partial<PolaroidRow> = {}): PolaroidRow {
  return {
    id,
    wallId: WALL,
    name: id,
    message: '',
    imagePath: `polaroid-images/${id}.jpg`,
    externalUrl: null,
    originalPageUrl: null,
    timestamp: 1000,
    createdBy: other,
    username: null,
    x: 0,
    y: 0,
    zIndex: 1,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    txid: '1',
    ...fields,
  }
}

function sticker(id: string, fields: Partial<StickerRow> = {}): StickerRow {
  return {
    id,
    wallId: WALL,
    name: id,
    imagePath: `wardrobe-stickers/${id}.png`,
    timestamp: 1000,
    createdBy: me,
    username: null,
    x: 0,
    y: 0,
    zIndex: 1,
    originalItemId: null,
    originalItemName: null,
    originalItemDescription: null,
    needsCutout: false,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    txid: '1',
    ...fields,
  }
}

async function seed(db: MooriDB, ownerId = other) {
  await db.walls.put({
    id: WALL,
    name: 'Wall',
    description: null,
    ownerId,
    private: false,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    txid: '1',
  })
  await db.polaroids.bulkPut([
    polaroid('a', { zIndex: 1 }),
    polaroid('b', { zIndex: 3, createdBy: me }),
    polaroid('c', { zIndex: 2 }),
    polaroid('elsewhere', { wallId: 'wall-2', zIndex: 9 }),
  ])
  await db.stickers.put(sticker('s', { zIndex: 4 }))
}

/** Subscribes, and resolves snapshots as the store announces them. */
function watch(store: WallItemsStore) {
  let announced = 0
  let waiting: Array<() => void> = []
  const unsubscribe = store.subscribe(() => {
    announced++
    waiting.forEach((resolve) => resolve())
    waiting = []
  })
  return {
    get announced() {
      return announced
    },
    /** The next announced snapshot. */
    next: () => new Promise<WallItem[]>((resolve) => waiting.push(() => resolve(store.getSnapshot()!))),
    unsubscribe,
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30))
const ids = (items: WallItem[] | undefined) => items?.map((item) => item.id)

const open: Array<{ db: MooriDB; stop: () => void }> = []
afterEach(() => {
  for (const { db, stop } of open.splice(0)) {
    stop()
    db.close()
  }
})

async function loaded(ownerId = other) {
  const db = memoryDatabase()
  await seed(db, ownerId)
  const store = createWallItemsStore(db, me, WALL)
  const watcher = watch(store)
  open.push({ db, stop: watcher.unsubscribe })
  const first = await watcher.next()
  return { db, store, watcher, first }
}

describe('the wall items store', () => {
  it('reads the wall bottom to top, with who may manage what and which images wait to upload', async () => {
    const db = memoryDatabase()
    await seed(db)
    await db.pendingUploads.put({
      key: 'polaroid-images/c.jpg',
      bucket: 'polaroid-images',
      path: 'c.jpg',
      blob: new Blob(['x']),
      contentType: 'image/jpeg',
      createdAt: 1,
    })
    const store = createWallItemsStore(db, me, WALL)
    expect(store.getSnapshot()).toBeUndefined()
    const watcher = watch(store)
    open.push({ db, stop: watcher.unsubscribe })
    const items = await watcher.next()
    expect(ids(items)).toEqual(['a', 'c', 'b', 's'])
    expect(items.map((i) => [i.id, i.kind, i.canManage, i.uploadPending])).toEqual([
      ['a', 'polaroid', false, false],
      ['c', 'polaroid', false, true],
      ['b', 'polaroid', true, false],
      ['s', 'sticker', true, false],
    ])
  })

  it('swaps only the moved item: every other item keeps its object', async () => {
    const { db, store, watcher, first } = await loaded()
    const changed = watcher.next()
    await db.polaroids.update('a', { x: 400, y: 250, zIndex: 5 })
    const items = await changed
    expect(ids(items)).toEqual(['c', 'b', 's', 'a'])
    expect(items.find((i) => i.id === 'a')).toMatchObject({ x: 400, y: 250, zIndex: 5 })
    for (const id of ['b', 'c', 's'])
      expect(items.find((i) => i.id === id)).toBe(first.find((i) => i.id === id))
    expect(store.getSnapshot()).toBe(items)
  })

  it('adds new items in z-order and drops deleted ones', async () => {
    const { db, watcher } = await loaded()
    let changed = watcher.next()
    await db.polaroids.add(polaroid('d', { zIndex: 2, timestamp: 999 }))
    expect(ids(await changed)).toEqual(['a', 'd', 'c', 'b', 's'])
    changed = watcher.next()
    await db.stickers.delete('s')
    expect(ids(await changed)).toEqual(['a', 'd', 'c', 'b'])
  })

  it('ignores writes elsewhere: other tables, other walls, and writes that change nothing', async () => {
    const { db, store, watcher, first } = await loaded()
    await db.outbox.add({
      key: 'polaroids:a',
      keys: ['polaroids:a'],
      table: 'polaroids',
      rowId: 'a',
      fields: [],
      op: { op: 'call', fn: 'move_polaroid', args: {} },
      failureMessage: '',
      createdAt: 1,
      rev: 0,
      attempts: 0,
    } as never)
    await db.polaroids.update('elsewhere', { x: 10 })
    await db.polaroids.put(polaroid('a', { zIndex: 1 }))
    await settle()
    expect(watcher.announced).toBe(1)
    expect(store.getSnapshot()).toBe(first)
  })

  it('follows pending uploads: the flag of the item showing that image, and only that item', async () => {
    const { db, watcher, first } = await loaded()
    let changed = watcher.next()
    await db.pendingUploads.put({
      key: 'polaroid-images/b.jpg',
      bucket: 'polaroid-images',
      path: 'b.jpg',
      blob: new Blob(['x']),
      contentType: 'image/jpeg',
      createdAt: 1,
    })
    let items = await changed
    expect(items.find((i) => i.id === 'b')?.uploadPending).toBe(true)
    expect(items.find((i) => i.id === 'a')).toBe(first.find((i) => i.id === 'a'))
    changed = watcher.next()
    await db.pendingUploads.delete('polaroid-images/b.jpg')
    items = await changed
    expect(items.find((i) => i.id === 'b')?.uploadPending).toBe(false)
  })

  it('follows the wall owner: everyone may be managed by a new owner', async () => {
    const { db, watcher } = await loaded()
    const changed = watcher.next()
    await db.walls.update(WALL, { ownerId: me })
    expect((await changed).every((i) => i.canManage)).toBe(true)
  })

  it('reads the whole wall again after a bulk write Dexie does not list by key, keeping unchanged objects', async () => {
    const { db, watcher, first } = await loaded()
    const many = Array.from({ length: 60 }, (_, i) =>
      polaroid(`n${String(i).padStart(2, '0')}`, { zIndex: 10 + i }),
    )
    const changed = watcher.next()
    await db.polaroids.bulkPut([...many, polaroid('c', { zIndex: 2, name: 'renamed' })])
    const items = await changed
    expect(items).toHaveLength(64)
    expect(items.find((i) => i.id === 'c')?.name).toBe('renamed')
    expect(items.find((i) => i.id === 'a')).toBe(first.find((i) => i.id === 'a'))
    expect(ids(items)?.slice(0, 4)).toEqual(['a', 'c', 'b', 's'])
  })

  it('reads everything again when it listens anew (what happened meanwhile is unknown)', async () => {
    const { db, store, watcher } = await loaded()
    watcher.unsubscribe()
    await db.polaroids.update('a', { zIndex: 7 })
    const again = watch(store)
    open.push({ db, stop: again.unsubscribe })
    expect(ids(await again.next())).toEqual(['c', 'b', 's', 'a'])
  })

  it('takes changes announced by another context (parts that crossed a BroadcastChannel are plain objects)', async () => {
    const { db, watcher } = await loaded()
    let parts: ObservabilitySet | null = null
    const capture = (p: ObservabilitySet) => {
      parts = p
    }
    Dexie.on.storagemutated.subscribe(capture)
    const changed = watcher.next()
    await db.polaroids.update('c', { name: 'from the worker' })
    Dexie.on.storagemutated.unsubscribe(capture)
    await changed
    expect(parts).not.toBeNull()
    const cloned = structuredClone(parts!)
    expect(mutatedKeys(cloned, db.name, 'polaroids')).toEqual(new Set(['c']))
    expect(mutatedKeys(cloned, db.name, 'stickers')).toBeNull()
    expect(mutatedKeys({ all: cloned[`idb://${db.name}/polaroids/`]! }, db.name, 'polaroids')).toBe('all')
    // Fired as a worker's write arrives: the store reads the named row.
    await db.polaroids.where('id').equals('b').modify({ name: 'quietly' })
    const next = watcher.next()
    Dexie.on.storagemutated.fire(cloned)
    await next
  })

  it('tells its listeners outside its read transaction, so what they run may write (effects of the render)', async () => {
    const db = memoryDatabase()
    await seed(db)
    const store = createWallItemsStore(db, me, WALL)
    let wrote: Promise<unknown> | null = null
    const unsubscribe = store.subscribe(() => {
      wrote ??= db.polaroids.update('a', { x: 5 })
    })
    open.push({ db, stop: unsubscribe })
    await expect.poll(() => wrote).not.toBeNull()
    await expect(wrote).resolves.toBe(1)
  })
})

describe('a store seeded with the boot script early rows', () => {
  it('shows them at once, then keeps every item the first read finds unchanged and takes in the rest', async () => {
    const db = memoryDatabase()
    await seed(db)
    const wall = await db.walls.get(WALL)
    // What the early read saw a moment ago: 'c' at an older position, 'gone' since deleted.
    const store = createWallItemsStore(db, me, WALL, {
      wall: wall!,
      owner: null,
      polaroids: [
        polaroid('a', { zIndex: 1 }),
        polaroid('b', { zIndex: 3, createdBy: me }),
        polaroid('c', { zIndex: 2, x: 99 }),
        polaroid('gone', { zIndex: 5 }),
      ],
      stickers: [sticker('s', { zIndex: 4 })],
      pending: new Set(),
      pulled: true,
      source: 'replica',
    })
    const early = store.getSnapshot()!
    expect(ids(early)).toEqual(['a', 'c', 'b', 's', 'gone'])
    expect(early.find((i) => i.id === 'b')?.canManage).toBe(true)
    const watcher = watch(store)
    open.push({ db, stop: watcher.unsubscribe })
    const read = await watcher.next()
    expect(ids(read)).toEqual(['a', 'c', 'b', 's'])
    expect(read.find((i) => i.id === 'c')?.x).toBe(0)
    for (const id of ['a', 'b', 's'])
      expect(read.find((i) => i.id === id)).toBe(early.find((i) => i.id === id))
  })
})

describe("a first visit's rows from the server (the replica does not have the wall yet)", () => {
  const fromServer = async () => {
    const scratch = memoryDatabase()
    await seed(scratch)
    const wall = (await scratch.walls.get(WALL))!
    scratch.close()
    return {
      wall,
      owner: null,
      polaroids: [polaroid('a', { zIndex: 1 }), polaroid('b', { zIndex: 3, createdBy: me }), polaroid('c', { zIndex: 2 })],
      stickers: [sticker('s', { zIndex: 4 })],
      pending: new Set<string>(),
      pulled: false,
      source: 'network' as const,
    }
  }

  /** What the worker's pull does: the wall's rows and the scope marked pulled, in one transaction. */
  const pull = (db: MooriDB) =>
    db.transaction('rw', [db.walls, db.polaroids, db.stickers, db.scopes], async () => {
      await seed(db)
      await db.scopes.put({
        key: `wall:${WALL}`,
        cursor: '1',
        lastPulledAt: Date.now(),
        lastUsedAt: Date.now(),
        status: 'ready',
        error: null,
      } as never)
    })

  it('arrive after an empty read and stay shown until the pull is in, which takes over keeping every object', async () => {
    const db = memoryDatabase()
    await db.open()
    const store = createWallItemsStore(db, me, WALL)
    const watcher = watch(store)
    open.push({ db, stop: watcher.unsubscribe })
    expect(await watcher.next()).toEqual([])

    const early = await fromServer()
    const seeded = watcher.next()
    store.seedFromNetwork(early)
    const shown = await seeded
    expect(ids(shown)).toEqual(['a', 'c', 'b', 's'])
    expect(shown.find((i) => i.id === 'b')?.canManage).toBe(true)

    // Writes before the pull (the worker's bookkeeping) leave them shown.
    await db.scopes.put({ key: 'me', cursor: null, lastPulledAt: null, lastUsedAt: 1, status: 'new', error: null } as never)
    await settle()
    expect(store.getSnapshot()).toBe(shown)

    // The pull, then a move: the takeover kept every object (the same rows), and announced only the move.
    const before = watcher.announced
    await pull(db)
    await db.polaroids.update('a', { x: 40 })
    await expect.poll(() => store.getSnapshot()?.find((i) => i.id === 'a')?.x).toBe(40)
    const after = store.getSnapshot()!
    for (const id of ['b', 'c', 's']) expect(after.find((i) => i.id === id)).toBe(shown.find((i) => i.id === id))
    expect(watcher.announced).toBe(before + 1)

    // From now on the replica speaks: a late copy from the server changes nothing.
    store.seedFromNetwork({ ...early })
    expect(store.getSnapshot()).toBe(after)
  })

  it('given at the start, survive the first read of the empty replica', async () => {
    const db = memoryDatabase()
    await db.open()
    const early = await fromServer()
    const store = createWallItemsStore(db, me, WALL, early)
    const first = store.getSnapshot()
    expect(ids(first)).toEqual(['a', 'c', 'b', 's'])
    const watcher = watch(store)
    open.push({ db, stop: watcher.unsubscribe })
    await settle()
    expect(store.getSnapshot()).toBe(first)
    // The pull finds one card deleted since the server answered: the replica wins.
    const taken = watcher.next()
    await db.transaction('rw', [db.walls, db.polaroids, db.stickers, db.scopes], async () => {
      await pull(db)
      await db.polaroids.delete('c')
    })
    expect(ids(await taken)).toEqual(['a', 'b', 's'])
  })
})
