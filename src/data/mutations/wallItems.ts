// Rules shared by polaroids and stickers: who may move or delete an item, and the z-order of new items
// (one above the highest on the wall, 1 if none; spec §4).
import Dexie from 'dexie'
import type { MooriDB } from '../db'
import type { PolaroidRow, StickerRow } from '../model/rows'
import type { Replica } from '../replica'

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
