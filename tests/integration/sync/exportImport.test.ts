// 'Download my data' and 'Import a Moori export' against the real stack: a user's walls, cards,
// stickers, wardrobe and tags are exported from their device's replica (images through Storage),
// the account is deleted, a new account imports the zip through its outbox, and everything is back
// on the server with positions kept and images byte-identical. A corrupted or foreign zip is refused
// with a clear message and writes nothing.
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildExport } from '../../../src/data/export/buildExport'
import { ExportFormatError, readExport } from '../../../src/data/export/exportFormat'
import { importExport } from '../../../src/data/export/importExport'
import { newId } from '../../../src/lib/ids'
import { startTestStack, type TestStack } from '../../support/stack'
import { startDevice, eventually, type Device } from '../../support/syncedReplica'
import { createTestUser, type TestUser } from '../../support/users'
import { callApi, jpeg, png, upload } from '../api/apiFixtures'

type Row = Record<string, string | number | boolean | null>

async function rowsOf(table: string, column: string, value: string, order = 'id'): Promise<Row[]> {
  const { data, error } = await stack.admin().from(table).select('*').eq(column, value).order(order)
  if (error) throw error
  return data as Row[]
}

let stack: TestStack
let alice: TestUser
const originals = new Map<string, Buffer>()

async function put(
  user: TestUser,
  bucket: string,
  path: string,
  bytes: Buffer<ArrayBuffer>,
): Promise<string> {
  const imagePath = await upload(user, bucket, path, bytes)
  originals.set(imagePath, bytes)
  return imagePath
}

function reader(user: TestUser) {
  return async (imagePath: string): Promise<Uint8Array | null> => {
    const slash = imagePath.indexOf('/')
    const { data } = await user.client.storage
      .from(imagePath.slice(0, slash))
      .download(imagePath.slice(slash + 1))
    return data ? new Uint8Array(await data.arrayBuffer()) : null
  }
}

async function download(imagePath: string): Promise<Buffer> {
  const slash = imagePath.indexOf('/')
  const { data, error } = await stack
    .admin()
    .storage.from(imagePath.slice(0, slash))
    .download(imagePath.slice(slash + 1))
  if (error || !data) throw error ?? new Error(`no ${imagePath}`)
  return Buffer.from(await data.arrayBuffer())
}

async function drained(device: Device): Promise<void> {
  await eventually(async () => {
    expect(await device.replica.db.outbox.count()).toBe(0)
  }, 30_000)
  expect(await device.replica.db.failedMutations.toArray()).toEqual([])
}

beforeAll(async () => {
  stack = await startTestStack()
  alice = await createTestUser(stack)
  const c = alice.client
  const wallA = newId()
  const wallB = newId()
  expect(
    (await c.from('walls').insert({ id: wallA, name: 'Holiday', description: 'Beach', owner_id: alice.id }))
      .error,
  ).toBeNull()
  expect(
    (await c.from('walls').insert({ id: wallB, name: 'Secret', owner_id: alice.id, private: true })).error,
  ).toBeNull()
  const cards = [
    { wall: wallA, name: 'Sunset', x: 120, y: -40, z: 3, color: '#c33' },
    { wall: wallA, name: 'Dunes', x: 512.5, y: 300, z: 7, color: '#3c3' },
    { wall: wallB, name: 'Hidden', x: -80, y: 10, z: 1, color: '#33c' },
  ]
  for (const card of cards) {
    const id = newId()
    const imagePath = await put(
      alice,
      'polaroid-images',
      `${alice.id}/polaroids/${id}.jpg`,
      await jpeg(card.color),
    )
    const { error } = await c.from('polaroids').insert({
      id,
      wall_id: card.wall,
      created_by: alice.id,
      name: card.name,
      message: `About ${card.name}`,
      image_path: imagePath,
      x: card.x,
      y: card.y,
      z_index: card.z,
    })
    expect(error).toBeNull()
  }
  const itemId = newId()
  const itemImage = await put(alice, 'wardrobe-images', `${alice.id}/items/${itemId}.png`, await png())
  expect(
    (
      await c.from('wardrobe_items').insert({
        id: itemId,
        user_id: alice.id,
        image_path: itemImage,
        name: 'Linen shirt',
        is_public: true,
      })
    ).error,
  ).toBeNull()
  for (const [type, value] of [
    ['category', 'Tops'],
    ['color', 'White'],
  ] as const) {
    expect(
      (
        await c
          .from('clothing_tags')
          .insert({ id: newId(), wardrobe_item_id: itemId, tag_type: type, tag_value: value })
      ).error,
    ).toBeNull()
  }
  const stickerId = newId()
  const stickerImage = await put(
    alice,
    'wardrobe-stickers',
    `${alice.id}/stickers/${stickerId}.png`,
    await png(),
  )
  expect(
    (
      await c.from('wall_stickers').insert({
        id: stickerId,
        wall_id: wallA,
        name: 'Linen shirt',
        image_path: stickerImage,
        created_by: alice.id,
        x: 40,
        y: 44,
        z_index: 9,
        original_item_id: itemId,
        original_item_name: 'Linen shirt',
      })
    ).error,
  ).toBeNull()
})

