// The wear diary's mutations (issue 41) on a real (in-memory) replica: what each writes to the replica
// and queues for the server, the rules they refuse, and that every undo takes its change back and its
// redo brings it again.
import { describe, expect, it } from 'vitest'
import { messages } from '@/lib/messages'
import { addDays, localDay } from '@/lib/wardrobe/wearDays'
import { memoryReplica } from '../testing/memoryReplica'
import type { OutfitAnalysisItem, StickerRow, WardrobeItemRow } from '../model/rows'
import type { Replica } from '../replica'
import { undoDiaryChange } from './diaryUndo'
import { clearItemPrice, setItemPrice } from './itemPrices'
import { addPlan, removePlan, wearPlan } from './outfitPlans'
import { addWear, addWears, moveWear, outfitWearIds, moveWears, recordOutfitWears, removeWear } from './wears'

const me = '11111111-1111-1111-1111-111111111111'
const other = '22222222-2222-2222-2222-222222222222'
const stamp = '2026-11-01T00:00:00Z'
const today = localDay()
const yesterday = addDays(today, -1)

function item(id: string, fields: Partial<WardrobeItemRow> = {}): WardrobeItemRow {
  return {
    id,
    userId: me,
    imagePath: `wardrobe-images/${fields.userId ?? me}/wardrobe/${id}.png`,
    name: id,
    description: null,
    isPublic: false,
    uploadSource: 'upload',
    jobId: null,
    analysis: null,
    cutoutPath: null,
    cutoutSource: null,
    createdAt: stamp,
    updatedAt: stamp,
    txid: '1',
    ...fields,
  }
}

const found = (id: string) => ({ id }) as OutfitAnalysisItem

async function seeded(): Promise<Replica> {
  const replica = memoryReplica(me)
  await replica.db.wardrobeItems.bulkAdd([
    item('shirt'),
    item('jeans'),
    item('theirs', { userId: other, isPublic: true }),
    item('outfit', {
      uploadSource: 'ootd',
      analysis: { items: [found('shirt'), found('jeans'), found('gone')] } as WardrobeItemRow['analysis'],
    }),
  ])
  return replica
}

const outboxOps = async (replica: Replica) => (await replica.db.outbox.orderBy('seq').toArray()).map((e) => e.op)

