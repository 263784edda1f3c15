// What the wear diary says about each item (issue 41): how often and when it was last worn, what each
// wear cost, whether it has rested too long, and the orders Products can sort by. Pure: the data layer
// hands in the user's items, wears and prices, so screens, tests and the export all count alike; a wear
// or price of an item that is gone counts nowhere.
import { daysBetween } from './wearDays'

export interface DatedWear {
  itemId: string
  /** `YYYY-MM-DD`. */
  wornOn: string
}

export interface ItemWearStats {
  count: number
  /** The latest day worn, or null when never. */
  lastWorn: string | null
}

export interface Price {
  amount: number | null
  currency: string | null
}

export interface Money {
  amount: number
  currency: string
}

const NEVER_WORN: ItemWearStats = { count: 0, lastWorn: null }

/**
 * Count and last day per item, in one pass over the wears. Only the wears of `items` (the wardrobe as it
 * is now) count: a deleted item's wears may still be on the device until the server's tombstones arrive
 * with the next pull, and must not show up in any figure meanwhile.
 */
export function wearStatsByItem(wears: Iterable<DatedWear>, items: Iterable<SortableItem>): Map<string, ItemWearStats> {
  const live = new Set<string>()
  for (const item of items) live.add(item.id)
  const stats = new Map<string, ItemWearStats>()
  for (const wear of wears) {
    if (!live.has(wear.itemId)) continue
    const seen = stats.get(wear.itemId)
    if (!seen) stats.set(wear.itemId, { count: 1, lastWorn: wear.wornOn })
    else {
      seen.count += 1
      if (seen.lastWorn === null || wear.wornOn > seen.lastWorn) seen.lastWorn = wear.wornOn
    }
  }
  return stats
}

/** An item's stats, zero when it has no wear. */
export function statsOf(stats: ReadonlyMap<string, ItemWearStats>, itemId: string): ItemWearStats {
  return stats.get(itemId) ?? NEVER_WORN
}

/**
 * The price divided by the wears. An item not worn yet costs its whole price per wear (what its first
 * wear will cost), so unworn pieces sort as the dearest. Null without a price.
 */
export function costPerWear(price: Price | null | undefined, count: number): Money | null {
  if (!price || price.amount === null || price.currency === null) return null
  return { amount: price.amount / Math.max(1, count), currency: price.currency }
}

/**
 * Whether an item has gone `days` days or more without a wear: counted from its last wear, or from the
 * day it joined the wardrobe when never worn (a piece added yesterday has not "rested 90 days").
 */
export function notWornInDays(stats: ItemWearStats, addedOn: string, today: string, days: number): boolean {
  return daysBetween(stats.lastWorn ?? addedOn, today) >= days
}

export type WearSort = 'mostWorn' | 'leastWorn' | 'costPerWear'

export interface SortableItem {
  id: string
}

/**
 * Items in a wear order, a new array. Ties keep their given order (the caller's own order, e.g. newest
 * first). Prices are looked up by the given items only, so a deleted item's price never counts. Cost per wear puts unpriced items last and compares amounts in their own currencies (a
 * wardrobe is nearly always priced in one), then by currency code.
 */
export function sortByWear<T extends SortableItem>(
  items: readonly T[],
  order: WearSort,
  stats: ReadonlyMap<string, ItemWearStats>,
  prices: ReadonlyMap<string, Price> = new Map(),
): T[] {
  const count = (item: T) => statsOf(stats, item.id).count
  const compare: (a: T, b: T) => number =
    order === 'mostWorn'
      ? (a, b) => count(b) - count(a)
      : order === 'leastWorn'
        ? (a, b) => count(a) - count(b)
        : (a, b) => {
            const ca = costPerWear(prices.get(a.id), count(a))
            const cb = costPerWear(prices.get(b.id), count(b))
            if (!ca || !cb) return (ca ? 0 : 1) - (cb ? 0 : 1)
            return ca.amount - cb.amount || ca.currency.localeCompare(cb.currency)
          }
  return [...items].sort(compare)
}
