// Who may see and change what (spec §6), written once for the hooks that filter what a screen shows and
// the mutations that refuse what a user may not do. The server enforces the same rules (row-level
// security); these only keep the device from showing or queueing what the server would refuse.
import type { PolaroidRow, StickerRow, WallRow, WardrobeItemRow } from './rows'

/** Public walls are everyone's; private ones only their owner's. */
export function canSeeWall(wall: Pick<WallRow, 'private' | 'ownerId'>, userId: string | null): boolean {
  return !wall.private || wall.ownerId === userId
}

/** Only the owner renames, describes, toggles privacy, deletes, and edits polaroid texts. */
export function ownsWall(wall: Pick<WallRow, 'ownerId'> | undefined | null, userId: string | null): boolean {
  return Boolean(userId && wall && wall.ownerId === userId)
}

/** The item's creator or the wall's owner may move and delete it. */
export function canManageItem(
  item: Pick<PolaroidRow | StickerRow, 'createdBy'>,
  wallOwnerId: string | null | undefined,
  userId: string | null,
): boolean {
  if (!userId) return false
  return item.createdBy === userId || wallOwnerId === userId
}

/** An item is shown to its owner, and to everyone else once it is public. */
export function canSeeWardrobeItem(item: Pick<WardrobeItemRow, 'isPublic' | 'userId'>, userId: string | null): boolean {
  return item.isPublic || item.userId === userId
}
