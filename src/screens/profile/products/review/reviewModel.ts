// What the To review inbox decides apart from its markup (issue 25): which items wait for review (the
// user's own items with a tag they have not confirmed: fresh AI tags from an outfit job), the order they
// are listed in (oldest first, so a batch reads in the order it was uploaded), and how a click, a
// shift-click or select all changes the selection.
import type { WardrobeEntry } from '@/data/wardrobe/useWardrobe'

function needsReview(entry: WardrobeEntry, userId: string | null): boolean {
  return entry.item.userId === userId && entry.tags.some((tag) => !tag.isVerified)
}

/** The inbox: items waiting for review, oldest first. */
export function reviewQueue(entries: readonly WardrobeEntry[], userId: string | null): WardrobeEntry[] {
  return entries
    .filter((entry) => needsReview(entry, userId))
    .sort((a, b) => a.item.createdAt.localeCompare(b.item.createdAt) || a.item.id.localeCompare(b.item.id))
}

export interface Selection {
  ids: ReadonlySet<string>
  /** The item a shift-click extends from. */
  anchor: string | null
}

export const emptySelection: Selection = { ids: new Set(), anchor: null }

/** A click toggles one item; a shift-click selects every item between the anchor and it. */
export function clickItem(selection: Selection, order: readonly string[], id: string, extend: boolean): Selection {
  const from = selection.anchor ? order.indexOf(selection.anchor) : -1
  const to = order.indexOf(id)
  if (extend && from >= 0 && to >= 0) {
    const [start, end] = from < to ? [from, to] : [to, from]
    const ids = new Set(selection.ids)
    for (const each of order.slice(start, end + 1)) ids.add(each)
    return { ids, anchor: id }
  }
  const ids = new Set(selection.ids)
  if (ids.has(id)) ids.delete(id)
  else ids.add(id)
  return { ids, anchor: id }
}

/** Select all, or clear when all are selected already. */
export function toggleAll(selection: Selection, order: readonly string[]): Selection {
  const all = order.length > 0 && order.every((id) => selection.ids.has(id))
  return all ? emptySelection : { ids: new Set(order), anchor: selection.anchor }
}

/** Items that left the list (verified, deleted elsewhere) leave the selection too. */
export function keepListed(selection: Selection, order: readonly string[]): Selection {
  const listed = new Set(order)
  if ([...selection.ids].every((id) => listed.has(id))) return selection
  return {
    ids: new Set([...selection.ids].filter((id) => listed.has(id))),
    anchor: selection.anchor && listed.has(selection.anchor) ? selection.anchor : null,
  }
}
