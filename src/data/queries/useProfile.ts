// A profile page's data: the profile by username and the walls it may show (the owner sees all of
// theirs, others only public ones; spec §6). 'missing' once the scope was pulled and there is none.
import { useLiveQuery } from 'dexie-react-hooks'
import { canSeeWall } from '../model/permissions'
import type { ProfileRow } from '../model/rows'
import { profileScope } from '../model/scopes'
import { useReplica } from '../ReplicaContext'
import { wallCards, type WallCard } from './useMooris'
import { readScopeStatus, useRetainScope, type ScopeStatus } from './useScope'

export interface ProfileView {
  status: ScopeStatus | 'missing'
  profile: ProfileRow | null
  isOwner: boolean
  walls: WallCard[]
}

export function useProfile(username: string): ProfileView {
  const { db, userId } = useReplica()
  useRetainScope(profileScope(username))
  const data = useLiveQuery(async () => {
    const scope = await readScopeStatus(db, profileScope(username))
    const profile = (await db.profiles.where('usernameLower').equals(username.toLowerCase()).first()) ?? null
    if (!profile) return { scope, profile, walls: [] }
    const walls = await db.walls.where('ownerId').equals(profile.id).toArray()
    const visible = walls.filter((wall) => canSeeWall(wall, userId))
    return { scope, profile, walls: await wallCards(db, visible) }
  }, [db, userId, username])
  const profile = data?.profile ?? null
  const scopeStatus = data?.scope.status ?? 'loading'
  const status = profile ? 'ready' : scopeStatus === 'ready' ? 'missing' : scopeStatus
  return { status, profile, isOwner: Boolean(profile && profile.id === userId), walls: data?.walls ?? [] }
}