describe('wears', () => {
  it('"Wore today" adds a hand wear on the local day and queues its insert', async () => {
    const replica = await seeded()
    await addWear(replica, 'shirt')
    const [wear] = await replica.db.wears.toArray()
    expect(wear).toMatchObject({ userId: me, itemId: 'shirt', wornOn: today, source: 'hand', outfitItemId: null, planId: null })
    expect(await outboxOps(replica)).toEqual([
      expect.objectContaining({ op: 'insert', table: 'wears', row: expect.objectContaining({ id: wear!.id, item_id: 'shirt', worn_on: today, source: 'hand' }) as unknown }),
    ])
  })

  it('refuses someone else’s item, an unknown one, a day not yet come and a day that is none', async () => {
    const replica = await seeded()
    await expect(addWear(replica, 'theirs')).rejects.toThrow(messages.ownItemsOnly)
    await expect(addWear(replica, 'nope')).rejects.toThrow(messages.itemGone)
    await expect(addWear(replica, 'shirt', addDays(today, 1))).rejects.toThrow(messages.wearNotYet)
    await expect(addWear(replica, 'shirt', '2026-02-30')).rejects.toThrow(messages.dayInvalid)
    await expect(addWears(replica, ['shirt', 'theirs'])).rejects.toThrow(messages.ownItemsOnly)
    await expect(addWear(memoryReplica(null), 'shirt')).rejects.toThrow(messages.wardrobeNeedsSignIn)
    expect(await replica.db.wears.count()).toBe(0)
    expect(await replica.db.outbox.count()).toBe(0)
  })

  it('moves a wear and removes it, each with an undo and a redo', async () => {
    const replica = await seeded()
    await addWear(replica, 'shirt')
    const [wear] = await replica.db.wears.toArray()
    const moved = await moveWear(replica, wear!.id, yesterday)
    expect((await replica.db.wears.get(wear!.id))!.wornOn).toBe(yesterday)
    const back = await undoDiaryChange(replica, moved)
    expect((await replica.db.wears.get(wear!.id))!.wornOn).toBe(today)
    await undoDiaryChange(replica, back.redo)
    expect((await replica.db.wears.get(wear!.id))!.wornOn).toBe(yesterday)

    const removed = await removeWear(replica, wear!.id)
    expect(await replica.db.wears.count()).toBe(0)
    expect((await outboxOps(replica)).at(-1)).toMatchObject({ op: 'update', table: 'wears', id: wear!.id, patch: { deleted_at: expect.any(String) as string } })
    const restored = await undoDiaryChange(replica, removed)
    const [again] = await replica.db.wears.toArray()
    // The same wear, as a new row: the server keeps a removed wear's tombstone for good.
    expect(again).toMatchObject({ itemId: 'shirt', wornOn: yesterday, source: 'hand' })
    expect(again!.id).not.toBe(wear!.id)
    await undoDiaryChange(replica, restored.redo)
    expect(await replica.db.wears.count()).toBe(0)
  })

  it('skips an undo whose wear moved again since, and says so', async () => {
    const replica = await seeded()
    await addWear(replica, 'shirt')
    const [wear] = await replica.db.wears.toArray()
    const first = await moveWear(replica, wear!.id, yesterday)
    await moveWear(replica, wear!.id, addDays(today, -5))
    const result = await undoDiaryChange(replica, first)
    expect(result.skipped).toBe(1)
    expect((await replica.db.wears.get(wear!.id))!.wornOn).toBe(addDays(today, -5))
  })

  it('makes an outfit photo one wear of each item that came out of it, once', async () => {
    const replica = await seeded()
    await recordOutfitWears(replica, 'outfit', yesterday)
    await recordOutfitWears(replica, 'outfit', yesterday)
    const wears = await replica.db.wears.orderBy('itemId').toArray()
    expect(wears.map((w) => [w.itemId, w.source, w.outfitItemId, w.wornOn])).toEqual([
      ['jeans', 'photo', 'outfit', yesterday],
      ['shirt', 'photo', 'outfit', yesterday],
    ])
    // Editing the photo's date moves its wears together.
    const undo = await moveWears(replica, await outfitWearIds(replica, 'outfit'), addDays(today, -3))
    expect(new Set((await replica.db.wears.toArray()).map((w) => w.wornOn))).toEqual(new Set([addDays(today, -3)]))
    await undoDiaryChange(replica, undo)
    expect(new Set((await replica.db.wears.toArray()).map((w) => w.wornOn))).toEqual(new Set([yesterday]))
  })
})

describe('prices', () => {
  it('set, change and clear a price, each with an undo', async () => {
    const replica = await seeded()
    const first = await setItemPrice(replica, 'shirt', 40, 'EUR')
    expect(await replica.db.itemPrices.get('shirt')).toMatchObject({ id: 'shirt', userId: me, amount: 40, currency: 'EUR' })
    expect(await outboxOps(replica)).toEqual([
      expect.objectContaining({ op: 'insert', table: 'item_prices', row: expect.objectContaining({ id: 'shirt', amount: 40, currency: 'EUR' }) as unknown }),
      { op: 'update', table: 'item_prices', id: 'shirt', patch: { amount: 40, currency: 'EUR' } },
    ])
    const changed = await setItemPrice(replica, 'shirt', 35.5, 'EUR')
    const cleared = await clearItemPrice(replica, 'shirt')
    expect(await replica.db.itemPrices.get('shirt')).toMatchObject({ amount: null, currency: null })
    await undoDiaryChange(replica, cleared)
    expect(await replica.db.itemPrices.get('shirt')).toMatchObject({ amount: 35.5, currency: 'EUR' })
    await undoDiaryChange(replica, changed)
    expect(await replica.db.itemPrices.get('shirt')).toMatchObject({ amount: 40 })
    await undoDiaryChange(replica, first)
    expect(await replica.db.itemPrices.get('shirt')).toMatchObject({ amount: null, currency: null })
  })

  it('refuse bad amounts, bad currencies and other people’s items', async () => {
    const replica = await seeded()
    for (const amount of [-1, Number.NaN, 1e9, 1.2345])
      await expect(setItemPrice(replica, 'shirt', amount, 'EUR')).rejects.toThrow(messages.priceInvalid)
    for (const currency of ['eur', 'EURO', '€'])
      await expect(setItemPrice(replica, 'shirt', 1, currency)).rejects.toThrow(messages.currencyInvalid)
    await expect(setItemPrice(replica, 'theirs', 10, 'EUR')).rejects.toThrow(messages.ownItemsOnly)
    expect(await replica.db.itemPrices.count()).toBe(0)
  })
})

