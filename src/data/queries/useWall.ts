// One wall with its owner's profile, for the wall page header. 'missing' means the wall's scope has
// been pulled and the wall is not there: it does not exist, was deleted, or is private to someone else.
import { useEffect, useState } from 'react'
import type { ProfileRow, WallRow } from '../model/rows'
import { wallScope } from '../model/scopes'
import { useReplica } from '../ReplicaContext'
import { readScopeStatus, useRetainScope, type ScopeStatus, type ScopeStatusView } from './useScope'
import { sameFields, useEqualLiveQuery } from './useEqualLiveQuery'
import { earlyWall, earlyWallTakenOver, onEarlyWall } from '../early/firstScreen'
import type { EarlyWall } from '../early/readWallEarly'

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
  useRetainScope(wallScope(wallId))
  // Until the live query answers: the wall as the boot script read it from the replica.
  const [initial] = useState((): WallData | undefined => {
    const early = earlyWall(db.name, wallId)
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
  // A first visit: the wall as the server answered the boot script, until the wall's pull is in.
  const network = useNetworkWall(db.name, wallId)
  const pulled = Boolean(data?.wall) && data?.scope.status === 'ready'
  useEffect(() => {
    if (pulled) earlyWallTakenOver(db.name, wallId)
  }, [pulled, db, wallId])
  const standIn = network?.wall && !data?.wall && data?.scope.status !== 'ready' ? network : null
  const wall = data?.wall ?? standIn?.wall ?? null
  const owner = data?.wall ? data.owner : (standIn?.owner ?? data?.owner ?? null)
  const scopeStatus = data?.scope.status ?? 'loading'
  const status = wall ? 'ready' : scopeStatus === 'ready' ? 'missing' : scopeStatus
  return { status, wall, owner, isOwner: Boolean(wall && userId && wall.ownerId === userId), pulled: scopeStatus === 'ready' }
}

interface WallData {
  wall: WallRow | null
  owner: ProfileRow | null
  scope: ScopeStatusView
}

const sameWallData = (a: WallData, b: WallData) =>
  sameFields(a.wall, b.wall) && sameFields(a.owner, b.owner) && sameFields(a.scope, b.scope)

/** The boot script's rows of a first visit (from the server), once they arrive. */
function useNetworkWall(databaseName: string, wallId: string): EarlyWall | undefined {
  const fromServer = (early: EarlyWall | undefined) => (early?.source === 'network' ? early : undefined)
  const [network, setNetwork] = useState(() => fromServer(earlyWall(databaseName, wallId)))
  useEffect(() => {
    const unsubscribe = onEarlyWall(databaseName, wallId, setNetwork)
    const arrived = fromServer(earlyWall(databaseName, wallId))
    if (arrived) setNetwork(arrived)
    return unsubscribe
  }, [databaseName, wallId])
  return network
}
