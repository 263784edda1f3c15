// Writes to polaroids: add (with a pending image upload, or an external URL), move, edit name and
// message, delete. The image is shown from the local Blob at once and uploaded before the row is sent.
import { BUCKETS } from '@/lib/wardrobe/storage'
import { isHttpUrl, limits } from '@/lib/validation'
import { messages } from '@/lib/messages'
import { toServer } from '../model/mapping'
import { ownsWall } from '../model/permissions'
import type { PolaroidRow } from '../model/rows'
import { MutationError, type Replica } from '../replica'
import { mutate } from './mutate'
import { untilOnDevice } from './untilOnDevice'
import { present, recordItemChange } from '../undo/recordChange'
import { deleteWallItem, insertWallItem, moveWallItem, polaroidKind, type ItemPosition, type MoveOptions } from './wallItems'

const POLAROID_BUCKET = BUCKETS.polaroids

export interface NewPolaroid {
  wallId: string
  name: string
  message: string
  /** An already downscaled image (≤ 800 px, JPEG 0.7); or give `externalUrl`. */
  image?: Blob | null
  externalUrl?: string | null
  originalPageUrl?: string | null
  x?: number
  y?: number
}

export async function addPolaroid(replica: Replica, input: NewPolaroid): Promise<string> {
  const userId = replica.userId
  if (!userId) throw new MutationError(messages.signInToCreatePolaroids)
  const externalUrl = input.externalUrl?.trim() || null
  if (!input.image && !externalUrl) throw new MutationError(messages.noImage)
  if (!input.image && externalUrl && !isHttpUrl(externalUrl))
    throw new MutationError(messages.invalidImageUrl)
  if (input.name.length > limits.polaroidName) throw new MutationError(messages.nameTooLong)
  if (input.message.length > limits.polaroidMessage) throw new MutationError(messages.messageTooLong)

  return insertWallItem<PolaroidRow>(replica, userId, {
    kind: polaroidKind,
    wallId: input.wallId,
    image: input.image ? { blob: input.image, bucket: POLAROID_BUCKET, defaultType: 'image/jpeg' } : null,
    failureMessage: messages.createPolaroidFailed,
    build: (base, uploadedPath) => ({
      ...base,
      name: input.name.trim(),
      message: input.message.trim(),
      imagePath: uploadedPath,
      externalUrl: uploadedPath ? null : externalUrl,
      originalPageUrl: input.originalPageUrl?.trim() || null,
      x: input.x ?? 0,
      y: input.y ?? 0,
    }),
  })
}

export function movePolaroid(
  replica: Replica,
  id: string,
  position: ItemPosition,
  options?: MoveOptions,
): Promise<boolean> {
  return moveWallItem(replica, polaroidKind, id, position, options)
}

/** Only the wall owner edits a polaroid's name and message. */
export async function editPolaroid(
  replica: Replica,
  id: string,
  edit: { name: string; message: string },
): Promise<void> {
  if (edit.name.length > limits.polaroidName) throw new MutationError(messages.nameTooLong)
  if (edit.message.length > limits.polaroidMessage) throw new MutationError(messages.messageTooLong)
  const { db } = replica
  await untilOnDevice(db, 'polaroids', id)
  await mutate(replica, [db.walls, db.polaroids, db.undoSteps], async ({ queue }) => {
    const item = await db.polaroids.get(id)
    if (!item) throw new MutationError(messages.itemGone)
    if (!ownsWall(await db.walls.get(item.wallId), replica.userId)) throw new MutationError(messages.ownerEditsOnly)
    const patch = { name: edit.name.trim(), message: edit.message.trim() }
    await db.polaroids.update(id, patch)
    await recordItemChange(db, 'polaroids', { ...item, ...patch }, 'edit', present({ name: item.name, message: item.message }), present(patch))
    queue({
      table: 'polaroids',
      rowId: id,
      fields: ['name', 'message'],
      op: { op: 'update', table: 'polaroids', id, patch: toServer('polaroids', patch) },
      failureMessage: messages.savePolaroidFailed,
    })
  })
}

export function deletePolaroid(replica: Replica, id: string): Promise<void> {
  return deleteWallItem(replica, polaroidKind, id)
}
