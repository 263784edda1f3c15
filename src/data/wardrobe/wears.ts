// Wears (issue 41): an item worn on a day. "Wore today" adds one by hand (for an item, an outfit's items
// or a wall card's item); an outfit photo is a wear of every item that came out of it; a wear can be
// moved to another day or removed. Each returns the undo that takes it back (diaryUndo.ts). Wears are
// the owner's alone: the server refuses a wear of anyone else's item, and no one else ever reads one.
import { isDay, localDay } from '@/lib/wardrobe/wearDays'
import { messages } from '@/lib/messages'
import type { WardrobeItemRow } from '../model/rows'
import { MutationError, type Replica } from '../replica'
import { mutate } from '../mutations/mutate'
import { deleteWear, insertWear, setWearDay } from './diaryWrites'
import type { DiaryUndo } from './diaryUndo'
import { ownItem } from './wardrobeItems'

/** A day a wear may be on: a real day that has come (on this device's calendar). */
export function checkWearDay(day: string, today: string = localDay()): void {
  if (!isDay(day)) throw new MutationError(messages.dayInvalid)
  if (day > today) throw new MutationError(messages.wearNotYet)
}

/** The user's own live items among `itemIds`, each once; throws for one that is not theirs or gone. */
async function ownItems(replica: Replica, itemIds: readonly string[]): Promise<WardrobeItemRow[]> {
  const items: WardrobeItemRow[] = []
  for (const id of new Set(itemIds)) items.push(await ownItem(replica, id))
  return items
}

/** "Wore today" (or on `day`) for one or more of the user's items: one hand wear each. */
export async function addWears(replica: Replica, itemIds: readonly string[], day: string = localDay()): Promise<DiaryUndo> {
  checkWearDay(day)
  const { db } = replica
  return mutate(replica, [db.wears, db.wardrobeItems], async (context) => {
    const items = await ownItems(replica, itemIds)
    const steps: DiaryUndo['steps'] = []
    for (const item of items) {
      const wear = await insertWear(context, {
        userId: item.userId,
        itemId: item.id,
        wornOn: day,
        source: 'hand',
        outfitItemId: null,
        planId: null,
      })
      steps.push({ kind: 'removeWear', wearId: wear.id })
    }
    return { steps }
  })
}

/** "Wore today" on one item. */
export async function addWear(replica: Replica, itemId: string, day: string = localDay()): Promise<DiaryUndo> {
  return addWears(replica, [itemId], day)
}

/** The items an outfit photo's analysis found, as the engine wrote them on the outfit's own item. */
function itemsFromOutfit(outfit: WardrobeItemRow): string[] {
  return (outfit.analysis?.items ?? []).map((found) => found.id)
}

/**
 * An outfit photo as wears: on `day` (its EXIF date, else its upload day) a 'photo' wear of every item
 * that came out of it and is still in the wardrobe. Items that already have this photo's wear are left
 * alone, so calling it again (a reload, the job's result arriving twice) adds nothing; the server holds
 * the same rule (one live photo wear per item and photo).
 */
export async function recordOutfitWears(replica: Replica, outfitItemId: string, day: string): Promise<DiaryUndo> {
  checkWearDay(day)
  const { db } = replica
  return mutate(replica, [db.wears, db.wardrobeItems], async (context) => {
    const outfit = await ownItem(replica, outfitItemId)
    const already = new Set((await db.wears.where('outfitItemId').equals(outfitItemId).toArray()).map((w) => w.itemId))
    const steps: DiaryUndo['steps'] = []
    for (const itemId of itemsFromOutfit(outfit)) {
      const item = await db.wardrobeItems.get(itemId)
      if (!item || item.userId !== outfit.userId || already.has(itemId)) continue
      const wear = await insertWear(context, {
        userId: outfit.userId,
        itemId,
        wornOn: day,
        source: 'photo',
        outfitItemId,
        planId: null,
      })
      steps.push({ kind: 'removeWear', wearId: wear.id })
    }
    return { steps }
  })
}

async function ownWear(replica: Replica, wearId: string) {
  if (!replica.userId) throw new MutationError(messages.wardrobeNeedsSignIn)
  const wear = await replica.db.wears.get(wearId)
  if (!wear) throw new MutationError(messages.wearGone)
  if (wear.userId !== replica.userId) throw new MutationError(messages.ownItemsOnly)
  return wear
}

/** Moves wears to another day (one wear, or an outfit photo's wears when its date is edited). */
export async function moveWears(replica: Replica, wearIds: readonly string[], day: string): Promise<DiaryUndo> {
  checkWearDay(day)
  const { db } = replica
  return mutate(replica, [db.wears], async (context) => {
    const steps: DiaryUndo['steps'] = []
    for (const wearId of new Set(wearIds)) {
      const wear = await ownWear(replica, wearId)
      if (wear.wornOn === day) continue
      await setWearDay(context, wear.id, day)
      steps.push({ kind: 'moveWear', wearId: wear.id, from: day, to: wear.wornOn })
    }
    return { steps }
  })
}

export async function moveWear(replica: Replica, wearId: string, day: string): Promise<DiaryUndo> {
  return moveWears(replica, [wearId], day)
}

/** The wears an outfit photo made, to move them with its date. */
export async function outfitWearIds(replica: Replica, outfitItemId: string): Promise<string[]> {
  const ids: string[] = await replica.db.wears.where('outfitItemId').equals(outfitItemId).primaryKeys()
  return ids
}

/** Removes a wear; its undo brings back the same wear (a new row: the removed one's tombstone is final). */
export async function removeWear(replica: Replica, wearId: string): Promise<DiaryUndo> {
  const { db } = replica
  return mutate(replica, [db.wears], async (context) => {
    const wear = await ownWear(replica, wearId)
    await deleteWear(context, wear.id)
    const { userId, itemId, wornOn, source, outfitItemId, planId } = wear
    return { steps: [{ kind: 'restoreWear', wear: { userId, itemId, wornOn, source, outfitItemId, planId } }] }
  })
}