describe('plans', () => {
  const tomorrow = addDays(today, 1)

  function sticker(id: string, originalItemId: string): StickerRow {
    return {
      id, wallId: 'wall', name: id, imagePath: `wardrobe-stickers/${me}/${id}.png`, timestamp: 0, createdBy: me,
      username: null, x: 0, y: 0, zIndex: 1, originalItemId, originalItemName: null, originalItemDescription: null,
      needsCutout: false, createdAt: stamp, updatedAt: stamp, txid: '1',
    }
  }

  it('put items or a wall on a day ahead, and refuse an empty plan or someone else’s item', async () => {
    const replica = await seeded()
    const { planId, undo } = await addPlan(replica, { plannedFor: tomorrow, itemIds: ['shirt', 'shirt', 'jeans'] })
    expect(await replica.db.outfitPlans.get(planId)).toMatchObject({ plannedFor: tomorrow, itemIds: ['shirt', 'jeans'], wallId: null, wornAt: null })
    await expect(addPlan(replica, { plannedFor: tomorrow })).rejects.toThrow(messages.planNeedsSomething)
    await expect(addPlan(replica, { plannedFor: tomorrow, itemIds: ['theirs'] })).rejects.toThrow(messages.ownItemsOnly)
    await expect(addPlan(replica, { plannedFor: addDays(today, 800), itemIds: ['shirt'] })).rejects.toThrow(messages.planTooFar)
    await expect(wearPlan(replica, planId)).rejects.toThrow(messages.wearNotYet)
    await undoDiaryChange(replica, undo)
    expect(await replica.db.outfitPlans.count()).toBe(0)
  })

  it('"Wore it" turns a plan into wears of its items and its wall’s own items, with an undo', async () => {
    const replica = await seeded()
    await replica.db.walls.add({ id: 'wall', name: 'Mon', description: null, ownerId: me, private: true, createdAt: stamp, updatedAt: stamp, txid: '1' })
    await replica.db.stickers.bulkAdd([sticker('s1', 'jeans'), sticker('s2', 'theirs')])
    const { planId } = await addPlan(replica, { plannedFor: today, wallId: 'wall', itemIds: ['shirt'] })
    const undo = await wearPlan(replica, planId)
    const wears = await replica.db.wears.orderBy('itemId').toArray()
    expect(wears.map((w) => [w.itemId, w.source, w.planId, w.wornOn])).toEqual([
      ['jeans', 'plan', planId, today],
      ['shirt', 'plan', planId, today],
    ])
    expect((await replica.db.outfitPlans.get(planId))!.wornAt).toEqual(expect.any(String) as string)
    await expect(wearPlan(replica, planId)).rejects.toThrow(messages.planNothingToWear)
    await undoDiaryChange(replica, undo)
    expect(await replica.db.wears.count()).toBe(0)
    expect((await replica.db.outfitPlans.get(planId))!.wornAt).toBeNull()

    const removed = await removePlan(replica, planId)
    expect(await replica.db.outfitPlans.count()).toBe(0)
    await undoDiaryChange(replica, removed)
    expect(await replica.db.outfitPlans.toArray()).toEqual([expect.objectContaining({ plannedFor: today, wallId: 'wall', itemIds: ['shirt'] })])
  })
})
