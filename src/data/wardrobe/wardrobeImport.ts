// Wardrobe import (spec §4, §6): an item becomes a sticker at 100,100 on a wall. The sticker shows a
// picture of its creator's own (the server insists): the item's cut-out when one exists (offline too),
// else a cut-out made now by the product API, else (offline) one made on this device (saved as one's own
// item's cut-out too), else, when the
// device cannot or background removal fails, a copy of the item's photo marked `needsCutout`, which
// `cutOutWaitingStickers` swaps for the cut-out later.
import { fillMessage, messages } from '@/lib/messages'
import { splitImagePath } from '../images/imagePath'
import { resolveImage } from '../images/imageSource'
import { canSeeWardrobeItem } from '../model/permissions'
import type { StickerRow, WardrobeItemRow } from '../model/rows'
import { MutationError, type Replica } from '../replica'
import { addSticker, deleteSticker, STICKER_BUCKET } from '../mutations/stickers'
import { saveItemCutout } from './wardrobeItems'

export interface ImageTools {
  /** The bytes behind an image URL (the service worker answers from its cache when offline). */
  fetchImage(url: string): Promise<Blob>
  /** The picture in a format the sticker bucket takes (PNG or WebP). */
  toStickerImage(image: Blob): Promise<Blob>
  /**
   * The photo cut out on this device (same model and refinement as the server), as a PNG; rejects when the
   * device cannot (its runtime never reached it). Absent where there is no such device.
   */
  cutOut?(photo: Blob): Promise<Blob>
}

export interface StickResult {
  stickerId: string
  /** The sticker shows the item's photo, not a cut-out (yet). */
  usedOriginal: boolean
  /** What the user is told for 5 s (spec §8), or null. */
  warning: string | null
}

/** Cut-outs made for a user live here; stickers may show them directly. */
function ownCutoutFolder(userId: string): string {
  return `${STICKER_BUCKET}/${userId}/cutouts/`
}

/**
 * Offline, the item's photo is neither waiting to upload nor in the image cache (it never reached this
 * device): nothing can be stuck until the device is online once.
 */
export class PhotoNotOnDevice extends MutationError {
  constructor(itemName: string) {
    super(fillMessage(messages.photoNotOnDeviceFor, { item: itemName }))
  }
}

const backgroundRemovalFailed = (item: string) => `Background removal failed for ${item}, using original image`
const processingFailed = (item: string, reason: string) => `Failed to process ${item}: ${reason}`

function stickerFields(wallId: string, item: WardrobeItemRow) {
  return {
    wallId,
    name: item.name,
    originalItemId: item.id,
    originalItemName: item.name,
    originalItemDescription: item.description,
  }
}

/**
 * A picture the sticker can own, and whether it still needs cutting out: when `cutOutHere` (offline), the
 * photo cut out on this device; else, or when the device cannot, a copy of the item's photo.
 */
async function copyOfItemPicture(
  replica: Replica,
  item: WardrobeItemRow,
  tools: ImageTools,
  cutOutHere: boolean,
): Promise<{ image: Blob; needsCutout: boolean; cutOutHere?: true }> {
  const source = await resolveImage(replica.db, replica.images, item.imagePath, null)
  let original: Blob
  try {
    if (!source) throw new Error('its picture is not on this device')
    original = source.kind === 'blob' ? source.blob : await tools.fetchImage(source.url)
  } catch (error) {
    // Offline a missing photo is no processing failure: it never reached this device.
    if (cutOutHere) {
      console.warn(`The photo of ${item.id} is not on this device`, error)
      throw new PhotoNotOnDevice(item.name)
    }
    throw error
  }
  const alreadyCutOut = splitImagePath(item.imagePath)?.bucket === STICKER_BUCKET
  if (!alreadyCutOut && cutOutHere && tools.cutOut) {
    try {
      return { image: await tools.cutOut(original), needsCutout: false, cutOutHere: true }
    } catch (error) {
      console.warn(`No cut-out on this device for ${item.id}`, error)
    }
  }
  return { image: await tools.toStickerImage(original), needsCutout: !alreadyCutOut }
}

