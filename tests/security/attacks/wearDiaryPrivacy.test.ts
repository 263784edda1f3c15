// Issue 41: wears, plans and prices are their owner's alone. Another signed-in user, a signed-out
// visitor (anon) and every public path (the pulls of a profile, the wardrobe import window, Mooris,
// Discover and a public wall, REST reads by id and count) must neither read them nor write them, even
// on the owner's public item; and nobody may record a wear, a plan or a price on someone else's item.
// The owner's own writes and pulls are the positive controls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../../src/lib/ids'
import { startTestStack, type Client, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'

let stack: TestStack
let owner: TestUser
let stranger: TestUser
let anon: Client
const wallId = newId()
const publicItem = newId()
const privateItem = newId()
const outfitItem = newId()
const wearId = newId()
const planId = newId()
/** An amount that shows up nowhere else, so a leak is found wherever it lands. */
const SECRET_AMOUNT = 4321.987
const today = new Date().toISOString().slice(0, 10)

beforeAll(async () => {
  stack = await startTestStack()
  owner = await createTestUser(stack)
  stranger = await createTestUser(stack)
  anon = stack.client()
  const admin = stack.admin()
  const must = async (label: string, result: PromiseLike<{ error: unknown }>) => {
    const { error } = await result
    if (error) throw new Error(`${label}: ${JSON.stringify(error)}`)
  }
  await must('wall', admin.from('walls').insert({ id: wallId, name: 'Open wall', owner_id: owner.id, private: false }))
  for (const [id, isPublic] of [[publicItem, true], [privateItem, false], [outfitItem, true]] as const) {
    await must(
      'item',
      admin.from('wardrobe_items').insert({ id, user_id: owner.id, image_path: `wardrobe-images/${owner.id}/wardrobe/${id}.jpg`, name: id, is_public: isPublic }),
    )
  }
  await must(
    'sticker',
    admin.from('wall_stickers').insert({
      id: newId(), wall_id: wallId, name: 'Shirt', image_path: `wardrobe-stickers/${owner.id}/s.png`, created_by: owner.id,
      x: 1, y: 1, z_index: 1, original_item_id: publicItem,
    }),
  )
  // The owner's own writes, through the same push the app uses.
  const pushed = await owner.client.rpc('sync_push', {
    mutations: [
      { op: 'insert', table: 'outfit_plans', row: { id: planId, user_id: owner.id, planned_for: today, wall_id: wallId, item_ids: [publicItem] } },
      { op: 'insert', table: 'wears', row: { id: wearId, user_id: owner.id, item_id: publicItem, worn_on: today, source: 'plan', plan_id: planId } },
      { op: 'insert', table: 'wears', row: { id: newId(), user_id: owner.id, item_id: publicItem, worn_on: today, source: 'photo', outfit_item_id: outfitItem } },
      { op: 'insert', table: 'item_prices', row: { id: publicItem, user_id: owner.id, amount: SECRET_AMOUNT, currency: 'EUR' } },
    ],
  })
  expect(pushed.error).toBeNull()
  expect(pushed.data).toEqual([{ ok: true }, { ok: true }, { ok: true }, { ok: true }])
})

afterAll(async () => {
  await stack?.close()
})

const secrets = () => [wearId, planId, String(SECRET_AMOUNT)]
const leaked = (body: unknown) => secrets().filter((s) => JSON.stringify(body ?? null).includes(s))

describe('reading', () => {
  it('the owner pulls their wears, plans and prices with `me`', async () => {
    const pulled: { data: unknown; error: unknown } = await owner.client.rpc('sync_pull', { scope: 'me', since: '0' })
    expect(pulled.error).toBeNull()
    const rows = (pulled.data as { rows: Record<string, Array<Record<string, unknown>>> }).rows
    expect(rows.wears!.map((w) => w.id)).toContain(wearId)
    expect(rows.outfit_plans!.map((p) => p.id)).toEqual([planId])
    expect(rows.item_prices).toEqual([expect.objectContaining({ id: publicItem, amount: SECRET_AMOUNT, currency: 'EUR' })])
  })

  it('nobody else reads them over REST, by id, by count or by listing', async () => {
    const leaks: string[] = []
    for (const [who, client] of [['stranger', stranger.client], ['anon', anon]] as const) {
      for (const [table, id] of [['wears', wearId], ['outfit_plans', planId], ['item_prices', publicItem]] as const) {
        const byId = await client.from(table).select('*').eq('id', id)
        const all = await client.from(table).select('*', { count: 'exact' })
        if ((byId.data ?? []).length > 0 || leaked(byId).length) leaks.push(`${who} read ${table} by id`)
        if ((all.data ?? []).length > 0 || (all.count ?? 0) > 0 || leaked(all).length) leaks.push(`${who} listed ${table}`)
      }
    }
    console.info(`[wear diary] REST reads that reached another user or anon: ${leaks.join(', ') || 'none'}`)
    expect(leaks).toEqual([])
  })

  it('no public pull carries them, for another user or for anon', async () => {
    const { data: profile } = await stack.admin().from('profiles').select('username').eq('id', owner.id).single()
    const scopes = [`profile:${(profile as { username: string }).username}`, 'wardrobe', 'mooris', 'discover', `wall:${wallId}`]
    const leaks: string[] = []
    for (const [who, client] of [['stranger', stranger.client], ['anon', anon]] as const) {
      for (const scope of scopes) {
        const answer = await client.rpc('sync_pull', { scope, since: '0' })
        expect(answer.error, `${who} ${scope}`).toBeNull()
        const rows = (answer.data as { rows: Record<string, unknown> }).rows
        for (const table of ['wears', 'outfit_plans', 'item_prices']) if (table in rows) leaks.push(`${who} ${scope} has ${table}`)
        for (const secret of leaked(answer.data)) leaks.push(`${who} ${scope}: ${secret}`)
      }
      const me = await client.rpc('sync_pull', { scope: 'me', since: '0' })
      for (const secret of leaked(me.data)) leaks.push(`${who} me: ${secret}`)
    }
    console.info(`[wear diary] public pulls that carried a wear, plan or price: ${leaks.join(', ') || 'none'}`)
    expect(leaks).toEqual([])
  })
})

describe('writing', () => {
  /** What sync_push answers for one change as `client`. */
  interface Pusher {
    rpc(fn: 'sync_push', args: { mutations: unknown[] }): PromiseLike<{ data: unknown; error: { code: string; message: string } | null }>
  }
  async function pushOne(client: Pusher, change: Record<string, unknown>) {
    const answer = await client.rpc('sync_push', { mutations: [change] })
    const { data, error } = answer
    if (error) return { ok: false, code: error.code, message: error.message }
    return (data as Array<{ ok: boolean; code?: string; message?: string }>)[0]!
  }

  it('refuses a wear, plan or price on someone else’s item, public or private, in either name', async () => {
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['wear of a public item, own name', { op: 'insert', table: 'wears', row: { id: newId(), user_id: stranger.id, item_id: publicItem, worn_on: today, source: 'hand' } }],
      ['wear of a private item, own name', { op: 'insert', table: 'wears', row: { id: newId(), user_id: stranger.id, item_id: privateItem, worn_on: today, source: 'hand' } }],
      ['wear in the owner’s name', { op: 'insert', table: 'wears', row: { id: newId(), user_id: owner.id, item_id: publicItem, worn_on: today, source: 'hand' } }],
      ['plan with the owner’s item', { op: 'insert', table: 'outfit_plans', row: { id: newId(), user_id: stranger.id, planned_for: today, item_ids: [publicItem] } }],
      ['plan in the owner’s name', { op: 'insert', table: 'outfit_plans', row: { id: newId(), user_id: owner.id, planned_for: today, wall_id: wallId } }],
      ['price on a public item, own name', { op: 'insert', table: 'item_prices', row: { id: outfitItem, user_id: stranger.id, amount: 1, currency: 'EUR' } }],
      ['price on a private item in the owner’s name', { op: 'insert', table: 'item_prices', row: { id: privateItem, user_id: owner.id, amount: 1, currency: 'EUR' } }],
      ['move the owner’s wear', { op: 'update', table: 'wears', id: wearId, patch: { worn_on: '2020-01-01' } }],
      ['remove the owner’s wear', { op: 'update', table: 'wears', id: wearId, patch: { deleted_at: new Date().toISOString() } }],
      ['mark the owner’s plan worn', { op: 'update', table: 'outfit_plans', id: planId, patch: { worn_at: new Date().toISOString() } }],
      ['change the owner’s price', { op: 'update', table: 'item_prices', id: publicItem, patch: { amount: 0 } }],
    ]
    const accepted: string[] = []
    for (const [who, client] of [['stranger', stranger.client], ['anon', anon]] as const) {
      for (const [what, change] of attempts) {
        const answer = await pushOne(client, change)
        if (answer.ok) accepted.push(`${who}: ${what}`)
        expect(leaked(answer)).toEqual([])
      }
      // Straight over REST too, around the push.
      const rest = await client.from('wears').insert({ id: newId(), user_id: stranger.id, item_id: publicItem, worn_on: today })
      if (!rest.error) accepted.push(`${who}: REST insert of a wear of the owner’s item`)
      for (const table of ['wears', 'outfit_plans', 'item_prices'] as const) {
        const removed = await client.from(table).delete().neq('id', '').select('id')
        if ((removed.data ?? []).length > 0) accepted.push(`${who}: REST delete of ${table}`)
      }
    }
    console.info(`[wear diary] writes on someone else’s diary or items accepted: ${accepted.join(', ') || 'none'}`)
    expect(accepted).toEqual([])
    const wear: { data: unknown } = await stack.admin().from('wears').select('*').eq('id', wearId).single()
    expect(wear.data).toMatchObject({ worn_on: today, deleted_at: null })
    const price = await stack.admin().from('item_prices').select('amount').eq('id', publicItem).single()
    expect(price.data).toEqual({ amount: SECRET_AMOUNT })
    expect((await stack.admin().from('wears').select('id').eq('user_id', stranger.id)).data).toEqual([])
  })

  it('holds the owner to the rules too: no day ahead, one wear per item and photo, no hard delete', async () => {
    const tomorrowPlusOne = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    const future = await pushOne(owner.client, { op: 'insert', table: 'wears', row: { id: newId(), user_id: owner.id, item_id: privateItem, worn_on: tomorrowPlusOne, source: 'hand' } })
    expect(future).toMatchObject({ ok: false, message: 'A wear cannot be on a day that has not come yet.' })
    const twice = await pushOne(owner.client, { op: 'insert', table: 'wears', row: { id: newId(), user_id: owner.id, item_id: publicItem, worn_on: today, source: 'photo', outfit_item_id: outfitItem } })
    expect(twice).toMatchObject({ ok: false, code: '23505' })
    const badPrice = await pushOne(owner.client, { op: 'insert', table: 'item_prices', row: { id: privateItem, user_id: owner.id, amount: 10, currency: 'eur' } })
    expect(badPrice).toMatchObject({ ok: false, code: '23514' })
    const removed = await owner.client.from('wears').delete().eq('id', wearId).select('id')
    expect(removed.data ?? []).toEqual([])
    // A soft delete is the owner's way, and their other devices see the tombstone.
    expect(await pushOne(owner.client, { op: 'update', table: 'wears', id: wearId, patch: { deleted_at: new Date().toISOString() } })).toEqual({ ok: true })
  })

  it('lets the account go with its diary, tombstones and all', async () => {
    expect(await pushOne(owner.client, { op: 'update', table: 'outfit_plans', id: planId, patch: { deleted_at: new Date().toISOString() } })).toEqual({ ok: true })
    const { error } = await stack.admin().auth.admin.deleteUser(owner.id)
    expect(error).toBeNull()
    for (const table of ['wears', 'outfit_plans', 'item_prices'] as const) {
      expect((await stack.admin().from(table).select('id').eq('user_id', owner.id)).data).toEqual([])
    }
  })
})
