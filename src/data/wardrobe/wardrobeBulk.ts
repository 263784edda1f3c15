// Edits many of the user's own wardrobe items at once (the To review inbox, issue 25): tag them, verify
// their tags, show or hide them, delete them. Each edit is one outbox entry whose batch op applies on
// the server all together or not at all, so a refusal (an item that is not yours, a value the server
// will not keep) leaves every item as the server has it. The spec's tag rules hold as in the review
// modal: only non-empty values are saved, a tag the user sets is theirs (confidence 1, verified), an AI
// tag they confirm keeps its origin.
import { messages } from '@/lib/messages'
import type { TagTypeName } from '@/lib/wardrobe/tagOptions'
import { toServer } from '../model/mapping'
import type { RowChangeOp, TouchedRow } from '../model/outbox'
import type { ClothingTagRow, SyncedTable, WardrobeItemRow } from '../model/rows'
import { MutationError, type Replica } from '../replica'
import { keyOf, type Change } from '../mutations/enqueue'
import { mutate } from '../mutations/mutate'
import { TAG_VALUE_MAX, ownTag } from './wardrobeTags'
import { cancelUnstartedJob } from './outfitJobs'
import { pictureRemoval } from './wardrobeItems'

export type BulkAction =
  /** Gives every item the tag; `replace` removes their other tags of that type first. */
  | { kind: 'tag'; tagType: TagTypeName; value: string; replace: boolean }
  /** Confirms every tag the items have. */
  | { kind: 'verify' }
  | { kind: 'visibility'; isPublic: boolean }
  | { kind: 'delete' }

/** Row changes per outbox entry: well under the server's limit for one batch. */
const OPS_PER_ENTRY = 400

interface RowChange {
  table: SyncedTable
  rowId: string
  fields: string[]
  removes?: boolean
  op: RowChangeOp
}

const sameValue = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

function checkedValue(value: string): string {
  const trimmed = value.trim()
  if (!trimmed) throw new MutationError(messages.tagValueRequired)
  if (trimmed.length > TAG_VALUE_MAX) throw new MutationError(messages.tagValueTooLong)
  return trimmed
}

function tagUpdate(tag: ClothingTagRow, patch: Partial<ClothingTagRow>): RowChange {
  const fields = Object.keys(patch)
  return {
    table: 'tags',
    rowId: tag.id,
    fields,
    op: { op: 'update', table: 'clothing_tags', id: tag.id, patch: toServer('tags', patch, fields) },
  }
}

function removal(table: 'tags' | 'wardrobeItems', rowId: string, deletedAt: string): RowChange {
  return {
    table,
    rowId,
    fields: [],
    removes: true,
    op: { op: 'update', table: table === 'tags' ? 'clothing_tags' : 'wardrobe_items', id: rowId, patch: { deleted_at: deletedAt } },
  }
}

/** What tagging one item takes, written to the replica as it goes. */
async function tagItem(
  replica: Replica,
  item: WardrobeItemRow,
  tags: ClothingTagRow[],
  action: Extract<BulkAction, { kind: 'tag' }>,
  value: string,
  now: string,
): Promise<RowChange[]> {
  const { db } = replica
  const changes: RowChange[] = []
  const ofType = tags.filter((t) => t.tagType === action.tagType)
  const same = ofType.find((t) => sameValue(t.tagValue, value))
  if (same) {
    if (!same.isVerified) {
      const patch = { isVerified: true, confidenceScore: 1 }
      await db.tags.update(same.id, patch)
      changes.push(tagUpdate(same, patch))
    }
  } else {
    const row = ownTag(item.id, action.tagType, value, now)
    await db.tags.add(row)
    changes.push({
      table: 'tags',
      rowId: row.id,
      fields: Object.keys(row),
      op: { op: 'insert', table: 'clothing_tags', row: toServer('tags', row) },
    })
  }
  if (action.replace) {
    for (const other of ofType) {
      if (other === same) continue
      await db.tags.delete(other.id)
      changes.push(removal('tags', other.id, now))
    }
  }
  return changes
}

