// Wall cards for the Mooris tab and profile pages: each wall with its owner, its polaroid count and up
// to four preview polaroids (spec §2), newest wall first.
import { useLiveQuery } from 'dexie-react-hooks'
import type { MooriDB } from '../db'
import type { PolaroidRow, ProfileRow, WallRow } from '../model/rows'
import { useReplica } from '../ReplicaContext'
import { readScopeStatus, useRetainScope, type ScopeStatus } from './useScope'

export const PREVIEW_COUNT = 4

export interface WallCard {
  wall: WallRow
  owner: ProfileRow | null
  polaroidCount: number
  previews: PolaroidRow[]
}

export async function wallCards(db: MooriDB, walls: WallRow[]): Promise<WallCard[]> {
  const sorted = [...walls].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  const [owners, stats] = await Promise.all([
    db.profiles.bulkGet([...new Set(sorted.map((w) => w.ownerId))]),
    db.wallStats.bulkGet(sorted.map((w) => w.id)),
  ])
  const ownerById = new Map(owners.filter((o): o is ProfileRow => Boolean(o)).map((o) => [o.id, o]))
  return Promise.all(
    sorted.map(async (wall, index) => {
      const local = await db.polaroids.where('wallId').equals(wall.id).toArray()
      local.sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      const stat = stats[index]
      // Local polaroids are the freshest truth once the wall was opened (or just added to).
      const previews = local.length >= Math.min(PREVIEW_COUNT, stat?.polaroidCount ?? 0) ? local.slice(0, PREVIEW_COUNT) : local
      return {
        wall,
        owner: ownerById.get(wall.ownerId) ?? null,
        polaroidCount: Math.max(local.length, stat?.polaroidCount ?? 0),
        previews,
      }
    }),
  )
}

export function useMooris(): { status: ScopeStatus; cards: WallCard[] } {
  const { db, userId } = useReplica()
  useRetainScope('mooris')
  const data = useLiveQuery(async () => {
    const scope = await readScopeStatus(db, 'mooris')
    const walls = await db.walls.toArray()
    const cards = await wallCards(db, walls.filter((w) => !w.private || w.ownerId === userId))
    return { status: cards.length > 0 ? ('ready' as const) : scope.status, cards }
  }, [db, userId])
  return data ?? { status: 'loading', cards: [] }
}
