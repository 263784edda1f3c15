// The review modal's tags while the user works on them (spec §3, §5): AI tags can be verified, any tag
// edited or removed, new ones added per type. Nothing is written until Save, which hands `tagDrafts`
// to saveTags (kept tags by id, new ones without; left-out ones are deleted, empty ones dropped).
import { newId } from '@/lib/ids'
import { TAG_TYPES } from '@/lib/wardrobe/tagOptions'
import type { ClothingTagRow, TagType } from '@/data/model/rows'
import type { TagDraft } from '@/data/wardrobe/wardrobeTags'

export interface EditableTag {
  /** Stable key for the list: the tag's id, or a new one for added tags. */
  key: string
  /** The saved tag this is, absent for an added one. */
  id?: string
  type: TagType
  value: string
  /** Made by the engine and not changed since. */
  ai: boolean
  confidence: number
  verified: boolean
  /** The value the saved tag had, to tell an edit from no change. */
  savedValue: string | null
}

export function editableTags(rows: readonly ClothingTagRow[]): EditableTag[] {
  return rows.map((row) => ({
    key: row.id,
    id: row.id,
    type: row.tagType,
    value: row.tagValue,
    ai: row.isAiGenerated,
    confidence: row.confidenceScore,
    verified: row.isVerified,
    savedValue: row.tagValue,
  }))
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

function hasTag(list: readonly EditableTag[], type: TagType, value: string, exceptKey?: string): boolean {
  return list.some((t) => t.key !== exceptKey && t.type === type && same(t.value, value))
}

export function verifyTag(list: readonly EditableTag[], key: string): EditableTag[] {
  return list.map((t) => (t.key === key ? { ...t, verified: true } : t))
}

export function removeTag(list: readonly EditableTag[], key: string): EditableTag[] {
  return list.filter((t) => t.key !== key)
}

/** A new value for a tag; an empty one removes it (only non-empty tags are saved). */
export function editTag(list: readonly EditableTag[], key: string, value: string): EditableTag[] {
  const trimmed = value.trim()
  if (!trimmed) return removeTag(list, key)
  return list.map((t) => {
    if (t.key !== key) return t
    const changed = t.savedValue === null || t.savedValue !== trimmed
    // An edited tag becomes the user's own (confidence 1, verified), as saveTags stores it.
    return changed ? { ...t, value: trimmed, ai: false, confidence: 1, verified: true } : { ...t, value: trimmed }
  })
}

/** Adds a tag unless its value is empty or the item already has it. */
export function addTag(list: readonly EditableTag[], type: TagType, value: string): EditableTag[] {
  const trimmed = value.trim()
  if (!trimmed || hasTag(list, type, trimmed)) return [...list]
  return [...list, { key: `new-${newId()}`, type, value: trimmed, ai: false, confidence: 1, verified: true, savedValue: null }]
}

export function tagDrafts(list: readonly EditableTag[]): TagDraft[] {
  return list
    .filter((t) => t.value.trim())
    .map((t) => (t.id ? { id: t.id, type: t.type, value: t.value, verified: t.verified } : { type: t.type, value: t.value }))
}

export function groupTags(list: readonly EditableTag[]): Array<{ type: TagType; tags: EditableTag[] }> {
  return TAG_TYPES.map((type) => ({ type, tags: list.filter((t) => t.type === type) }))
}

/** Whether saving would change anything compared with the saved rows. */
export function tagsChanged(list: readonly EditableTag[], rows: readonly ClothingTagRow[]): boolean {
  if (list.length !== rows.length) return true
  const byId = new Map(rows.map((r) => [r.id, r]))
  return list.some((t) => {
    const row = t.id ? byId.get(t.id) : undefined
    return !row || row.tagValue !== t.value || row.isVerified !== t.verified
  })
}

/** An inline edit not yet confirmed, and values typed into the add fields but not yet added. */
export interface TagInputs {
  editing: { key: string; value: string } | null
  adding: Partial<Record<TagType, string>>
}

/** The tags as Save should store them: what is typed but not yet confirmed counts too. */
export function pendingTags(list: readonly EditableTag[], inputs: TagInputs): EditableTag[] {
  let result = inputs.editing ? editTag(list, inputs.editing.key, inputs.editing.value) : [...list]
  for (const type of TAG_TYPES) result = addTag(result, type, inputs.adding[type] ?? '')
  return result
}
