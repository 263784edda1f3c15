// Everything on a wall, bottom to top: polaroids and stickers merged by z-index, each with whether the
// current user may move or delete it and whether its image still waits to upload.
import { useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import Dexie from 'dexie'
import { canManageItem } from '../model/permissions'
import type { PolaroidRow, StickerRow } from '../model/rows'
import { useReplica } from '../ReplicaContext'
import { pendingImages } from './scopeMembers'
import { earlyWall } from '../early/firstScreen'
import { markBoot } from '@/lib/bootMarks'

export type WallItem =
  | ({ kind: 'polaroid'; canManage: boolean; uploadPending: boolean } & PolaroidRow)
  | ({ kind: 'sticker'; canManage: boolean; uploadPending: boolean } & StickerRow)

interface WallRows {
  ownerId: string | undefined
  polaroids: PolaroidRow[]
  stickers: StickerRow[]
  pending: ReadonlySet<string>
}

/** The rows as the wall shows them: permissions, upload marks, bottom to top. */
function toWallItems({ ownerId, polaroids, stickers, pending }: WallRows, userId: string | null): WallItem[] {
  const manage = (createdBy: string) => canManageItem({ createdBy }, ownerId, userId)
  const items: WallItem[] = [
    ...polaroids.map((p) => ({
      ...p,
      kind: 'polaroid' as const,
      canManage: manage(p.createdBy),
      uploadPending: Boolean(p.imagePath && pending.has(p.imagePath)),
    })),
    ...stickers.map((s) => ({
      ...s,
      kind: 'sticker' as const,
      canManage: manage(s.createdBy),
      uploadPending: pending.has(s.imagePath),
    })),
  ]
  return items.sort((a, b) => a.zIndex - b.zIndex || a.timestamp - b.timestamp)
}

export function useWallItems(wallId: string): WallItem[] | undefined {
  const { db, userId } = useReplica()
  // Until the live query answers: the rows the boot script read before the app had loaded.
  const [initial] = useState(() => {
    const early = earlyWall(db.name, wallId)
    return early ? toWallItems({ ...early, ownerId: early.wall?.ownerId }, userId) : undefined
  })
  return useLiveQuery(
    async () => {
      const range = [
        [wallId, Dexie.minKey],
        [wallId, Dexie.maxKey],
      ] as const
      const [wall, polaroids, stickers] = await Promise.all([
        db.walls.get(wallId),
        db.polaroids.where('[wallId+zIndex]').between(range[0], range[1]).toArray(),
        db.stickers.where('[wallId+zIndex]').between(range[0], range[1]).toArray(),
      ])
      const pending = await pendingImages(db, [...polaroids.map((p) => p.imagePath), ...stickers.map((s) => s.imagePath)])
      markBoot('wall-items')
      return toWallItems({ ownerId: wall?.ownerId, polaroids, stickers, pending }, userId)
    },
    [db, userId, wallId],
    initial,
  )
}
