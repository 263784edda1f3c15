// Writes to walls: create, rename, describe, privacy, delete. Each checks the spec's rules, changes the
// replica and queues the server call in one transaction; the UI never waits for the network.
import { newId } from '@/lib/ids'
import { trimmedOrNull, wallDescriptionError, wallNameError } from '@/lib/validation'
import { messages } from '@/lib/messages'
import type { MooriDB } from '../db'
import { ownsWall } from '../model/permissions'
import type { WallRow } from '../model/rows'
import { MutationError, type Replica } from '../replica'
import { toServer } from '../model/mapping'
import { mutate } from './mutate'
import { untilOnDevice } from './untilOnDevice'
import { present, recordWallChange } from '../undo/recordChange'

function requireUser(replica: Replica, message: string): string {
  if (!replica.userId) throw new MutationError(message)
  return replica.userId
}

async function ownedWall(db: MooriDB, userId: string | null, wallId: string): Promise<WallRow> {
  const wall = await db.walls.get(wallId)
  if (!wall) throw new MutationError(messages.wallGone)
  if (!ownsWall(wall, userId)) throw new MutationError(messages.wallOwnerOnly)
  return wall
}

interface NewWall {
  name: string
  description?: string
  private?: boolean
}

/** Returns the new wall's id at once, online or not. */
export async function createWall(replica: Replica, input: NewWall): Promise<string> {
  const ownerId = requireUser(replica, messages.signInToCreateWalls)
  const nameError = wallNameError(input.name)
  if (nameError) throw new MutationError(nameError)
  const descriptionError = wallDescriptionError(input.description ?? '')
  if (descriptionError) throw new MutationError(descriptionError)
  const now = new Date().toISOString()
  const wall: WallRow = {
    id: newId(),
    name: input.name.trim(),
    description: trimmedOrNull(input.description),
    ownerId,
    private: input.private ?? false,
    createdAt: now,
    updatedAt: now,
    txid: '',
  }
  const { db } = replica
  await mutate(replica, [db.walls], async ({ queue }) => {
    await db.walls.add(wall)
    queue({
      table: 'walls',
      rowId: wall.id,
      fields: Object.keys(wall),
      op: { op: 'insert', table: 'walls', row: toServer('walls', wall) },
      failureMessage: messages.createWallFailed,
    })
  })
  return wall.id
}

async function updateWall(
  replica: Replica,
  wallId: string,
  patch: Partial<Pick<WallRow, 'name' | 'description' | 'private'>>,
  failureMessage: string,
  step: 'rename' | 'describe' | 'privacy',
): Promise<void> {
  const { db } = replica
  await untilOnDevice(db, 'walls', wallId)
  await mutate(replica, [db.walls, db.undoSteps], async ({ queue }) => {
    const wall = await ownedWall(db, replica.userId, wallId)
    await db.walls.update(wallId, patch)
    const fields = Object.keys(patch)
    const before = Object.fromEntries(fields.map((field) => [field, wall[field as keyof typeof patch]]))
    await recordWallChange(db, wall, step, present(before), present(patch))
    queue({
      table: 'walls',
      rowId: wallId,
      fields,
      op: { op: 'update', table: 'walls', id: wallId, patch: toServer('walls', patch, fields) },
      failureMessage,
    })
  })
}

export async function renameWall(replica: Replica, wallId: string, name: string): Promise<void> {
  const error = wallNameError(name)
  if (error) throw new MutationError(error)
  await updateWall(replica, wallId, { name: name.trim() }, messages.renameWallFailed, 'rename')
}

export async function describeWall(replica: Replica, wallId: string, description: string): Promise<void> {
  const error = wallDescriptionError(description)
  if (error) throw new MutationError(error)
  await updateWall(replica, wallId, { description: trimmedOrNull(description) }, messages.describeWallFailed, 'describe')
}

export async function setWallPrivacy(replica: Replica, wallId: string, isPrivate: boolean): Promise<void> {
  await updateWall(replica, wallId, { private: isPrivate }, messages.privacyFailed, 'privacy')
}

/** Removes the wall and its items from the replica at once; the server soft-deletes them together. */
export async function deleteWall(replica: Replica, wallId: string): Promise<void> {
  requireUser(replica, messages.signInToDeleteWalls)
  const { db } = replica
  await untilOnDevice(db, 'walls', wallId)
  await mutate(replica, [db.walls, db.polaroids, db.stickers, db.wallStats], async ({ queue }) => {
    await ownedWall(db, replica.userId, wallId)
    await db.polaroids.where('wallId').equals(wallId).delete()
    await db.stickers.where('wallId').equals(wallId).delete()
    await db.wallStats.delete(wallId)
    await db.walls.delete(wallId)
    queue({
      table: 'walls',
      rowId: wallId,
      fields: [],
      removes: true,
      op: { op: 'call', fn: 'delete_own_wall', args: { wall_id: wallId } },
      failureMessage: messages.deleteWallFailed,
    })
  })
}
