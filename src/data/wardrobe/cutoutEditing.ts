// What the cut-out editor needs from the replica: the item it fixes (one's own only), the photo it works on
// (from the device: a pending upload, the service worker's image cache offline, or the network), and the
// save: the fixed cut-out becomes the item's own (`edited`: the server never lets the engine replace it)
// through the outbox, so it works offline; stickers made from the item afterwards show it. Opened from a
// sticker, that sticker shows it too.
// A garment an outfit job cut from a photo is fixed on that photo, not on its extracted picture (which
// holds nothing of a sleeve the extraction cut off): the outfit photo cropped around the garment's box,
// starting from the extracted picture. When the outfit photo or the box is not to be had (the outfit item
// deleted, the photo neither on the device nor reachable), the editor works on the item's picture, as it
// does for any other item.
import { useMemo } from 'react'
import { messages } from '@/lib/messages'
import { garmentCrop, usableBox } from '@/lib/cutout/garmentCrop'
import type { BoxPercent } from '@/lib/cutout/trim'
import { resolveImage } from '../images/imageSource'
import { browserImageTools } from '../images/browserImageTools'
import type { CutoutStrokes, WardrobeItemRow } from '../model/rows'
import { MutationError, type Replica } from '../replica'
import { useReplica } from '../ReplicaContext'
import { useEqualLiveQuery } from '../queries/useEqualLiveQuery'
import type { GarmentSource } from './cutoutClient'
import { keptCrop } from './cutoutStrokes'
import { ownItem, saveItemCutout } from './wardrobeItems'
import { replaceStickerPicture } from './wardrobeImport'

/** What the editor works on: a photo, and for a garment fixed on its outfit photo, where and from what. */
export interface CutoutEditorSource {
  photo: Blob
  garment: GarmentSource | null
}

/** A stored picture's bytes (pending upload, the service worker's cache offline, or the network), or null. */
async function pictureBytes(replica: Replica, imagePath: string): Promise<Blob | null> {
  const source = await resolveImage(replica.db, replica.images, imagePath, null)
  if (!source) return null
  if (source.kind === 'blob') return source.blob
  try {
    return await browserImageTools.fetchImage(source.url)
  } catch (error) {
    console.warn(`${imagePath} could not be had for the cut-out editor`, error)
    return null
  }
}

/** The photo the item's cut-out is made from, as bytes; rejects with the reason when it is not to be had. */
async function cutoutEditorPhoto(replica: Replica, item: WardrobeItemRow): Promise<Blob> {
  const photo = await pictureBytes(replica, item.imagePath)
  if (!photo) throw new MutationError(messages.cutoutPhotoMissing)
  return photo
}

/** The outfit photo a garment was cut from and its box there (percent), when the outfit item still has them. */
async function garmentOrigin(replica: Replica, item: WardrobeItemRow): Promise<{ photoPath: string; box: BoxPercent } | null> {
  if (!item.jobId) return null
  const sameJob = await replica.db.wardrobeItems.where('jobId').equals(item.jobId).toArray()
  for (const outfit of sameJob) {
    if (outfit.id === item.id || outfit.userId !== item.userId || !outfit.analysis) continue
    const entry = outfit.analysis.items?.find((garment) => garment.id === item.id)
    if (entry && usableBox(entry.boundingBox)) return { photoPath: outfit.imagePath, box: entry.boundingBox }
  }
  return null
}

/**
 * What the editor opens on for this item, given its kept strokes: a garment from an outfit photo on that
 * photo (cropped as its strokes were, or around its box), anything else, or a garment whose outfit photo
 * is not to be had, or whose strokes were drawn on its own picture, on the item's picture. Rejects with the
 * reason when there is nothing to work on.
 */
export async function cutoutEditorSource(
  replica: Replica,
  itemId: string,
  kept: CutoutStrokes | null,
): Promise<CutoutEditorSource> {
  const item = await ownItem(replica, itemId)
  const onOwnPicture = kept !== null && keptCrop(kept) === null
  const origin = onOwnPicture ? null : await garmentOrigin(replica, item)
  if (origin) {
    const [photo, picture] = await Promise.all([
      pictureBytes(replica, origin.photoPath),
      pictureBytes(replica, item.imagePath),
    ])
    if (photo && picture) {
      return { photo, garment: { crop: keptCrop(kept) ?? garmentCrop(origin.box), box: origin.box, picture } }
    }
    console.warn(`The outfit photo of ${itemId} is not to be had: the cut-out editor works on its own picture`)
  }
  return { photo: await cutoutEditorPhoto(replica, item), garment: null }
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
  // Until the replica answers, none: an answer of none then changes nothing (the wall page holding this
  // hook is not rendered again for it).
  const ids = useEqualLiveQuery(
    async () => {
      if (!replica.userId) return ''
      const keys = await replica.db.wardrobeItems.where('userId').equals(replica.userId).primaryKeys()
      return keys.sort().join('\n')
    },
    [replica],
    '',
    Object.is,
  )
  return useMemo(() => (ids ? new Set(ids.split('\n')) : NO_ITEMS), [ids])
}
