// Writes to the user's own wardrobe: edit an item, show or hide it, delete it (tags first, then the
// item, then a best-effort removal of its image; spec §7), and save its tags.
import { newId } from '@/lib/ids'
import { messages } from '@/lib/validation'
import { toServer } from '../model/mapping'
import type { ClothingTagRow, TagType, WardrobeItemRow } from '../model/rows'
import { MutationError, type Replica } from '../replica'
import { enqueue, type Change } from './enqueue'

async function ownItem(replica: Replica, itemId: string): Promise<WardrobeItemRow> {
  if (!replica.userId) throw new MutationError(messages.wardrobeNeedsSignIn)
  const item = await replica.db.wardrobeItems.get(itemId)
  if (!item) throw new MutationError('This item no longer exists.')
  if (item.userId !== replica.userId) throw new MutationError('You can only change your own items.')
  return item
}

async function updateItem(
  replica: Replica,
  itemId: string,
  patch: Partial<WardrobeItemRow>,
  failureMessage: string,
) {
  const { db } = replica
  await db.transaction('rw', db.wardrobeItems, db.outbox, async () => {
    await ownItem(replica, itemId)
    await db.wardrobeItems.update(itemId, patch)
    const fields = Object.keys(patch)
    await enqueue(db, [
      {
        table: 'wardrobeItems',
        rowId: itemId,
        fields,
        op: {
          op: 'update',
          table: 'wardrobe_items',
          id: itemId,
          patch: toServer('wardrobeItems', patch, fields),
        },
        failureMessage,
      },
    ])
  })
  replica.sync.nudge()
}

export async function editWardrobeItem(
  replica: Replica,
  itemId: string,
  edit: { name: string; description: string },
): Promise<void> {
  if (edit.name.trim().length > 100) throw new MutationError(messages.nameTooLong)
  if (edit.description.trim().length > 1000) throw new MutationError(messages.descriptionTooLong)
  await updateItem(
    replica,
    itemId,
    { name: edit.name.trim(), description: edit.description.trim() || null },
    'Failed to update item',
  )
}

export async function setItemVisibility(replica: Replica, itemId: string, isPublic: boolean): Promise<void> {
  await updateItem(replica, itemId, { isPublic }, 'Failed to update item')
}

export async function deleteWardrobeItem(replica: Replica, itemId: string): Promise<void> {
  const { db } = replica
  await db.transaction('rw', db.wardrobeItems, db.tags, db.outbox, async () => {
    const item = await ownItem(replica, itemId)
    const tags = await db.tags.where('wardrobeItemId').equals(itemId).toArray()
    const deletedAt = new Date().toISOString()
    const changes: Change[] = tags.map((tag) => ({
      table: 'tags',
      rowId: tag.id,
      fields: [],
      removes: true,
      op: { op: 'update', table: 'clothing_tags', id: tag.id, patch: { deleted_at: deletedAt } },
      failureMessage: 'Failed to delete item',
    }))
    changes.push({
      table: 'wardrobeItems',
      rowId: itemId,
      fields: [],
      removes: true,
      op: { op: 'update', table: 'wardrobe_items', id: itemId, patch: { deleted_at: deletedAt } },
      failureMessage: 'Failed to delete item',
    })
    const [bucket, ...rest] = item.imagePath.split('/')
    if (bucket && rest.length > 0) {
      changes.push({
        table: 'wardrobeItems',
        rowId: itemId,
        fields: [],
        removes: true,
        op: { op: 'removeObject', bucket, path: rest.join('/') },
        failureMessage: 'Failed to delete item',
      })
    }
    await db.tags.bulkDelete(tags.map((t) => t.id))
    await db.wardrobeItems.delete(itemId)
    await enqueue(db, changes)
  })
  replica.sync.nudge()
}

export interface TagInput {
  type: TagType
  value: string
}

/** Makes the item's tags exactly `tags`: empty values are dropped, saved tags are user-verified. */
export async function saveTags(replica: Replica, itemId: string, tags: TagInput[]): Promise<void> {
  const wanted = new Map<string, TagInput>()
  for (const tag of tags) {
    const value = tag.value.trim()
    if (value) wanted.set(`${tag.type}\u0000${value.toLowerCase()}`, { type: tag.type, value })
  }
  const { db } = replica
  await db.transaction('rw', db.wardrobeItems, db.tags, db.outbox, async () => {
    await ownItem(replica, itemId)
    const existing = await db.tags.where('wardrobeItemId').equals(itemId).toArray()
    const changes: Change[] = []
    const deletedAt = new Date().toISOString()
    for (const tag of existing) {
      const key = `${tag.tagType}\u0000${tag.tagValue.toLowerCase()}`
      if (wanted.has(key)) {
        wanted.delete(key)
        continue
      }
      await db.tags.delete(tag.id)
      changes.push({
        table: 'tags',
        rowId: tag.id,
        fields: [],
        removes: true,
        op: { op: 'update', table: 'clothing_tags', id: tag.id, patch: { deleted_at: deletedAt } },
        failureMessage: 'Failed to update item',
      })
    }
    for (const tag of wanted.values()) {
      const now = new Date().toISOString()
      const row: ClothingTagRow = {
        id: newId(),
        wardrobeItemId: itemId,
        tagType: tag.type,
        tagValue: tag.value,
        confidenceScore: 1,
        isAiGenerated: false,
        isVerified: true,
        createdAt: now,
        updatedAt: now,
        txid: '',
      }
      await db.tags.add(row)
      changes.push({
        table: 'tags',
        rowId: row.id,
        fields: Object.keys(row),
        op: { op: 'insert', table: 'clothing_tags', row: toServer('tags', row) },
        failureMessage: 'Failed to update item',
      })
    }
    await enqueue(db, changes)
  })
  replica.sync.nudge()
}
