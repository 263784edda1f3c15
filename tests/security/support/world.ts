// The data every security test attacks: an owner with a public and a private wall (polaroids, stickers
// and their images on both), public and private wardrobe items with tags and images, a processing job,
// an OOTD photo, and a wear diary (a wear, a plan and a price, private even on the public item, issue
// 41); and a stranger who owns nothing of it. Everything private carries a marker string
// (and its id and file path count as markers too), so a leak is found wherever it shows up: a body,
// a count, an error message, a header or a realtime event.
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import type { TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'

export type Actor = 'anon' | 'stranger' | 'owner'

export interface World {
  stack: TestStack
  owner: TestUser
  stranger: TestUser
  hermit: TestUser
  publicWall: string
  privateWall: string
  publicPolaroid: string
  privatePolaroid: string
  publicSticker: string
  privateSticker: string
  publicItem: string
  privateItem: string
  publicTag: string
  privateTag: string
  job: string
  /** The owner's wear of the public item (wears, plans and prices are never public). */
  wear: string
  /** The owner's plan for the public wall with the public item. */
  plan: string
  /** The public item's price: its id is the item's, its amount (as text) is among the secrets. */
  price: string
  /** Object names (without bucket) of the owner's files. */
  files: {
    publicPolaroid: string
    privatePolaroid: string
    privateSticker: string
    /** A sticker's own picture on the public wall. */
    publicSticker: string
    privateItem: string
    publicItem: string
    ootd: string
  }
  /** Strings only the owner may ever see. */
  secrets: string[]
  /** The bearer token an actor sends (the anon key for anon). */
  tokenOf(actor: Actor): string
  userIdOf(actor: Actor): string | null
}

export function marker(label: string): string {
  return `SECRET-${label}-${randomBytes(4).toString('hex')}`
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`
}

export async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#a33' } })
    .jpeg()
    .toBuffer()
}

export async function png(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 4, background: '#3a3a' } })
    .png()
    .toBuffer()
}

async function must<T>(label: string, result: PromiseLike<{ error: unknown; data?: T }>): Promise<void> {
  const { error } = await result
  if (error) throw new Error(`${label}: ${JSON.stringify(error)}`)
}

/** One insert per row: rows with different keys in one insert would get nulls for the missing ones. */
async function insertEach(
  stack: TestStack,
  table: string,
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  for (const row of rows) await must(table, stack.admin().from(table).insert(row))
}

export async function buildWorld(stack: TestStack): Promise<World> {
  const owner = await createTestUser(stack)
  const stranger = await createTestUser(stack)
  const hermit = await createTestUser(stack)
  const admin = stack.admin()
  const secrets: string[] = []
  const secret = (label: string) => {
    const value = marker(label)
    secrets.push(value)
    return value
  }
  const privateId = (prefix: string) => {
    const id = newId(prefix)
    secrets.push(id)
    return id
  }

  const publicWall = newId('pubwall')
  const privateWall = privateId('privwall')
  await insertEach(stack, 'walls', [
    { id: publicWall, name: 'Open wall', owner_id: owner.id },
    {
      id: privateWall,
      name: secret('wall-name'),
      description: secret('wall-description'),
      owner_id: owner.id,
      private: true,
    },
  ])

  const publicPolaroid = newId('pubpol')
  const privatePolaroid = privateId('privpol')
  const files = {
    publicPolaroid: `${owner.id}/polaroids/${publicPolaroid}.jpg`,
    privatePolaroid: `${owner.id}/polaroids/${privatePolaroid}.jpg`,
    privateSticker: `${owner.id}/stickers/${privateId('privstickerfile')}.png`,
    publicSticker: `${owner.id}/stickers/${newId('pubstickerfile')}.png`,
    privateItem: `${owner.id}/wardrobe/${privateId('privitemfile')}.jpg`,
    publicItem: `${owner.id}/wardrobe/${newId('pubitemfile')}.jpg`,
    ootd: `${owner.id}/ootd/${privateId('ootdfile')}.jpg`,
  }
  secrets.push(files.privatePolaroid)
  const upload = (bucket: string, name: string, bytes: Buffer, type: string) =>
    must(
      `upload ${bucket}/${name}`,
      owner.client.storage.from(bucket).upload(name, bytes, { contentType: type }),
    )
  await upload('polaroid-images', files.publicPolaroid, await jpeg(), 'image/jpeg')
  await upload('polaroid-images', files.privatePolaroid, await jpeg(), 'image/jpeg')
  await upload('wardrobe-stickers', files.privateSticker, await png(), 'image/png')
  await upload('wardrobe-stickers', files.publicSticker, await png(), 'image/png')
  await upload('wardrobe-images', files.privateItem, await jpeg(), 'image/jpeg')
  await upload('wardrobe-images', files.publicItem, await jpeg(), 'image/jpeg')
  await upload('ootd-images', files.ootd, await jpeg(), 'image/jpeg')
  for (const [bucket, bytes, type] of [
    ['polaroid-images', await jpeg(), 'image/jpeg'],
    ['wardrobe-images', await jpeg(), 'image/jpeg'],
    ['ootd-images', await jpeg(), 'image/jpeg'],
    ['wardrobe-stickers', await png(), 'image/png'],
  ] as const) {
    await must(
      `hermit ${bucket}`,
      hermit.client.storage.from(bucket).upload(`${hermit.id}/only-mine.img`, bytes, { contentType: type }),
    )
  }

  await insertEach(stack, 'polaroids', [
    {
      id: publicPolaroid,
      wall_id: publicWall,
      name: 'Open card',
      image_path: `polaroid-images/${files.publicPolaroid}`,
      created_by: owner.id,
    },
    {
      id: privatePolaroid,
      wall_id: privateWall,
      name: secret('polaroid-name'),
      message: secret('polaroid-message'),
      image_path: `polaroid-images/${files.privatePolaroid}`,
      original_page_url: `https://example.com/${secret('page')}`,
      created_by: owner.id,
    },
  ])

  const publicItem = newId('pubitem')
  const privateItem = privateId('privitem')
  await insertEach(stack, 'wardrobe_items', [
    {
      id: publicItem,
      user_id: owner.id,
      image_path: `wardrobe-images/${files.publicItem}`,
      name: 'Open coat',
      is_public: true,
    },
    {
      id: privateItem,
      user_id: owner.id,
      image_path: `wardrobe-images/${files.privateItem}`,
      name: secret('item-name'),
      description: secret('item-description'),
      is_public: false,
    },
  ])
  const publicTag = newId('pubtag')
  const privateTag = privateId('privtag')
  await insertEach(stack, 'clothing_tags', [
    { id: publicTag, wardrobe_item_id: publicItem, tag_type: 'color', tag_value: 'blue' },
    { id: privateTag, wardrobe_item_id: privateItem, tag_type: 'brand', tag_value: secret('tag') },
  ])

  const publicSticker = newId('pubsticker')
  const privateSticker = privateId('privsticker')
  await insertEach(stack, 'wall_stickers', [
    {
      id: publicSticker,
      wall_id: publicWall,
      name: 'Open sticker',
      image_path: `wardrobe-stickers/${files.publicSticker}`,
      created_by: owner.id,
    },
    {
      id: privateSticker,
      wall_id: privateWall,
      name: secret('sticker-name'),
      image_path: `wardrobe-stickers/${files.privateSticker}`,
      original_item_id: privateItem,
      original_item_name: secret('sticker-item-name'),
      original_item_description: secret('sticker-item-description'),
      created_by: owner.id,
    },
  ])

  const job = privateId('job')
  await must(
    'processing_jobs',
    admin.from('processing_jobs').insert({
      id: job,
      user_id: owner.id,
      kind: 'ootd',
      input: { note: secret('job-input') },
      error: secret('job-error'),
    }),
  )

  // The wear diary, written by the owner through the push the app uses.
  const wear = privateId('wear')
  const plan = privateId('plan')
  const priceAmount = (4_000_000 + randomBytes(2).readUInt16BE()) / 1000
  secrets.push(String(priceAmount))
  const today = new Date().toISOString().slice(0, 10)
  const pushed = await owner.client.rpc('sync_push', {
    mutations: [
      {
        op: 'insert',
        table: 'outfit_plans',
        row: { id: plan, user_id: owner.id, planned_for: today, wall_id: publicWall, item_ids: [publicItem] },
      },
      {
        op: 'insert',
        table: 'wears',
        row: { id: wear, user_id: owner.id, item_id: publicItem, worn_on: today },
      },
      {
        op: 'insert',
        table: 'item_prices',
        row: { id: publicItem, user_id: owner.id, amount: priceAmount, currency: 'EUR' },
      },
    ],
  })
  if (
    pushed.error ||
    JSON.stringify(pushed.data) !== JSON.stringify([{ ok: true }, { ok: true }, { ok: true }])
  )
    throw new Error(`wear diary: ${JSON.stringify(pushed)}`)

  return {
    stack,
    owner,
    stranger,
    hermit,
    publicWall,
    privateWall,
    publicPolaroid,
    privatePolaroid,
    publicSticker,
    privateSticker,
    publicItem,
    privateItem,
    publicTag,
    privateTag,
    job,
    wear,
    plan,
    price: publicItem,
    files,
    secrets,
    tokenOf: (actor) =>
      actor === 'owner' ? owner.accessToken : actor === 'stranger' ? stranger.accessToken : stack.anonKey,
    userIdOf: (actor) => (actor === 'owner' ? owner.id : actor === 'stranger' ? stranger.id : null),
  }
}

/** The secrets found in what an actor saw. */
export function leakedSecrets(world: World, seen: string): string[] {
  return world.secrets.filter((s) => seen.includes(s))
}
