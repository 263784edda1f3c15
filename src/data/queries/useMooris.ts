// Wall cards for the Mooris tab and profile pages: each wall with its owner, its polaroid count and up
// to four preview polaroids (spec §2), newest wall first. The Mooris tab shows the `mooris` scope's
// walls and the user's own (made on this device too), as far as the user may see them.
import { useLiveQuery } from 'dexie-react-hooks'
import type { MooriDB } from '../db'
import { canSeeWall } from '../model/permissions'
import type { PolaroidRow, ProfileRow, WallRow } from '../model/rows'
import { useReplica } from '../ReplicaContext'
import { scopeRows } from './scopeMembers'
import { readScopeStatus, useRetainScope, type ScopeStatus } from './useScope'

const PREVIEW_COUNT = 4

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
    const [listed, own] = await Promise.all([
      scopeRows(db, 'mooris', 'walls'),
      userId ? db.walls.where('ownerId').equals(userId).toArray() : Promise.resolve([]),
    ])
    const walls = new Map([...listed, ...own].map((wall) => [wall.id, wall]))
    const cards = await wallCards(db, [...walls.values()].filter((wall) => canSeeWall(wall, userId)))
    return { status: cards.length > 0 ? ('ready' as const) : scope.status, cards }
  }, [db, userId])
  return data ?? { status: 'loading', cards: [] }
}
