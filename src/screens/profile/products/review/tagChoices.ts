// The values the bulk tag dialog offers for a type: the spec's list first, then the user's own values
// (any value their items already carry that the list lacks: a category or style they typed once is
// offered from then on, on every device, because it lives in their synced tags).
import type { WardrobeEntry } from '@/data/wardrobe/useWardrobe'
import { TAG_CHOICES, tagWord, type TagTypeName } from '@/lib/wardrobe/tagOptions'

export function offeredValues(type: TagTypeName, entries: readonly WardrobeEntry[]): { listed: readonly string[]; own: string[] } {
  const listed = TAG_CHOICES[type].options
  // Compared as read, so a colour stored as 'Grey' is not offered again beside the list's 'Gray'.
  const known = new Set(listed.map(tagWord))
  const own = new Map<string, string>()
  for (const { tags } of entries) {
    for (const tag of tags) {
      const key = tagWord(tag.tagValue)
      if (tag.tagType !== type || known.has(key) || own.has(key)) continue
      own.set(key, tag.tagValue.trim())
    }
  }
  return { listed, own: [...own.values()].sort((a, b) => a.localeCompare(b)) }
}

/** The types a bulk edit can set, in the order the dialog offers them. */
export const BULK_TAG_TYPES: readonly TagTypeName[] = ['category', 'season', 'occasion', 'style', 'color', 'material', 'brand']

/** Types an item normally has one of: setting one replaces the others unless the user says not to. */
export const replacesByDefault = (type: TagTypeName) => type === 'category'
