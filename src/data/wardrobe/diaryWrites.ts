// The wear diary's row writes (issue 41): each changes the replica and queues the same change for the
// server, inside the caller's `mutate()` transaction. The public mutations (wears, outfitPlans,
// itemPrices) check the rules first; undo replays these same writes, so a step and its undo can never
// push different shapes.
import { newId } from '@/lib/ids'
import { messages } from '@/lib/messages'
import { toServer } from '../model/mapping'
import type { ItemPriceRow, OutfitPlanRow, WearRow } from '../model/rows'
import { insertChange } from '../mutations/enqueue'
import type { MutationContext } from '../mutations/mutate'

/** A wear as the user sees it: everything but its id and the server's bookkeeping. */
export type WearFields = Pick<WearRow, 'userId' | 'itemId' | 'wornOn' | 'source' | 'outfitItemId' | 'planId'>
export type PlanFields = Pick<OutfitPlanRow, 'userId' | 'plannedFor' | 'wallId' | 'itemIds' | 'wornAt'>
export type PriceFields = Pick<ItemPriceRow, 'amount' | 'currency'>

const unsynced = () => {
  const now = new Date().toISOString()
  return { createdAt: now, updatedAt: now, txid: '' }
}

/** Adds a wear under a new id (a removed wear's tombstone is final, so bringing one back is a new row). */
export async function insertWear({ db, queue }: MutationContext, fields: WearFields): Promise<WearRow> {
  const row: WearRow = { id: newId(), ...fields, ...unsynced() }
  await db.wears.add(row)
  queue({
    ...insertChange('wears', row, messages.wearFailed),
    ...(row.source === 'photo' ? { uniqueViolationMessage: messages.wearAlreadyFromPhoto } : {}),
  })
  return row
}

export async function setWearDay({ db, queue }: MutationContext, wearId: string, wornOn: string): Promise<void> {
  await db.wears.update(wearId, { wornOn })
  queue({
    table: 'wears',
    rowId: wearId,
    fields: ['wornOn'],
    op: { op: 'update', table: 'wears', id: wearId, patch: { worn_on: wornOn } },
    failureMessage: messages.wearFailed,
  })
}

/** A soft delete, so the owner's other devices hear of it. */
export async function deleteWear({ db, queue }: MutationContext, wearId: string): Promise<void> {
  await db.wears.delete(wearId)
  queue({
    table: 'wears',
    rowId: wearId,
    fields: [],
    removes: true,
    op: { op: 'update', table: 'wears', id: wearId, patch: { deleted_at: new Date().toISOString() } },
    failureMessage: messages.wearFailed,
  })
}

export async function insertPlan({ db, queue }: MutationContext, fields: PlanFields): Promise<OutfitPlanRow> {
  const row: OutfitPlanRow = { id: newId(), ...fields, ...unsynced() }
  await db.outfitPlans.add(row)
  queue(insertChange('outfitPlans', row, messages.planFailed))
  return row
}

export async function updatePlan(
  { db, queue }: MutationContext,
  planId: string,
  patch: Partial<Pick<OutfitPlanRow, 'plannedFor' | 'wornAt' | 'itemIds' | 'wallId'>>,
): Promise<void> {
  await db.outfitPlans.update(planId, patch)
  const fields = Object.keys(patch)
  queue({
    table: 'outfitPlans',
    rowId: planId,
    fields,
    op: { op: 'update', table: 'outfit_plans', id: planId, patch: toServer('outfitPlans', patch, fields) },
    failureMessage: messages.planFailed,
  })
}

export async function deletePlan({ db, queue }: MutationContext, planId: string): Promise<void> {
  await db.outfitPlans.delete(planId)
  queue({
    table: 'outfitPlans',
    rowId: planId,
    fields: [],
    removes: true,
    op: { op: 'update', table: 'outfit_plans', id: planId, patch: { deleted_at: new Date().toISOString() } },
    failureMessage: messages.planFailed,
  })
}

/**
 * Sets an item's price row (the row's id is the item's). A first price is an insert followed by the
 * same values as an update: if another device priced the item meanwhile, its insert wins the id and
 * the update still makes this, the later change, the price on both.
 */
export async function writePrice(
  { db, queue }: MutationContext,
  itemId: string,
  userId: string,
  price: PriceFields,
): Promise<void> {
  const update = () =>
    queue({
      table: 'itemPrices',
      rowId: itemId,
      fields: ['amount', 'currency'],
      op: { op: 'update', table: 'item_prices', id: itemId, patch: { amount: price.amount, currency: price.currency } },
      failureMessage: messages.priceFailed,
    })
  const current = await db.itemPrices.get(itemId)
  if (current) {
    await db.itemPrices.update(itemId, price)
    update()
    return
  }
  const row: ItemPriceRow = { id: itemId, userId, ...price, ...unsynced() }
  await db.itemPrices.add(row)
  queue(insertChange('itemPrices', row, messages.priceFailed))
  update()
}
