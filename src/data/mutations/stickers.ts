// Writes to wall stickers: add (an image already in Storage, or a new cut-out Blob), move, delete.
import { newId } from '@/lib/ids'
import { messages } from '@/lib/validation'
import { toServer } from '../model/mapping'
import type { StickerRow } from '../model/rows'
import { MutationError, type Replica } from '../replica'
import { enqueue, type Change } from './enqueue'
import { withQuotaRecovery } from '../storageQuota'
import {
  deleteWallItem,
  imageObjectPath,
  moveWallItem,
  nextZIndex,
  queueImageUpload,
  stickerKind,
  usernameOf,
  type ItemPosition,
} from './wallItems'

export const STICKER_BUCKET = 'wardrobe-stickers'

export interface NewSticker {
  wallId: string
  name: string
  /** `bucket/path` of an image already stored, or give `image` to upload a new cut-out. */
  imagePath?: string
  image?: Blob
  originalItemId?: string | null
  originalItemName?: string | null
  originalItemDescription?: string | null
  x?: number
  y?: number
}

export async function addSticker(replica: Replica, input: NewSticker): Promise<string> {
  const userId = replica.userId
  if (!userId) throw new MutationError(messages.signInToCreateStickers)
  if (!input.imagePath && !input.image) throw new MutationError(messages.noImage)
  const { db } = replica
  const id = newId()
  await withQuotaRecovery(() =>
    db.transaction(
      'rw',
      [db.walls, db.polaroids, db.stickers, db.profiles, db.pendingUploads, db.outbox],
      async () => {
        if (!(await db.walls.get(input.wallId))) throw new MutationError('This Moori no longer exists.')
        const changes: Change[] = []
        let imagePath = input.imagePath ?? ''
        if (input.image) {
          const contentType = input.image.type || 'image/png'
          const path = imageObjectPath(userId, 'stickers', id, contentType)
          const upload = await queueImageUpload(
            db,
            { table: 'stickers', rowId: id },
            STICKER_BUCKET,
            path,
            input.image,
            contentType,
          )
          imagePath = upload.imagePath
          changes.push(upload.change)
        }
        const now = new Date()
        const row: StickerRow = {
          id,
          wallId: input.wallId,
          name: input.name.trim(),
          imagePath,
          timestamp: now.getTime(),
          createdBy: userId,
          username: await usernameOf(db, userId),
          x: input.x ?? 100,
          y: input.y ?? 100,
          zIndex: await nextZIndex(db, input.wallId),
          originalItemId: input.originalItemId ?? null,
          originalItemName: input.originalItemName ?? null,
          originalItemDescription: input.originalItemDescription ?? null,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
          txid: '',
        }
        await db.stickers.add(row)
        changes.push({
          table: 'stickers',
          rowId: id,
          fields: Object.keys(row),
          op: { op: 'insert', table: 'wall_stickers', row: toServer('stickers', row) },
          failureMessage: 'Failed to add wardrobe items to wall',
        })
        await enqueue(db, changes)
      },
    ),
  )
  replica.sync.nudge()
  return id
}

export function moveSticker(replica: Replica, id: string, position: ItemPosition): Promise<void> {
  return moveWallItem(replica, stickerKind, id, position)
}

export function deleteSticker(replica: Replica, id: string): Promise<void> {
  return deleteWallItem(replica, stickerKind, id)
}
