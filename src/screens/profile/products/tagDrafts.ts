// The review modal's tags while the user works on them (spec §3, §5): AI tags can be verified, any tag
// edited or removed, new ones added per type. Nothing is written until Save, which hands `tagDrafts`
// to saveTags (kept tags by id, new ones without; left-out ones are deleted, empty ones dropped).
// A word is shown once per type (issue 40): saved tags of one type that read alike ('casual' and
// 'Casual', 'Grey' and 'Gray') are one row, and what is done to the row is done to every one of them.
import { newId } from '@/lib/ids'
import { TAG_TYPES, tagWord } from '@/lib/wardrobe/tagOptions'
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
  /** Other saved tags of this type with the same word: kept, verified, replaced or removed with it. */
  also: AlsoTag[]
}

interface AlsoTag {
  id: string
  value: string
  verified: boolean
}

/** The saved tags as rows, one per word and type: the first tag of each stands for the rest. */
export function editableTags(rows: readonly ClothingTagRow[]): EditableTag[] {
  const byWord = new Map<string, ClothingTagRow[]>()
  for (const row of rows) {
    const key = `${row.tagType}\u0000${tagWord(row.tagValue)}`
    byWord.set(key, [...(byWord.get(key) ?? []), row])
  }
  return [...byWord.values()].map((group) => {
    const [row, ...rest] = group as [ClothingTagRow, ...ClothingTagRow[]]
    const guesses = group.filter((t) => t.isAiGenerated && !t.isVerified)
    return {
      key: row.id,
      id: row.id,
      type: row.tagType,
      value: row.tagValue,
      ai: group.some((t) => t.isAiGenerated),
      // As the chips show it: the highest guess still waiting for the user.
      confidence: guesses.length > 0 ? Math.max(...guesses.map((t) => t.confidenceScore)) : row.confidenceScore,
      verified: group.every((t) => t.isVerified),
      savedValue: row.tagValue,
      also: rest.map((t) => ({ id: t.id, value: t.tagValue, verified: t.isVerified })),
    }
  })
}

const same = (a: string, b: string) => tagWord(a) === tagWord(b)

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
    // An edited tag becomes the user's own (confidence 1, verified), as saveTags stores it, and replaces
    // the others of its word.
    return changed ? { ...t, value: trimmed, ai: false, confidence: 1, verified: true, also: [] } : { ...t, value: trimmed }
  })
}

/** Adds a tag unless its value is empty or the item already has it. */
export function addTag(list: readonly EditableTag[], type: TagType, value: string): EditableTag[] {
  const trimmed = value.trim()
  if (!trimmed || hasTag(list, type, trimmed)) return [...list]
  return [
    ...list,
    { key: `new-${newId()}`, type, value: trimmed, ai: false, confidence: 1, verified: true, savedValue: null, also: [] },
  ]
}

/** What Save stores: every saved tag a row stands for, by id (one left out is deleted). */
export function tagDrafts(list: readonly EditableTag[]): TagDraft[] {
  return list
    .filter((t) => t.value.trim())
    .flatMap((t): TagDraft[] =>
      t.id
        ? [
            { id: t.id, type: t.type, value: t.value, verified: t.verified },
            ...t.also.map((a) => ({ id: a.id, type: t.type, value: a.value, verified: t.verified || a.verified })),
          ]
        : [{ type: t.type, value: t.value }],
    )
}

export function groupTags(list: readonly EditableTag[]): Array<{ type: TagType; tags: EditableTag[] }> {
  return TAG_TYPES.map((type) => ({ type, tags: list.filter((t) => t.type === type) }))
}

/** Whether saving would change anything compared with the saved rows. */
export function tagsChanged(list: readonly EditableTag[], rows: readonly ClothingTagRow[]): boolean {
  const drafts = tagDrafts(list)
  if (drafts.length !== rows.length) return true
  const byId = new Map(rows.map((r) => [r.id, r]))
  return drafts.some((draft) => {
    const row = draft.id ? byId.get(draft.id) : undefined
    // Verifying is the one change a kept tag's state can take.
    return !row || row.tagValue !== draft.value || (draft.verified === true && !row.isVerified)
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