export async function stickItemOnWall(
  replica: Replica,
  request: { wallId: string; itemId: string; online: boolean },
  tools: ImageTools,
): Promise<StickResult> {
  const userId = replica.userId
  if (!userId) throw new MutationError(messages.signInToCreateStickers)
  const item = await replica.db.wardrobeItems.get(request.itemId)
  if (!item || !canSeeWardrobeItem(item, userId)) throw new MutationError(messages.itemGone)
  const fields = stickerFields(request.wallId, item)

  if (item.userId === userId && item.cutoutPath?.startsWith(ownCutoutFolder(userId))) {
    return { stickerId: await addSticker(replica, { ...fields, imagePath: item.cutoutPath }), usedOriginal: false, warning: null }
  }
  let warning: string | null = null
  if (request.online) {
    try {
      const { path } = await replica.api.removeBackground({ itemId: item.id, imagePath: item.imagePath })
      return { stickerId: await addSticker(replica, { ...fields, imagePath: path }), usedOriginal: false, warning: null }
    } catch (error) {
      console.warn(`Background removal failed for ${item.id}`, error)
      warning = backgroundRemovalFailed(item.name)
    }
  }
  let copy: Awaited<ReturnType<typeof copyOfItemPicture>>
  try {
    copy = await copyOfItemPicture(replica, item, tools, !request.online)
  } catch (error) {
    if (error instanceof MutationError) throw error
    throw new MutationError(processingFailed(item.name, error instanceof Error ? error.message : String(error)))
  }
  if (copy.cutOutHere && item.userId === userId) {
    // One's own item keeps the cut-out made here as its own (it syncs; the server's first one wins).
    const cutoutPath = await saveItemCutout(replica, item.id, copy.image, 'device')
    return { stickerId: await addSticker(replica, { ...fields, imagePath: cutoutPath }), usedOriginal: false, warning }
  }
  const stickerId = await addSticker(replica, { ...fields, image: copy.image, needsCutout: copy.needsCutout })
  return { stickerId, usedOriginal: copy.needsCutout, warning }
}

/** Puts a cut-out in place of a sticker's photo: same place, same layer, a picture of its own. */
export async function replaceStickerPicture(
  replica: Replica,
  sticker: StickerRow,
  picture: { imagePath: string } | { image: Blob },
): Promise<string> {
  const { db } = replica
  return db.transaction('rw', [db.walls, db.polaroids, db.stickers, db.profiles, db.pendingUploads, db.outbox], async () => {
    // The app's own swap, not a step of the user's to undo.
    await deleteSticker(replica, sticker.id, { undoable: false })
    return addSticker(replica, {
      wallId: sticker.wallId,
      name: sticker.name,
      ...picture,
      originalItemId: sticker.originalItemId,
      originalItemName: sticker.originalItemName,
      originalItemDescription: sticker.originalItemDescription,
      x: sticker.x,
      y: sticker.y,
      zIndex: sticker.zIndex,
    }, { undoable: false })
  })
}

/**
 * The cut-out a waiting sticker gets: one's own item's cut-out when it has one by now (made on another
 * device, or by the engine meanwhile); online the server's; offline one made on this device from the
 * item's photo (kept as one's own item's cut-out too). Rejects when none can be had now.
 */
async function cutOutFor(
  replica: Replica,
  item: WardrobeItemRow,
  online: boolean,
  tools: Pick<ImageTools, 'fetchImage' | 'cutOut'>,
): Promise<{ imagePath: string } | { image: Blob }> {
  const userId = replica.userId!
  const own = item.userId === userId
  if (own && item.cutoutPath?.startsWith(ownCutoutFolder(userId))) return { imagePath: item.cutoutPath }
  if (online) return { imagePath: (await replica.api.removeBackground({ itemId: item.id, imagePath: item.imagePath })).path }
  if (!tools.cutOut) throw new Error('no cut-outs on this device')
  const source = await resolveImage(replica.db, replica.images, item.imagePath, null)
  if (!source) throw new PhotoNotOnDevice(item.name)
  const cutOut = await tools.cutOut(source.kind === 'blob' ? source.blob : await tools.fetchImage(source.url))
  if (!own) return { image: cutOut }
  return { imagePath: await saveItemCutout(replica, item.id, cutOut, 'device') }
}

/**
 * The user's stickers on a wall that still show a photo get their cut-out: online from the server,
 * offline from this device when it can (its runtime reached it once). Items that are gone or hidden
 * meanwhile keep the photo. Returns how many were replaced; rejects at the first that cannot be cut out
 * now (the next call tries again).
 */
export async function cutOutWaitingStickers(
  replica: Replica,
  wallId: string,
  request: { online: boolean },
  tools: Pick<ImageTools, 'fetchImage' | 'cutOut'>,
): Promise<number> {
  const userId = replica.userId
  if (!userId) return 0
  const waiting = await replica.db.stickers
    .where('wallId')
    .equals(wallId)
    .filter((s) => s.createdBy === userId && s.needsCutout && s.originalItemId !== null)
    .toArray()
  let replaced = 0
  for (const sticker of waiting) {
    const item = await replica.db.wardrobeItems.get(sticker.originalItemId!)
    if (!item || !canSeeWardrobeItem(item, userId)) continue
    const picture = await cutOutFor(replica, item, request.online, tools)
    if (await replica.db.stickers.get(sticker.id)) {
      await replaceStickerPicture(replica, sticker, picture)
      replaced += 1
    }
  }
  return replaced
}
