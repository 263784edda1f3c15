// Rules shared by polaroids and stickers: adding one (its image queued ahead of the row), who may move
// or delete an item, and the z-order of new items (one above the highest on the wall, 1 if none; spec §4).
import Dexie from 'dexie'
import { newId } from '@/lib/ids'
import { messages } from '@/lib/validation'
import type { MooriDB } from '../db'
import { toServer } from '../model/mapping'
import type { RpcName } from '../model/outbox'
import type { PolaroidRow, StickerRow } from '../model/rows'
import { serverTableOf } from '../model/tables'
import { MutationError, type Replica } from '../replica'
import { withQuotaRecovery } from '../storageQuota'
import { enqueue, type Change } from './enqueue'

export async function nextZIndex(db: MooriDB, wallId: string): Promise<number> {
  const range = [
    [wallId, Dexie.minKey],
    [wallId, Dexie.maxKey],
  ] as const
  const [topPolaroid, topSticker] = await Promise.all([
    db.polaroids.where('[wallId+zIndex]').between(range[0], range[1]).last(),
    db.stickers.where('[wallId+zIndex]').between(range[0], range[1]).last(),
  ])
  return Math.max(topPolaroid?.zIndex ?? 0, topSticker?.zIndex ?? 0) + 1
}

/** The item's creator or the wall's owner may move and delete it (spec §6). */
export async function canManageItem(replica: Replica, item: PolaroidRow | StickerRow): Promise<boolean> {
  if (!replica.userId) return false
  if (item.createdBy === replica.userId) return true
  const wall = await replica.db.walls.get(item.wallId)
  return wall?.ownerId === replica.userId
}

export async function usernameOf(db: MooriDB, userId: string): Promise<string | null> {
  return (await db.profiles.get(userId))?.username ?? null
}

/** Object paths are derived from the row id, so a retried upload lands on the same object. */
export function imageObjectPath(userId: string, folder: string, id: string, contentType: string): string {
  const extension = contentType === 'image/png' ? 'png' : contentType === 'image/webp' ? 'webp' : 'jpg'
  return `${userId}/${folder}/${id}.${extension}`
}

export interface ItemPosition {
  x: number
  y: number
  zIndex: number
}

/** What differs between polaroids and stickers when they are moved or deleted. */
export interface WallItemKind {
  table: 'polaroids' | 'stickers'
  moveFn: Extract<RpcName, 'move_polaroid' | 'move_wall_sticker'>
  deleteFn: Extract<RpcName, 'delete_polaroid' | 'delete_wall_sticker'>
  /** The RPCs' name for the item id parameter (spec §7). */
  idArg: 'p_id' | 'sticker_id'
  deleteRefused: string
  deleteFailed: string
}

export const polaroidKind: WallItemKind = {
  table: 'polaroids',
  moveFn: 'move_polaroid',
  deleteFn: 'delete_polaroid',
  idArg: 'p_id',
  deleteRefused: messages.deleteOwnPolaroidsOnly,
  deleteFailed: 'Failed to delete image. Please try again.',
}

export const stickerKind: WallItemKind = {
  table: 'stickers',
  moveFn: 'move_wall_sticker',
  deleteFn: 'delete_wall_sticker',
  idArg: 'sticker_id',
  deleteRefused: messages.deleteOwnStickersOnly,
  deleteFailed: 'Failed to delete sticker. Please try again.',
}

/** What every new item gets, whatever its kind: who made it, when, and its place in the z-order. */
export type NewItemBase = Pick<
  PolaroidRow & StickerRow,
  'id' | 'wallId' | 'timestamp' | 'createdBy' | 'username' | 'zIndex' | 'createdAt' | 'updatedAt' | 'txid'
>

/** A new image for an item, stored on the device and uploaded before the row. */
export interface NewItemImage {
  blob: Blob
  bucket: string
  /** Used when the Blob does not say its type. */
  defaultType: string
}

/** Adds a polaroid or sticker in one transaction: the wall must still exist; a new image is queued
 * for upload ahead of the insert; `build` adds the kind's own fields (given the uploaded image path). */
