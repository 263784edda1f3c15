// A profile page's data: the profile by username and the walls it may show (the owner sees all of
// theirs, others only public ones; spec §6). 'missing' once the scope was pulled and there is none.
// On a first visit to someone else's page, what the boot script's request brought
// (fetchProfileEarly) shows until the scope's pull is in; the owner's own page waits for the replica,
// whose rows their actions there change.
import { useLiveQuery } from 'dexie-react-hooks'
import { earlyProfilePages, profilePageKey } from '../early/firstScreen'
import type { EarlyProfile } from '../early/fetchProfileEarly'
import { canSeeWall } from '../model/permissions'
import type { ProfileRow } from '../model/rows'
import { profileScope } from '../model/scopes'
import { useReplica } from '../ReplicaContext'
import { wallCards, type WallCard } from './useMooris'
import { useEarlyOrReplica } from './useEarlyOrReplica'
import { readScopeStatus, useRetainScope, type ScopeStatus } from './useScope'

export interface ProfileView {
  status: ScopeStatus | 'missing'
  profile: ProfileRow | null
  isOwner: boolean
  walls: WallCard[]
}

export function useProfile(username: string): ProfileView {
  const { db, userId } = useReplica()
  const databaseName = db.name
  useRetainScope(profileScope(username))
  const data = useLiveQuery(async () => {
    const scope = await readScopeStatus(db, profileScope(username))
    const profile = (await db.profiles.where('usernameLower').equals(username.toLowerCase()).first()) ?? null
    if (!profile) return { scope, profile, walls: [] }
    const walls = await db.walls.where('ownerId').equals(profile.id).toArray()
    const visible = walls.filter((wall) => canSeeWall(wall, userId))
    return { scope, profile, walls: await wallCards(db, visible) }
  }, [db, userId, username])
  const scopeStatus = data?.scope.status ?? 'loading'
  const pulled = scopeStatus === 'ready'
  const profile = data?.profile ?? null
  const status = profile ? 'ready' : pulled ? 'missing' : scopeStatus
  const view: ProfileView = { status, profile, isOwner: Boolean(profile && profile.id === userId), walls: data?.walls ?? [] }
  // The viewer's own page waits for the replica, whose rows their actions there change.
  return useEarlyOrReplica(earlyProfilePages, profilePageKey(databaseName, username), { view, answered: pulled }, (answer) =>
    answer.profile && answer.profile.id === userId ? null : fromNetwork(answer, userId),
  )
}

/** The page as the server answered the boot script: newest wall first, each with its owner. */
function fromNetwork(answer: EarlyProfile, userId: string | null): ProfileView {
  const { profile } = answer
  if (!profile) return { status: 'missing', profile: null, isOwner: false, walls: [] }
  const walls = answer.walls
    .filter((card) => canSeeWall(card.wall, userId))
    .map((card) => ({ wall: card.wall, owner: profile, polaroidCount: card.polaroidCount, previews: card.previews }))
  return { status: 'ready', profile, isOwner: false, walls }
}
