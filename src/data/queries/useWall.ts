// One wall with its owner's profile, for the wall page header. 'missing' means the wall's scope has
// been pulled and the wall is not there: it does not exist, was deleted, or is private to someone else.
import { useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import type { ProfileRow, WallRow } from '../model/rows'
import { wallScope } from '../model/scopes'
import { useReplica } from '../ReplicaContext'
import { readScopeStatus, useRetainScope, type ScopeStatus } from './useScope'
import { earlyWall } from '../early/firstScreen'

export interface WallView {
  status: ScopeStatus | 'missing'
  wall: WallRow | null
  owner: ProfileRow | null
  isOwner: boolean
}

export function useWall(wallId: string): WallView {
  const { db, userId } = useReplica()
  useRetainScope(wallScope(wallId))
  // Until the live query answers: the wall as the boot script read it (a stored wall is a pulled one).
  const [initial] = useState(() => {
    const early = earlyWall(db.name, wallId)
    return early?.wall ? { wall: early.wall, owner: early.owner, scope: { status: 'ready' as const, error: null } } : undefined
  })
  const data = useLiveQuery(
    async () => {
      const scope = await readScopeStatus(db, wallScope(wallId))
      const wall = (await db.walls.get(wallId)) ?? null
      const owner = wall ? ((await db.profiles.get(wall.ownerId)) ?? null) : null
      return { wall, owner, scope }
    },
    [db, wallId],
    initial,
  )
  const wall = data?.wall ?? null
  const scopeStatus = data?.scope.status ?? 'loading'
  const status = wall ? 'ready' : scopeStatus === 'ready' ? 'missing' : scopeStatus
  return { status, wall, owner: data?.owner ?? null, isOwner: Boolean(wall && userId && wall.ownerId === userId) }
}
