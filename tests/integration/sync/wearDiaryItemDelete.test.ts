// Issue 41: deleting a wardrobe item takes its wears and its price with it. The server soft-deletes
// them in the same transaction as the item (wardrobe_items_tombstone_diary), so the owner's devices,
// the one that deleted and another, lose them with their next `me` pull; the other items' wears and
// prices stay. Before that pull, the stats already leave the gone item out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { startDevice, type Device } from '../../support/syncedReplica'
import { deleteWardrobeItem } from '../../../src/data/wardrobe/wardrobeItems'
import { setItemPrice } from '../../../src/data/wardrobe/itemPrices'
import { addPlan } from '../../../src/data/wardrobe/outfitPlans'
import { addWear, addWears } from '../../../src/data/wardrobe/wears'
import { newId } from '../../../src/lib/ids'
import { addDays, localDay } from '../../../src/lib/wardrobe/wearDays'
import { statsOf, wearStatsByItem } from '../../../src/lib/wardrobe/wearStats'

let stack: TestStack
let owner: TestUser
const devices: Device[] = []
const coat = newId()
const scarf = newId()
const today = localDay()

async function device() {
  const d = await startDevice(stack, owner)
  devices.push(d)
  return d
}

async function serverRows(table: string, where: string, id: string) {
  const { rows } = await stack.db.query<{ id: string; deleted_at: string | null }>(
    `select id, deleted_at::text from public.${table} where ${where} = $1 order by id`,
    [id],
  )
  return rows
}

beforeAll(async () => {
  stack = await startTestStack()
  owner = await createTestUser(stack)
  for (const id of [coat, scarf]) {
    const { error } = await stack
      .admin()
      .from('wardrobe_items')
      .insert({ id, user_id: owner.id, image_path: `wardrobe-images/${owner.id}/wardrobe/${id}.jpg`, name: id })
    if (error) throw new Error(JSON.stringify(error))
  }
})

afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()))
  await stack.close()
})

describe('deleting a wardrobe item', () => {
  it('soft-deletes its wears and price on the server, and both devices lose them with the next pull', async () => {
    const a = await device()
    await a.engine.pull('me')
    await addWears(a.replica, [coat, scarf], addDays(today, -2))
    await addWear(a.replica, coat, today)
    await setItemPrice(a.replica, coat, 240, 'EUR')
    await setItemPrice(a.replica, scarf, 30, 'EUR')
    await addPlan(a.replica, { plannedFor: addDays(today, 3), itemIds: [coat, scarf] })
    expect((await a.engine.flush()).status).toBe('done')
    expect(await a.replica.db.outbox.count()).toBe(0)

    const b = await device()
    await b.engine.pull('me')
    expect(await b.replica.db.wears.where('itemId').anyOf(coat, scarf).count()).toBe(3)
    expect(await b.replica.db.itemPrices.count()).toBe(2)

    await deleteWardrobeItem(a.replica, coat)
    // Before the tombstones come back, the coat's wears may still be on the device: no figure counts them.
    const items = await a.replica.db.wardrobeItems.toArray()
    const stats = wearStatsByItem(await a.replica.db.wears.toArray(), items)
    expect(statsOf(stats, coat)).toEqual({ count: 0, lastWorn: null })
    expect(statsOf(stats, scarf)).toMatchObject({ count: 1 })
    expect((await a.engine.flush()).status).toBe('done')

    // The server: the coat, its two wears and its price are tombstones; the scarf's are untouched.
    const [item] = await serverRows('wardrobe_items', 'id', coat)
    expect(item?.deleted_at).not.toBeNull()
    const coatWears = await serverRows('wears', 'item_id', coat)
    expect(coatWears).toHaveLength(2)
    expect(coatWears.every((w) => w.deleted_at === item?.deleted_at)).toBe(true)
    expect((await serverRows('item_prices', 'id', coat))[0]?.deleted_at).toBe(item?.deleted_at)
    expect((await serverRows('wears', 'item_id', scarf)).map((w) => w.deleted_at)).toEqual([null])
    expect((await serverRows('item_prices', 'id', scarf))[0]?.deleted_at).toBeNull()
    // The plan keeps naming the coat ("Wore it" leaves gone items out).
    expect((await serverRows('outfit_plans', 'user_id', owner.id))[0]?.deleted_at).toBeNull()

    for (const d of [a, b]) {
      await d.engine.pull('me')
      expect(await d.replica.db.wardrobeItems.get(coat)).toBeUndefined()
      expect(await d.replica.db.wears.where('itemId').equals(coat).count()).toBe(0)
      expect(await d.replica.db.itemPrices.get(coat)).toBeUndefined()
      expect(await d.replica.db.wears.where('itemId').equals(scarf).count()).toBe(1)
      expect(await d.replica.db.itemPrices.get(scarf)).toMatchObject({ amount: 30, currency: 'EUR' })
    }
  })

  it('leaves nothing of the item the owner can still read over REST', async () => {
    const wears = await owner.client.from('wears').select('id').eq('item_id', coat).is('deleted_at', null)
    expect(wears.error).toBeNull()
    expect(wears.data).toEqual([])
    const prices = await owner.client.from('item_prices').select('id').eq('id', coat).is('deleted_at', null)
    expect(prices.error).toBeNull()
    expect(prices.data).toEqual([])
  })
})
