// A profile page's data: the profile by username and the walls it may show (the owner sees all of
// theirs, others only public ones; spec §6). 'missing' once the scope was pulled and there is none.
import { useLiveQuery } from 'dexie-react-hooks'
import type { ProfileRow } from '../model/rows'
import { profileScope } from '../model/scopes'
import { useReplica } from '../ReplicaContext'
import { wallCards, type WallCard } from './useMooris'
import { useScope, type ScopeStatus } from './useScope'

export interface ProfileView {
  status: ScopeStatus | 'missing'
  profile: ProfileRow | null
  isOwner: boolean
  walls: WallCard[]
}

export function useProfile(username: string): ProfileView {
  const { db, userId } = useReplica()
  const scope = useScope(profileScope(username))
  const data = useLiveQuery(async () => {
    const profile = (await db.profiles.where('usernameLower').equals(username.toLowerCase()).first()) ?? null
    if (!profile) return { profile, walls: [] }
    const walls = await db.walls.where('ownerId').equals(profile.id).toArray()
    const visible = walls.filter((w) => !w.private || w.ownerId === userId)
    return { profile, walls: await wallCards(db, visible) }
  }, [db, userId, username])
  const profile = data?.profile ?? null
  const status = profile ? 'ready' : scope.status === 'ready' && data ? 'missing' : scope.status
  return { status, profile, isOwner: Boolean(profile && profile.id === userId), walls: data?.walls ?? [] }
}

/** The signed-in user's own profile (undefined while loading, null when there is none yet). */
export function useMyProfile(): ProfileRow | null | undefined {
  const { db, userId } = useReplica()
  return useLiveQuery(async () => (userId ? ((await db.profiles.get(userId)) ?? null) : null), [db, userId])
}
