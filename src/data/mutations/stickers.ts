// Writes to wall stickers: add (an image already in Storage, or a new cut-out Blob), move, delete.
import { BUCKETS } from '@/lib/wardrobe/storage'
import { messages } from '@/lib/messages'
import type { StickerRow } from '../model/rows'
import { MutationError, type Replica } from '../replica'
import { deleteWallItem, insertWallItem, moveWallItem, stickerKind, type ItemPosition, type MoveOptions } from './wallItems'

export const STICKER_BUCKET = BUCKETS.stickers

export interface NewSticker {
  wallId: string
  name: string
  /** `bucket/path` of an image already stored, or give `image` to upload a new cut-out. */
  imagePath?: string
  image?: Blob
  originalItemId?: string | null
  originalItemName?: string | null
  originalItemDescription?: string | null
  /** The picture is the item's photo, not yet a cut-out (made offline). */
  needsCutout?: boolean
  x?: number
  y?: number
  zIndex?: number
}

/** `undoable: false` for a change the app makes by itself (a cut-out swapped in), not the user. */
export async function addSticker(replica: Replica, input: NewSticker, options: { undoable?: boolean } = {}): Promise<string> {
  const userId = replica.userId
  if (!userId) throw new MutationError(messages.signInToCreateStickers)
  if (!input.imagePath && !input.image) throw new MutationError(messages.noImage)
  return insertWallItem<StickerRow>(replica, userId, {
    kind: stickerKind,
    wallId: input.wallId,
    image: input.image ? { blob: input.image, bucket: STICKER_BUCKET, defaultType: 'image/png' } : null,
    failureMessage: messages.addStickerFailed,
    undoable: options.undoable,
    build: (base, uploadedPath) => ({
      ...base,
      name: input.name.trim(),
      imagePath: uploadedPath ?? input.imagePath ?? '',
      x: input.x ?? 100,
      y: input.y ?? 100,
      originalItemId: input.originalItemId ?? null,
      originalItemName: input.originalItemName ?? null,
      originalItemDescription: input.originalItemDescription ?? null,
      needsCutout: input.needsCutout ?? false,
      ...(input.zIndex !== undefined ? { zIndex: input.zIndex } : {}),
    }),
  })
}

export function moveSticker(
  replica: Replica,
  id: string,
  position: ItemPosition,
  options?: MoveOptions,
): Promise<boolean> {
  return moveWallItem(replica, stickerKind, id, position, options)
}

export function deleteSticker(replica: Replica, id: string, options?: { undoable?: boolean }): Promise<void> {
  return deleteWallItem(replica, stickerKind, id, options)
}