/** Packs row changes into outbox changes of at most OPS_PER_ENTRY ops, each one batch. */
function batchChanges(rows: RowChange[], failureMessage: string): Change[] {
  const changes: Change[] = []
  for (let start = 0; start < rows.length; start += OPS_PER_ENTRY) {
    const chunk = rows.slice(start, start + OPS_PER_ENTRY)
    const [first, ...rest] = chunk as [RowChange, ...RowChange[]]
    const touched = new Map<string, TouchedRow>()
    for (const row of rest) {
      const key = keyOf(row.table, row.rowId)
      if (key === keyOf(first.table, first.rowId)) continue
      const seen = touched.get(key)
      touched.set(key, {
        table: row.table,
        rowId: row.rowId,
        fields: [...new Set([...(seen?.fields ?? []), ...row.fields])],
        ...(row.removes || seen?.removes ? { removes: true } : {}),
      })
    }
    changes.push({
      table: first.table,
      rowId: first.rowId,
      fields: first.fields,
      ...(first.removes ? { removes: true } : {}),
      also: [...touched.values()],
      op: { op: 'batch', ops: chunk.map((row) => row.op) },
      failureMessage,
    })
  }
  return changes
}

/**
 * Applies `action` to the user's own items `itemIds` (all of them or, on any rule broken, none).
 * Resolves with the number of items it changed.
 */
export async function bulkEditWardrobe(replica: Replica, itemIds: readonly string[], action: BulkAction): Promise<number> {
  if (!replica.userId) throw new MutationError(messages.wardrobeNeedsSignIn)
  const value = action.kind === 'tag' ? checkedValue(action.value) : ''
  const ids = [...new Set(itemIds)]
  if (ids.length === 0) return 0
  const { db } = replica
  return mutate(replica, [db.wardrobeItems, db.tags, db.jobs], async ({ queue }) => {
    const items = await db.wardrobeItems.bulkGet(ids)
    const mine: WardrobeItemRow[] = []
    for (const item of items) {
      if (!item) throw new MutationError(messages.itemGone)
      if (item.userId !== replica.userId) throw new MutationError(messages.ownItemsOnly)
      mine.push(item)
    }
    const allTags = await db.tags.where('wardrobeItemId').anyOf(ids).toArray()
    const tagsOf = (itemId: string) => allTags.filter((t) => t.wardrobeItemId === itemId)
    const now = new Date().toISOString()
    const rows: RowChange[] = []

    if (action.kind === 'tag') {
      for (const item of mine) rows.push(...(await tagItem(replica, item, tagsOf(item.id), action, value, now)))
    } else if (action.kind === 'verify') {
      for (const tag of allTags) {
        if (tag.isVerified) continue
        const patch = { isVerified: true, confidenceScore: 1 }
        await db.tags.update(tag.id, patch)
        rows.push(tagUpdate(tag, patch))
      }
    } else if (action.kind === 'visibility') {
      for (const item of mine) {
        if (item.isPublic === action.isPublic) continue
        await db.wardrobeItems.update(item.id, { isPublic: action.isPublic })
        rows.push({
          table: 'wardrobeItems',
          rowId: item.id,
          fields: ['isPublic'],
          op: { op: 'update', table: 'wardrobe_items', id: item.id, patch: { is_public: action.isPublic } },
        })
      }
    } else {
      for (const tag of allTags) rows.push(removal('tags', tag.id, now))
      for (const item of mine) rows.push(removal('wardrobeItems', item.id, now))
      await db.tags.bulkDelete(allTags.map((t) => t.id))
      await db.wardrobeItems.bulkDelete(ids)
    }

    const failureMessage = action.kind === 'delete' ? messages.deleteItemFailed : messages.updateItemFailed
    queue(...batchChanges(rows, failureMessage))
    if (action.kind === 'delete') {
      for (const item of mine) {
        queue(...pictureRemoval(item))
        await cancelUnstartedJob(db, item.jobId)
      }
    }
    return mine.length
  })
}
