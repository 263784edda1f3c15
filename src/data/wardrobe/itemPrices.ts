// Prices (issue 41): an optional price on one's own item, with its currency (the UI offers the
// locale's: currencyForLocale). Kept in `item_prices`, apart from the item, so a public item never
// carries it to anyone else. Each returns the undo that takes it back (diaryUndo.ts).
import { isCurrencyCode, isPriceAmount } from '@/lib/wardrobe/money'
import { messages } from '@/lib/messages'
import type { Replica } from '../replica'
import { MutationError } from '../replica'
import { mutate } from '../mutations/mutate'
import { applySteps, type DiaryUndo } from './diaryUndo'
import type { PriceFields } from './diaryWrites'
import { ownItem } from './wardrobeItems'

async function changePrice(replica: Replica, itemId: string, to: PriceFields): Promise<DiaryUndo> {
  const { db } = replica
  return mutate(replica, [db.itemPrices, db.wardrobeItems, db.wears, db.outfitPlans], async (context) => {
    await ownItem(replica, itemId)
    const current = await db.itemPrices.get(itemId)
    const from: PriceFields = { amount: current?.amount ?? null, currency: current?.currency ?? null }
    if (from.amount === to.amount && from.currency === to.currency) return { steps: [] }
    const { redo } = await applySteps(context, [{ kind: 'setPrice', itemId, from, to }])
    return redo
  })
}

/** Sets an item's price: an amount in the currency's major unit (12.5 = 12.50) and an ISO 4217 code. */
export async function setItemPrice(replica: Replica, itemId: string, amount: number, currency: string): Promise<DiaryUndo> {
  if (!isPriceAmount(amount)) throw new MutationError(messages.priceInvalid)
  if (!isCurrencyCode(currency)) throw new MutationError(messages.currencyInvalid)
  return changePrice(replica, itemId, { amount, currency })
}

/** Takes an item's price away (its row stays, empty, so a later price is an update). */
export async function clearItemPrice(replica: Replica, itemId: string): Promise<DiaryUndo> {
  return changePrice(replica, itemId, { amount: null, currency: null })
}
