// Saving an item's tags from the review-and-edit modal (spec §5): only tags with a value are kept; a tag
// the user adds or edits becomes theirs (confidence 1, not AI, verified); an AI tag they confirm keeps
// its origin and becomes verified; tags left out are removed. Only changed tags reach the outbox.
import { newId } from '@/lib/ids'
import { toServer } from '../model/mapping'
import type { ClothingTagRow, TagType } from '../model/rows'
import { messages } from '@/lib/messages'
import { MutationError, type Replica } from '../replica'
import type { Change } from '../mutations/enqueue'
import { mutate } from '../mutations/mutate'
import { ownItem } from './wardrobeItems'

export const TAG_VALUE_MAX = 100
const TAGS_FAILED = messages.updateItemFailed

export interface TagDraft {
  /** The tag being kept or edited; absent for a new one. */
  id?: string
  type: TagType
  value: string
  /** The user confirmed this tag. */
  verified?: boolean
}

const keyOfTag = (type: string, value: string) => `${type}\u0000${value.trim().toLowerCase()}`

/** A tag the user sets: theirs (confidence 1, not AI) and verified. */
export function ownTag(itemId: string, type: TagType, value: string, now: string): ClothingTagRow {
  return {
    id: newId(),
    wardrobeItemId: itemId,
    tagType: type,
    tagValue: value,
    confidenceScore: 1,
    isAiGenerated: false,
    isVerified: true,
    createdAt: now,
    updatedAt: now,
    txid: '',
  }
}

export async function saveTags(replica: Replica, itemId: string, drafts: TagDraft[]): Promise<void> {
  const wanted: TagDraft[] = []
  const seen = new Set<string>()
  for (const draft of drafts) {
    const value = draft.value.trim()
    if (!value) continue
    if (value.length > TAG_VALUE_MAX) throw new MutationError(messages.tagValueTooLong)
    const key = keyOfTag(draft.type, value)
    if (seen.has(key)) continue
    seen.add(key)
    wanted.push({ ...draft, value })
  }

  const { db } = replica
  await mutate(replica, [db.wardrobeItems, db.tags], async ({ queue }) => {
    await ownItem(replica, itemId)
    const existing = await db.tags.where('wardrobeItemId').equals(itemId).toArray()
    const byId = new Map(existing.map((t) => [t.id, t]))
    // A draft without an id that names an existing tag keeps that tag.
    const byKey = new Map(existing.map((t) => [keyOfTag(t.tagType, t.tagValue), t]))
    const kept = new Set<string>()
    const changes: Change[] = []
    const now = new Date().toISOString()

    for (const draft of wanted) {
      const named = draft.id ? byId.get(draft.id) : undefined
      const current = named ?? byKey.get(keyOfTag(draft.type, draft.value))
      if (current && !kept.has(current.id)) {
        kept.add(current.id)
        // Only a tag the draft names by id can be edited; one found by its value is the same tag.
        const edited = named !== undefined && (current.tagType !== draft.type || current.tagValue !== draft.value)
        const patch: Partial<ClothingTagRow> = edited
          ? { tagType: draft.type, tagValue: draft.value, confidenceScore: 1, isAiGenerated: false, isVerified: true }
          : draft.verified && !current.isVerified
            ? { isVerified: true, confidenceScore: 1 }
            : {}
        const fields = Object.keys(patch)
        if (fields.length === 0) continue
        await db.tags.update(current.id, patch)
        changes.push({
          table: 'tags',
          rowId: current.id,
          fields,
          op: { op: 'update', table: 'clothing_tags', id: current.id, patch: toServer('tags', patch, fields) },
          failureMessage: TAGS_FAILED,
        })
        continue
      }
      const row = ownTag(itemId, draft.type, draft.value, now)
      await db.tags.add(row)
      changes.push({
        table: 'tags',
        rowId: row.id,
        fields: Object.keys(row),
        op: { op: 'insert', table: 'clothing_tags', row: toServer('tags', row) },
        failureMessage: TAGS_FAILED,
      })
    }

    for (const tag of existing) {
      if (kept.has(tag.id)) continue
      await db.tags.delete(tag.id)
      changes.push({
        table: 'tags',
        rowId: tag.id,
        fields: [],
        removes: true,
        op: { op: 'update', table: 'clothing_tags', id: tag.id, patch: { deleted_at: now } },
        failureMessage: TAGS_FAILED,
      })
    }
    queue(...changes)
  })
}
