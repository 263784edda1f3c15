// Writes to the user's own wardrobe items: edit one, show or hide it, delete it (tags first, then the
// item, then a best-effort removal of its image; spec §7). Cut-outs made for stickers are kept: the
// stickers on walls show them.
import { newId } from '@/lib/ids'
import { messages } from '@/lib/messages'
import { toServer } from '../model/mapping'
import type { CutoutSource, CutoutStrokes, WardrobeItemRow } from '../model/rows'
import { MutationError, type Replica } from '../replica'
import type { Change } from '../mutations/enqueue'
import { mutate } from '../mutations/mutate'
import { imageObjectPath, queueImage } from '../mutations/queueImage'
import { STICKER_BUCKET } from '../mutations/stickers'
import { cancelUnstartedJob } from './outfitJobs'

/** The signed-in user's own item, or the reason they may not change it. */
export async function ownItem(replica: Replica, itemId: string): Promise<WardrobeItemRow> {
  if (!replica.userId) throw new MutationError(messages.wardrobeNeedsSignIn)
  const item = await replica.db.wardrobeItems.get(itemId)
  if (!item) throw new MutationError(messages.itemGone)
  if (item.userId !== replica.userId) throw new MutationError(messages.ownItemsOnly)
  return item
}

async function updateItem(
  replica: Replica,
  itemId: string,
  patch: Partial<WardrobeItemRow>,
  failureMessage: string,
) {
  const { db } = replica
  await mutate(replica, [db.wardrobeItems], async ({ queue }) => {
    await ownItem(replica, itemId)
    await db.wardrobeItems.update(itemId, patch)
    const fields = Object.keys(patch)
    queue({
      table: 'wardrobeItems',
      rowId: itemId,
      fields,
      op: { op: 'update', table: 'wardrobe_items', id: itemId, patch: toServer('wardrobeItems', patch, fields) },
      failureMessage,
    })
  })
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
    messages.updateItemFailed,
  )
}

/**
 * Saves a cut-out made on this device (`device`: offline, where the server's is not there yet) or fixed by
 * hand (`edited`) as the item's cut-out: the PNG is kept on the device and its upload queued ahead of the
 * row's change (one transaction, FIFO outbox), at a new path under the owner's cut-outs folder named after
 * the item, as the server insists. The server decides which cut-out wins: a device one never replaces a
 * cut-out already there (it then keeps its own and the next pull brings it); a hand fix always wins.
 * A hand fix keeps the strokes it was made from (`strokes`, or none), so the editor reopens on it.
 * Returns the cut-out's `bucket/path`.
 */
export async function saveItemCutout(
  replica: Replica,
  itemId: string,
  png: Blob,
  source: Exclude<CutoutSource, 'engine'>,
  strokes: CutoutStrokes | null = null,
): Promise<string> {
  const { db } = replica
  return mutate(
    replica,
    [db.wardrobeItems, db.pendingUploads],
    async ({ queue }) => {
      const item = await ownItem(replica, itemId)
      if (source === 'device' && item.cutoutPath) return item.cutoutPath
      const image = {
        bucket: STICKER_BUCKET,
        path: imageObjectPath(item.userId, 'cutouts', `${itemId}-${newId()}`, 'image/png'),
        blob: png,
        contentType: 'image/png',
      }
      const upload = await queueImage(db, { table: 'wardrobeItems', rowId: itemId }, image, messages.updateItemFailed)
      const patch: Partial<WardrobeItemRow> = { cutoutPath: upload.imagePath, cutoutSource: source }
      if (source === 'edited') patch.cutoutStrokes = strokes
      await db.wardrobeItems.update(itemId, patch)
      const fields = Object.keys(patch)
      queue(upload.upload, {
        table: 'wardrobeItems',
        rowId: itemId,
        fields,
        op: { op: 'update', table: 'wardrobe_items', id: itemId, patch: toServer('wardrobeItems', patch, fields) },
        failureMessage: messages.updateItemFailed,
      })
      return upload.imagePath
    },
    { storesFiles: true },
  )
}

export async function setItemVisibility(replica: Replica, itemId: string, isPublic: boolean): Promise<void> {
  await updateItem(replica, itemId, { isPublic }, messages.updateItemFailed)
}

export async function deleteWardrobeItem(replica: Replica, itemId: string): Promise<void> {
  const { db } = replica
  await mutate(replica, [db.wardrobeItems, db.tags, db.jobs], async ({ queue }) => {
    const item = await ownItem(replica, itemId)
    const tags = await db.tags.where('wardrobeItemId').equals(itemId).toArray()
    const deletedAt = new Date().toISOString()
    const changes: Change[] = tags.map((tag) => ({
      table: 'tags',
      rowId: tag.id,
      fields: [],
      removes: true,
      op: { op: 'update', table: 'clothing_tags', id: tag.id, patch: { deleted_at: deletedAt } },
      failureMessage: messages.deleteItemFailed,
    }))
    changes.push({
      table: 'wardrobeItems',
      rowId: itemId,
      fields: [],
      removes: true,
      op: { op: 'update', table: 'wardrobe_items', id: itemId, patch: { deleted_at: deletedAt } },
      failureMessage: messages.deleteItemFailed,
    })
    changes.push(...pictureRemoval(item))
    await db.tags.bulkDelete(tags.map((t) => t.id))
    await db.wardrobeItems.delete(itemId)
    queue(...changes)
    await cancelUnstartedJob(db, item.jobId)
  })
}

/** The best-effort removal of a deleted item's stored picture, after its rows are gone. */
export function pictureRemoval(item: WardrobeItemRow): Change[] {
  const [bucket, ...rest] = item.imagePath.split('/')
  if (!bucket || rest.length === 0) return []
  return [
    {
      table: 'wardrobeItems',
      rowId: item.id,
      fields: [],
      removes: true,
      op: { op: 'removeObject', bucket, path: rest.join('/') },
      failureMessage: messages.deleteItemFailed,
    },
  ]
}
