// The wardrobe import dialog's rules (spec §2, §4, §9), pure: which items are selected and what each
// selection's sticker is on the wall now (a sticker swapped for its cut-out is the same selection; one
// deleted from the wall deselects its item), the first 5 category filters, and the 2 tags a card shows.
import { isOotdStyleTag } from '@/lib/wardrobe/ootdStyles'
import { tagChips, type ChipTag, type TagChipModel } from '@/lib/wardrobe/tagChips'
import { filterOptions, type FilterableItem } from '@/lib/wardrobe/wardrobeFilters'

const IMPORT_CATEGORY_FILTERS = 5
const IMPORT_CARD_TAGS = 2

export type ImportSelection =
  | { status: 'processing' }
  | {
      status: 'ready'
      stickerId: string
      /** The sticker shows the item's photo until its cut-out is made. */
      usedOriginal: boolean
      /** Where the sticker was last seen, to recognise it after its picture is swapped. */
      place: { x: number; y: number; zIndex: number } | null
    }

export interface PlacedSticker {
  id: string
  originalItemId: string | null
  createdBy: string
  needsCutout: boolean
  x: number
  y: number
  zIndex: number
}

export type Selections = ReadonlyMap<string, ImportSelection>

function sameSelection(a: ImportSelection, b: ImportSelection): boolean {
  if (a.status !== b.status) return false
  if (a.status === 'processing' || b.status === 'processing') return true
  return (
    a.stickerId === b.stickerId &&
    a.usedOriginal === b.usedOriginal &&
    a.place?.x === b.place?.x &&
    a.place?.y === b.place?.y &&
    a.place?.zIndex === b.place?.zIndex
  )
}

/**
 * The selections as the wall has them now. A ready selection follows its sticker (its cut-out state
 * and place); when the sticker is gone it follows the user's sticker of the same item at the same
 * place (the cut-out that replaced it), else the item is no longer selected. Returns `selections`
 * itself when nothing changed.
 */
export function reconcileSelections(
  selections: Selections,
  stickers: readonly PlacedSticker[],
  userId: string | null,
): Selections {
  const byId = new Map(stickers.map((s) => [s.id, s]))
  const next = new Map<string, ImportSelection>()
  let changed = false
  for (const [itemId, selection] of selections) {
    if (selection.status === 'processing') {
      next.set(itemId, selection)
      continue
    }
    const sticker =
      byId.get(selection.stickerId) ??
      stickers.find(
        (s) =>
          s.originalItemId === itemId &&
          s.createdBy === userId &&
          selection.place !== null &&
          s.x === selection.place.x &&
          s.y === selection.place.y &&
          s.zIndex === selection.place.zIndex,
      )
    if (!sticker) {
      // Not on this device's copy of the wall yet (just added) keeps its selection; gone deselects.
      if (selection.place === null) next.set(itemId, selection)
      else changed = true
      continue
    }
    const followed: ImportSelection = {
      status: 'ready',
      stickerId: sticker.id,
      usedOriginal: sticker.needsCutout,
      place: { x: sticker.x, y: sticker.y, zIndex: sticker.zIndex },
    }
    if (!sameSelection(selection, followed)) changed = true
    next.set(itemId, followed)
  }
  return changed ? next : selections
}

/** The category filters the dialog offers: the first 5 of the wardrobe's categories, most used first. */
export function importCategories(items: readonly FilterableItem[]): string[] {
  return filterOptions(items).categories.slice(0, IMPORT_CATEGORY_FILTERS)
}

/**
 * The 2 tags a card shows, as chips (a word once: two slots on one word would waste one): descriptive
 * ones first ('OOTD Extracted' only says where it came from).
 */
export function cardTags<T extends ChipTag>(tags: readonly T[]): TagChipModel<T>[] {
  const ordered = [...tags.filter((t) => !isOotdStyleTag(t)), ...tags.filter(isOotdStyleTag)]
  return tagChips(ordered).slice(0, IMPORT_CARD_TAGS)
}
