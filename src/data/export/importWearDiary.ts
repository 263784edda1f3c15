// The wear diary's part of 'Import a Moori export' (issue 41): wears, plans and prices follow the items
// and walls the import made, under their new ids. What no longer fits is left out rather than refused:
// a wear or price of an item not imported, a day that is not one or has not come yet; a plan keeps the
// items and wall that came along (none left: left out), a photo wear whose outfit photo did not come
// along counts as worn by hand. Runs inside the import's transaction.
import { newId } from '@/lib/ids'
import { messages } from '@/lib/messages'
import { isCurrencyCode, isPriceAmount } from '@/lib/wardrobe/money'
import { isDay, localDay } from '@/lib/wardrobe/wearDays'
import type { MooriDB } from '../db'
import type { ItemPriceRow, OutfitPlanRow, WearRow, WearSource } from '../model/rows'
import { insertChange, type Change } from '../mutations/enqueue'
import type { ExportRow } from './exportFormat'

export interface DiaryImport {
  db: MooriDB
  userId: string
  now: string
  /** Old id → new id of what the import made. */
  itemIds: ReadonlyMap<string, string>
  wallIds: ReadonlyMap<string, string>
  tables: { wears: ExportRow[]; outfit_plans: ExportRow[]; item_prices: ExportRow[] }
}

export interface DiaryImportCounts {
  wears: number
  plans: number
  prices: number
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/** Writes the diary's rows to the replica and returns their queued inserts, plans before the wears that name them. */
export async function importWearDiary(input: DiaryImport): Promise<{ changes: Change[]; counts: DiaryImportCounts }> {
  const { db, userId, now, itemIds, wallIds, tables } = input
  const changes: Change[] = []
  const counts: DiaryImportCounts = { wears: 0, plans: 0, prices: 0 }
  const stamp = { createdAt: now, updatedAt: now, txid: '' }
  const today = localDay()
  const planIds = new Map<string, string>()

  for (const source of tables.outfit_plans) {
    const plannedFor = text(source.planned_for)
    if (!plannedFor || !isDay(plannedFor)) continue
    const oldItems = Array.isArray(source.item_ids) ? source.item_ids : []
    const items = [...new Set(oldItems.flatMap((id) => (typeof id === 'string' && itemIds.has(id) ? [itemIds.get(id)!] : [])))]
    const wallId = wallIds.get(text(source.wall_id) ?? '') ?? null
    if (!wallId && items.length === 0) continue
    const plan: OutfitPlanRow = { id: newId(), userId, plannedFor, wallId, itemIds: items, wornAt: text(source.worn_at), ...stamp }
    planIds.set(String(source.id), plan.id)
    await db.outfitPlans.add(plan)
    changes.push(insertChange('outfitPlans', plan, messages.planFailed))
    counts.plans += 1
  }

  for (const source of tables.wears) {
    const itemId = itemIds.get(String(source.item_id))
    const wornOn = String(source.worn_on)
    if (!itemId || !isDay(wornOn) || wornOn > today) continue
    const outfitItemId = itemIds.get(text(source.outfit_item_id) ?? '') ?? null
    const planId = planIds.get(text(source.plan_id) ?? '') ?? null
    const wanted = source.source as WearSource
    const kind: WearSource = wanted === 'photo' ? (outfitItemId ? 'photo' : 'hand') : wanted === 'plan' ? 'plan' : 'hand'
    const wear: WearRow = {
      id: newId(),
      userId,
      itemId,
      wornOn,
      source: kind,
      outfitItemId: kind === 'photo' ? outfitItemId : null,
      planId: kind === 'plan' ? planId : null,
      ...stamp,
    }
    await db.wears.add(wear)
    changes.push(insertChange('wears', wear, messages.wearFailed))
    counts.wears += 1
  }

  for (const source of tables.item_prices) {
    const itemId = itemIds.get(String(source.id))
    const amount = typeof source.amount === 'number' ? source.amount : Number(source.amount)
    const currency = text(source.currency)
    if (!itemId || !isPriceAmount(amount) || !currency || !isCurrencyCode(currency)) continue
    const price: ItemPriceRow = { id: itemId, userId, amount, currency, ...stamp }
    await db.itemPrices.add(price)
    changes.push(insertChange('itemPrices', price, messages.priceFailed))
    counts.prices += 1
  }
  return { changes, counts }
}
