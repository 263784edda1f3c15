// Rules shared by polaroids and stickers: adding one (its image queued ahead of the row), who may move
// or delete an item, and the z-order of new items (one above the highest on the wall, 1 if none; spec §4).
import Dexie from 'dexie'
import { newId } from '@/lib/ids'
import { messages } from '@/lib/messages'
import type { MooriDB } from '../db'
import { toServer } from '../model/mapping'
import type { RpcName } from '../model/outbox'
import { canManageItem } from '../model/permissions'
import type { PolaroidRow, StickerRow } from '../model/rows'
import { serverTableOf } from '../model/tables'
import { MutationError, type Replica } from '../replica'
import { mutate } from './mutate'
import { untilOnDevice } from './untilOnDevice'
import { imageObjectPath, queueImage } from './queueImage'
import { ABSENT, present, recordItemChange } from '../undo/recordChange'

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
async function mayManage(replica: Replica, item: PolaroidRow | StickerRow): Promise<boolean> {
  const wall = await replica.db.walls.get(item.wallId)
  return canManageItem(item, wall?.ownerId, replica.userId)
}

export interface ItemPosition {
  x: number
  y: number
  zIndex: number
}

/** What differs between polaroids and stickers when they are moved or deleted. */
interface WallItemKind {
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
  deleteFailed: messages.deleteImageFailed,
}

export const stickerKind: WallItemKind = {
  table: 'stickers',
  moveFn: 'move_wall_sticker',
  deleteFn: 'delete_wall_sticker',
  idArg: 'sticker_id',
  deleteRefused: messages.deleteOwnStickersOnly,
  deleteFailed: messages.deleteStickerFailed,
}

/** What every new item gets, whatever its kind: who made it, when, and its place in the z-order. */
type NewItemBase = Pick<
  PolaroidRow & StickerRow,
  'id' | 'wallId' | 'timestamp' | 'createdBy' | 'username' | 'zIndex' | 'createdAt' | 'updatedAt' | 'txid'
>

/** A new image for an item, stored on the device and uploaded before the row. */
interface NewItemImage {
  blob: Blob
  bucket: string
  /** Used when the Blob does not say its type. */
  defaultType: string
}

/** Adds a polaroid or sticker: the wall must still exist; a new image is queued for upload ahead of the
 * insert; `build` adds the kind's own fields (given the uploaded image path). */
export async function insertWallItem<Row extends PolaroidRow | StickerRow>(
  replica: Replica,
  userId: string,
  item: {
    kind: WallItemKind
    wallId: string
    image: NewItemImage | null
    failureMessage: string
    build: (base: NewItemBase, uploadedPath: string | null) => Row
    /** False for a change the app makes by itself (a sticker's cut-out swapped in): not the user's step. */
    undoable?: boolean
  },
): Promise<string> {
  const { db } = replica
  const { kind } = item
  const id = newId()
  await untilOnDevice(db, 'walls', item.wallId)
  await mutate(
    replica,
    [db.walls, db.polaroids, db.stickers, db.profiles, db.pendingUploads, ...(item.undoable === false ? [] : [db.undoSteps])],
    async ({ queue }) => {
      if (!(await db.walls.get(item.wallId))) throw new MutationError(messages.wallGone)
      let uploadedPath: string | null = null
      if (item.image) {
        const contentType = item.image.blob.type || item.image.defaultType
        const path = imageObjectPath(userId, kind.table, id, contentType)
        const image = { bucket: item.image.bucket, path, blob: item.image.blob, contentType }
        const queued = await queueImage(db, { table: kind.table, rowId: id }, image, messages.uploadImageFailed)
        uploadedPath = queued.imagePath
        queue(queued.upload)
      }
      const now = new Date()
      const row = item.build(
        {
          id,
          wallId: item.wallId,
          timestamp: now.getTime(),
          createdBy: userId,
          username: (await db.profiles.get(userId))?.username ?? null,
          zIndex: await nextZIndex(db, item.wallId),
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
          txid: '',
        },
        uploadedPath,
      )
      await db.table<Row, string>(kind.table).add(row)
      if (item.undoable !== false) await recordItemChange(db, kind.table, row, 'add', ABSENT, present(row))
      queue({
        table: kind.table,
        rowId: id,
        fields: Object.keys(row),
        op: { op: 'insert', table: serverTableOf[kind.table], row: toServer(kind.table, row) },
        failureMessage: item.failureMessage,
      })
    },
    { storesFiles: item.image !== null },
  )
  return id
}

export interface MoveOptions {
  /** False for the owner's automatic layout: it is not a step to undo. */
  undoable?: boolean
  /** Move only if the item still sits here, checked in the write's own transaction. The automatic
   * layout decides from what was on screen; a drag that landed since must win over it. */
  onlyFrom?: { x: number; y: number }
}

/** Saves an item's new position; repeated moves of a waiting item fold into one outbox entry. A move
 * the user made (a drag, an arrow key) is a step to undo; the owner's automatic layout is not.
 * Resolves to false when `onlyFrom` held it back. */
export async function moveWallItem(
  replica: Replica,
  kind: WallItemKind,
  id: string,
  position: ItemPosition,
  options: MoveOptions = {},
): Promise<boolean> {
  if (!replica.userId) throw new MutationError(messages.signInToMove)
  const { db } = replica
  const table = db.table<PolaroidRow | StickerRow, string>(kind.table)
  await untilOnDevice(db, kind.table, id)
  return mutate(replica, [db.walls, table, db.undoSteps], async ({ queue }) => {
    const item = await table.get(id)
    if (!item) throw new MutationError(messages.itemGone)
    if (!(await mayManage(replica, item))) throw new MutationError(messages.moveOwnOnly)
    const { onlyFrom } = options
    if (onlyFrom && (item.x !== onlyFrom.x || item.y !== onlyFrom.y)) return false
    // The row as read in this transaction with its new position: one put, not update's read and write;
    // the undo step's requests go out with it rather than one round trip after another.
    const { x, y, zIndex } = item
    await Promise.all([
      table.put({ ...item, ...position }),
      options.undoable !== false
        ? recordItemChange(db, kind.table, item, 'move', present({ x, y, zIndex }), present({ ...position }))
        : undefined,
    ])
    queue({
      table: kind.table,
      rowId: id,
      fields: ['x', 'y', 'zIndex'],
      coalesce: 'position',
      op: {
        op: 'call',
        fn: kind.moveFn,
        args: { [kind.idArg]: id, new_x: position.x, new_y: position.y, new_z_index: position.zIndex },
      },
      failureMessage: messages.moveFailed,
    })
    return true
  })
}

/** Removes an item at once; only its creator or the wall owner may (spec §5). */
export async function deleteWallItem(
  replica: Replica,
  kind: WallItemKind,
  id: string,
  options: { undoable?: boolean } = {},
): Promise<void> {
  const { db } = replica
  const table = db.table<PolaroidRow | StickerRow, string>(kind.table)
  const undoable = options.undoable !== false
  await untilOnDevice(db, kind.table, id)
  await mutate(replica, [db.walls, table, ...(undoable ? [db.undoSteps] : [])], async ({ queue }) => {
    const item = await table.get(id)
    if (!item) return
    if (!(await mayManage(replica, item))) throw new MutationError(kind.deleteRefused)
    await table.delete(id)
    if (undoable) await recordItemChange(db, kind.table, item, 'delete', present(item), ABSENT)
    queue({
      table: kind.table,
      rowId: id,
      fields: [],
      removes: true,
      op: { op: 'call', fn: kind.deleteFn, args: { [kind.idArg]: id } },
      failureMessage: kind.deleteFailed,
    })
  })
}