afterAll(async () => {
  await stack?.close()
})

describe('export and import', () => {
  it('brings walls, cards, positions, stickers, wardrobe and tags back in a new account, images byte-identical', async () => {
    const device = await startDevice(stack, alice)
    const release = device.replica.sync.retainScope('me')
    await eventually(async () => expect(await device.replica.db.walls.count()).toBe(2))
    const progress: number[] = []
    const { zip, manifest } = await buildExport(device.replica, reader(alice), (p) =>
      progress.push(p.fraction),
    )
    release()
    await device.close()
    expect(progress[progress.length - 1]).toBe(1)
    expect(manifest).toMatchObject({
      counts: { walls: 2, polaroids: 3, wall_stickers: 1, wardrobe_items: 1, clothing_tags: 2, profiles: 1 },
      images: 5,
      missingImages: [],
      incompleteWalls: [],
    })
    expect(readExport(zip).images.size).toBe(5)

    const deleted = await callApi(stack, '/account', { method: 'DELETE', token: alice.accessToken })
    expect(deleted.ok).toBe(true)
    const { rows } = await stack.db.query<{ n: number }>(
      'select count(*)::int as n from public.walls where owner_id = $1',
      [alice.id],
    )
    expect(rows[0]!.n).toBe(0)

    // The new account imports while offline: everything waits in the outbox, then syncs.
    const again = await createTestUser(stack)
    const fresh = await startDevice(stack, again)
    fresh.net.offline = true
    const summary = await importExport(fresh.replica, zip)
    expect(summary).toEqual({ walls: 2, polaroids: 3, stickers: 1, wardrobeItems: 1, tags: 2, wears: 0, plans: 0, prices: 0, skipped: 0 })
    expect(await fresh.replica.db.walls.count()).toBe(2)
    expect(await fresh.replica.db.pendingUploads.count()).toBe(5)
    const { rows: none } = await stack.db.query<{ n: number }>(
      'select count(*)::int as n from public.walls where owner_id = $1',
      [again.id],
    )
    expect(none[0]!.n).toBe(0)
    fresh.net.heal()
    fresh.replica.sync.nudge()
    await drained(fresh)
    await fresh.close()

    const walls = await rowsOf('walls', 'owner_id', again.id, 'name')
    expect(walls.map((w) => [w.name, w.description, w.private])).toEqual([
      ['Holiday', 'Beach', false],
      ['Secret', null, true],
    ])
    const polaroids = await rowsOf('polaroids', 'created_by', again.id, 'name')
    expect(
      polaroids.map((p) => [
        p.name,
        p.message,
        p.x,
        p.y,
        p.z_index,
        walls.find((w) => w.id === p.wall_id)?.name,
      ]),
    ).toEqual([
      ['Dunes', 'About Dunes', 512.5, 300, 7, 'Holiday'],
      ['Hidden', 'About Hidden', -80, 10, 1, 'Secret'],
      ['Sunset', 'About Sunset', 120, -40, 3, 'Holiday'],
    ])
    const items = await rowsOf('wardrobe_items', 'user_id', again.id)
    const item = items[0]!
    expect(items.map((i) => [i.name, i.is_public])).toEqual([['Linen shirt', true]])
    const tags = await rowsOf('clothing_tags', 'wardrobe_item_id', String(item.id), 'tag_type')
    expect(tags.map((t) => [t.tag_type, t.tag_value])).toEqual([
      ['category', 'Tops'],
      ['color', 'White'],
    ])
    const stickers = await rowsOf('wall_stickers', 'created_by', again.id)
    const sticker = stickers[0]!
    expect(stickers.map((s) => [s.name, s.x, s.y, s.z_index, s.original_item_id])).toEqual([
      ['Linen shirt', 40, 44, 9, item.id],
    ])

    // Images: new paths in the new user's folders, the same bytes.
    const byName = new Map(polaroids.map((p) => [String(p.name), String(p.image_path)]))
    const exportedPolaroids = readExport(zip).tables.polaroids as Array<{ name: string; image_path: string }>
    for (const exportedCard of exportedPolaroids) {
      const now = byName.get(exportedCard.name)!
      expect(now.startsWith(`polaroid-images/${again.id}/`)).toBe(true)
      expect((await download(now)).equals(originals.get(exportedCard.image_path)!)).toBe(true)
    }
    expect(String(item.image_path).startsWith(`wardrobe-images/${again.id}/`)).toBe(true)
    const itemOriginal = [...originals].find(([p]) => p.startsWith('wardrobe-images/'))![1]
    expect((await download(String(item.image_path))).equals(itemOriginal)).toBe(true)
    expect(String(sticker.image_path).startsWith(`wardrobe-stickers/${again.id}/`)).toBe(true)
    const stickerOriginal = [...originals].find(([p]) => p.startsWith('wardrobe-stickers/'))![1]
    expect((await download(String(sticker.image_path))).equals(stickerOriginal)).toBe(true)
  })

  it('refuses a corrupted or foreign zip with a clear message and imports nothing', async () => {
    const user = await createTestUser(stack)
    const device = await startDevice(stack, user)
    const good = zipSync({ 'moori-export.json': strToU8('{"format":"moori-export","version":1}') })
    const cases: Array<[Uint8Array, RegExp]> = [
      [strToU8('definitely not a zip'), /could not be read as a zip/],
      [good.slice(0, good.length - 10), /could not be read as a zip/],
      [zipSync({ 'notes.txt': strToU8('hello') }), /not a Moori export: it has no moori-export.json/],
      [zipSync({ 'moori-export.json': strToU8('{"format":"other"}') }), /not a Moori export/],
      [good, /incomplete: profile.json is missing/],
    ]
    for (const [bytes, message] of cases) {
      const attempt = importExport(device.replica, bytes)
      await expect(attempt).rejects.toThrow(ExportFormatError)
      await expect(importExport(device.replica, bytes)).rejects.toThrow(message)
    }
    // A damaged table inside an otherwise good export.
    const damaged = zipSync({
      'moori-export.json': strToU8('{"format":"moori-export","version":1}'),
      'profile.json': strToU8('[]'),
      'walls.json': strToU8('[{"id":"w1","name":"Fine","private":false}]'),
      'polaroids.json': strToU8('[{"id":"p1","wall_id":"w1","name":"No position"}]'),
      'wall_stickers.json': strToU8('[]'),
      'wardrobe_items.json': strToU8('[]'),
      'clothing_tags.json': strToU8('[]'),
      'processing_jobs.json': strToU8('[]'),
    })
    await expect(importExport(device.replica, damaged)).rejects.toThrow(
      /row 1 of polaroids.json has no valid x/,
    )
    expect(await device.replica.db.walls.count()).toBe(0)
    expect(await device.replica.db.outbox.count()).toBe(0)
    expect(await device.replica.db.pendingUploads.count()).toBe(0)
    await device.close()
  })
})
