// A wardrobe: items newest first with their tags, and the stats the Products header shows (items,
// tags, a count per category).
import { useLiveQuery } from 'dexie-react-hooks'
import type { ClothingTagRow, WardrobeItemRow } from '../model/rows'
import { useReplica } from '../ReplicaContext'

export interface WardrobeEntry {
  item: WardrobeItemRow
  tags: ClothingTagRow[]
}

export interface WardrobeStats {
  totalItems: number
  totalTags: number
  categories: Record<string, number>
}

export function wardrobeStats(entries: WardrobeEntry[]): WardrobeStats {
  const categories: Record<string, number> = {}
  let totalTags = 0
  for (const { tags } of entries) {
    totalTags += tags.length
    for (const tag of tags) if (tag.tagType === 'category') categories[tag.tagValue] = (categories[tag.tagValue] ?? 0) + 1
  }
  return { totalItems: entries.length, totalTags, categories }
}

export function useWardrobe(ownerId: string | null): { entries: WardrobeEntry[]; stats: WardrobeStats } | undefined {
  const { db, userId } = useReplica()
  return useLiveQuery(async () => {
    if (!ownerId) return { entries: [], stats: wardrobeStats([]) }
    const items = await db.wardrobeItems.where('userId').equals(ownerId).toArray()
    const visible = items.filter((i) => i.isPublic || i.userId === userId)
    visible.sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    const tags = await db.tags.where('wardrobeItemId').anyOf(visible.map((i) => i.id)).toArray()
    const byItem = new Map<string, ClothingTagRow[]>()
    for (const tag of tags) byItem.set(tag.wardrobeItemId, [...(byItem.get(tag.wardrobeItemId) ?? []), tag])
    const entries = visible.map((item) => ({ item, tags: byItem.get(item.id) ?? [] }))
    return { entries, stats: wardrobeStats(entries) }
  }, [db, ownerId, userId])
}
