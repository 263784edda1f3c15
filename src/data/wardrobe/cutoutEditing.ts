// What the cut-out editor needs from the replica: the item it fixes (one's own only), the photo it works on
// (from the device: a pending upload, the service worker's image cache offline, or the network), and the
// save: the fixed cut-out becomes the item's own (`edited`: the server never lets the engine replace it)
// through the outbox, so it works offline; stickers made from the item afterwards show it. Opened from a
// sticker, that sticker shows it too.
import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import { messages } from '@/lib/messages'
import { resolveImage } from '../images/imageSource'
import { browserImageTools } from '../images/browserImageTools'
import type { CutoutStrokes } from '../model/rows'
import { MutationError, type Replica } from '../replica'
import { useReplica } from '../ReplicaContext'
import { ownItem, saveItemCutout } from './wardrobeItems'
import { replaceStickerPicture } from './wardrobeImport'

/** The photo the item's cut-out is made from, as bytes; rejects with the reason when it is not to be had. */
export async function cutoutEditorPhoto(replica: Replica, itemId: string): Promise<Blob> {
  const item = await ownItem(replica, itemId)
  const source = await resolveImage(replica.db, replica.images, item.imagePath, null)
  if (!source) throw new MutationError(messages.cutoutPhotoMissing)
  if (source.kind === 'blob') return source.blob
  try {
    return await browserImageTools.fetchImage(source.url)
  } catch (error) {
    console.warn(`The photo of ${itemId} could not be had for the cut-out editor`, error)
    throw new MutationError(messages.cutoutPhotoMissing)
  }
}

/** The strokes of the item's hand fix to reopen the editor on (none for another kind of cut-out). */
export async function savedCutoutStrokes(replica: Replica, itemId: string): Promise<CutoutStrokes | null> {
  const item = await replica.db.wardrobeItems.get(itemId)
  return item?.cutoutSource === 'edited' ? (item.cutoutStrokes ?? null) : null
}

/**
 * Saves a cut-out fixed by hand as the item's cut-out, with the strokes it was made from; `stickerId` (a
 * sticker of one's own made from the item) is given the new cut-out too, in its place.
 */
export async function saveEditedCutout(
  replica: Replica,
  request: { itemId: string; png: Blob; strokes: CutoutStrokes | null; stickerId?: string | null },
): Promise<void> {
  const cutoutPath = await saveItemCutout(replica, request.itemId, request.png, 'edited', request.strokes)
  if (!request.stickerId) return
  const sticker = await replica.db.stickers.get(request.stickerId)
  if (!sticker || sticker.createdBy !== replica.userId) return
  if (sticker.originalItemId !== request.itemId) return
  await replaceStickerPicture(replica, sticker, { imagePath: cutoutPath })
}

const NO_ITEMS: ReadonlySet<string> = new Set()

/** The ids of the signed-in user's own wardrobe items (a sticker made from one of them may fix its cut-out). */
export function useOwnWardrobeItemIds(): ReadonlySet<string> {
  const replica = useReplica()
  const ids = useLiveQuery(async () => {
    if (!replica.userId) return ''
    const keys = await replica.db.wardrobeItems.where('userId').equals(replica.userId).primaryKeys()
    return keys.sort().join('\n')
  }, [replica])
  return useMemo(() => (ids ? new Set(ids.split('\n')) : NO_ITEMS), [ids])
}
