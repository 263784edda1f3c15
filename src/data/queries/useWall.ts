// One wall with its owner's profile, for the wall page header. 'missing' means the wall's scope has
// been pulled and the wall is not there: it does not exist, was deleted, or is private to someone else.
import { useState } from 'react'
import type { ProfileRow, WallRow } from '../model/rows'
import { wallScope } from '../model/scopes'
import { useReplica } from '../ReplicaContext'
import { readScopeStatus, useRetainScope, type ScopeStatus, type ScopeStatusView } from './useScope'
import { sameFields, useEqualLiveQuery } from './useEqualLiveQuery'
import { earlyWalls } from '../early/firstScreen'
import { useEarlyOrReplica } from './useEarlyOrReplica'

export interface WallView {
  status: ScopeStatus | 'missing'
  wall: WallRow | null
  owner: ProfileRow | null
  isOwner: boolean
  /** The wall's scope has been pulled: the device knows all of its cards. */
  pulled: boolean
}

export function useWall(wallId: string): WallView {
  const { db, userId } = useReplica()
  const key = { databaseName: db.name, wallId }
  useRetainScope(wallScope(wallId))
  // Until the live query answers: the wall as the boot script read it from the replica.
  const [initial] = useState((): WallData | undefined => {
    const early = earlyWalls.get(key)
    if (!early?.wall || early.source !== 'replica') return undefined
    return { wall: early.wall, owner: early.owner, scope: { status: early.pulled ? 'ready' : 'loading', error: null } }
  })
  // An answer equal to what is shown (the boot script's rows, or the last answer) re-renders nothing.
  const data = useEqualLiveQuery(
    async () => {
      const scope = await readScopeStatus(db, wallScope(wallId))
      const wall = (await db.walls.get(wallId)) ?? null
      const owner = wall ? ((await db.profiles.get(wall.ownerId)) ?? null) : null
      return { wall, owner, scope }
    },
    [db, wallId],
    initial,
    sameWallData,
  )
  const wall = data?.wall ?? null
  const scopeStatus = data?.scope.status ?? 'loading'
  const pulled = scopeStatus === 'ready'
  const view: WallView = {
    status: wall ? 'ready' : pulled ? 'missing' : scopeStatus,
    wall,
    owner: data?.owner ?? null,
    isOwner: Boolean(wall && userId && wall.ownerId === userId),
    pulled,
  }
  // A first visit: the wall as the server answered the boot script, until the replica has the wall or
  // its pull is in (a wall that turned private is missing then); let go once it has both.
  return useEarlyOrReplica(
    earlyWalls,
    key,
    { view, answered: Boolean(wall) || pulled, tookOver: Boolean(wall) && pulled },
    (early) =>
      early.source === 'network' && early.wall
        ? { status: 'ready', wall: early.wall, owner: early.owner, isOwner: Boolean(userId && early.wall.ownerId === userId), pulled: false }
        : null,
  )
}

interface WallData {
  wall: WallRow | null
  owner: ProfileRow | null
  scope: ScopeStatusView
}

const sameWallData = (a: WallData, b: WallData) =>
  sameFields(a.wall, b.wall) && sameFields(a.owner, b.owner) && sameFields(a.scope, b.scope)