export async function insertWallItem<Row extends PolaroidRow | StickerRow>(
  replica: Replica,
  userId: string,
  item: {
    kind: WallItemKind
    wallId: string
    image: NewItemImage | null
    failureMessage: string
    build: (base: NewItemBase, uploadedPath: string | null) => Row
  },
): Promise<string> {
  const { db } = replica
  const { kind } = item
  const id = newId()
  await withQuotaRecovery(() =>
    db.transaction(
      'rw',
      [db.walls, db.polaroids, db.stickers, db.profiles, db.pendingUploads, db.outbox],
      async () => {
        if (!(await db.walls.get(item.wallId))) throw new MutationError('This Moori no longer exists.')
        const changes: Change[] = []
        let uploadedPath: string | null = null
        if (item.image) {
          const contentType = item.image.blob.type || item.image.defaultType
          const path = imageObjectPath(userId, kind.table, id, contentType)
          const upload = await queueImageUpload(
            db,
            { table: kind.table, rowId: id },
            item.image.bucket,
            path,
            item.image.blob,
            contentType,
          )
          uploadedPath = upload.imagePath
          changes.push(upload.change)
        }
        const now = new Date()
        const row = item.build(
          {
            id,
            wallId: item.wallId,
            timestamp: now.getTime(),
            createdBy: userId,
            username: await usernameOf(db, userId),
            zIndex: await nextZIndex(db, item.wallId),
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
            txid: '',
          },
          uploadedPath,
        )
        await db.table<Row, string>(kind.table).add(row)
        changes.push({
          table: kind.table,
          rowId: id,
          fields: Object.keys(row),
          op: { op: 'insert', table: serverTableOf[kind.table], row: toServer(kind.table, row) },
          failureMessage: item.failureMessage,
        })
        await enqueue(db, changes)
      },
    ),
  )
  replica.sync.nudge()
  return id
}

/** Saves an item's new position; repeated moves of a waiting item fold into one outbox entry. */
export async function moveWallItem(
  replica: Replica,
  kind: WallItemKind,
  id: string,
  position: ItemPosition,
): Promise<void> {
  if (!replica.userId) throw new MutationError(messages.signInToMove)
  const { db } = replica
  const table = db.table<PolaroidRow | StickerRow, string>(kind.table)
  await db.transaction('rw', [db.walls, table, db.outbox], async () => {
    const item = await table.get(id)
    if (!item) throw new MutationError('This item no longer exists.')
    if (!(await canManageItem(replica, item))) {
      throw new MutationError('You can only move your own items or items on Mooris you own.')
    }
    await table.update(id, position)
    await enqueue(db, [
      {
        table: kind.table,
        rowId: id,
        fields: ['x', 'y', 'zIndex'],
        coalesce: 'position',
        op: {
          op: 'call',
          fn: kind.moveFn,
          args: { [kind.idArg]: id, new_x: position.x, new_y: position.y, new_z_index: position.zIndex },
        },
        failureMessage: 'Could not save new position.',
      },
    ])
  })
  replica.sync.nudge()
}

/** Removes an item at once; only its creator or the wall owner may (spec §5). */
export async function deleteWallItem(replica: Replica, kind: WallItemKind, id: string): Promise<void> {
  const { db } = replica
  const table = db.table<PolaroidRow | StickerRow, string>(kind.table)
  await db.transaction('rw', [db.walls, table, db.outbox], async () => {
    const item = await table.get(id)
    if (!item) return
    if (!(await canManageItem(replica, item))) throw new MutationError(kind.deleteRefused)
    await table.delete(id)
    await enqueue(db, [
      {
        table: kind.table,
        rowId: id,
        fields: [],
        removes: true,
        op: { op: 'call', fn: kind.deleteFn, args: { [kind.idArg]: id } },
        failureMessage: kind.deleteFailed,
      },
    ])
  })
  replica.sync.nudge()
}

/** Keeps a new image on the device and queues its upload ahead of the row that shows it. Runs inside
 * the mutation's transaction (with db.pendingUploads); returns the image's `bucket/path`. */
export async function queueImageUpload(
  db: MooriDB,
  item: { table: Change['table']; rowId: string },
  bucket: string,
  path: string,
  image: Blob,
  contentType: string,
): Promise<{ imagePath: string; change: Change }> {
  const imagePath = `${bucket}/${path}`
  await db.pendingUploads.put({
    key: imagePath,
    bucket,
    path,
    blob: image,
    contentType,
    createdAt: Date.now(),
  })
  return {
    imagePath,
    change: {
      table: item.table,
      rowId: item.rowId,
      fields: [],
      op: { op: 'upload', bucket, path },
      failureMessage: 'Failed to upload image. Please try again.',
    },
  }
}
