// A profile page's data: the profile by username and the walls it may show (the owner sees all of
// theirs, others only public ones; spec §6). 'missing' once the scope was pulled and there is none.
import { useEffect, useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { earlyOwnProfile, earlyOwnProfileTakenOver, earlyOwnReplica, onEarlyOwnProfile } from '../early/firstScreen'
import type { EarlyOwnProfile } from '../early/fetchOwnProfileEarly'
import { canSeeWall } from '../model/permissions'
import type { ProfileRow } from '../model/rows'
import { profileScope } from '../model/scopes'
import { useReplica } from '../ReplicaContext'
import { wallCards, type WallCard } from './useMooris'
import { readScopeStatus, useRetainScope, type ScopeStatus } from './useScope'
import { sameFields, useEqualLiveQuery } from './useEqualLiveQuery'

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

/** The signed-in user's own profile (undefined while loading, null when there is none yet). */
export function useMyProfile(): ProfileRow | null | undefined {
  return useMyProfileState()?.profile
}

/** The own profile together with whether the 'me' scope was pulled, read from one snapshot. */
interface MyProfileState {
  profile: ProfileRow | null
  me: ScopeStatus
}

const sameProfileState = (a: MyProfileState, b: MyProfileState) => a.me === b.me && sameFields(a.profile, b.profile)

export function useMyProfileState(): MyProfileState | undefined {
  const { db, userId } = useReplica()
  // Until Dexie answers: the profile as the boot script read it from the replica (a warm open), so the
  // route guard and the header need not wait for the database to open.
  const [initial] = useState(() => (userId ? earlyOwnReplica(db.name, userId) : undefined))
  return useEqualLiveQuery(
    async (): Promise<MyProfileState> => {
      if (!userId) return { profile: null, me: 'ready' }
      const [profile, me] = await Promise.all([db.profiles.get(userId), readScopeStatus(db, 'me')])
      return { profile: profile ?? null, me: me.status }
    },
    [db, userId],
    initial,
    sameProfileState,
  )
}

/**
 * A signed-in first visit: the own profile as the server answered the boot script, until the replica
 * has pulled `me` (then undefined, and the boot script's copy is let go).
 */
export function useNetworkOwnProfile(me: ScopeStatus | undefined): EarlyOwnProfile | undefined {
  const { db, userId } = useReplica()
  const databaseName = db.name
  const [answer, setAnswer] = useState(() => (userId ? earlyOwnProfile(databaseName, userId) : undefined))
  useEffect(() => {
    if (!userId) return
    const unsubscribe = onEarlyOwnProfile(databaseName, userId, setAnswer)
    const arrived = earlyOwnProfile(databaseName, userId)
    if (arrived) setAnswer(arrived)
    return unsubscribe
  }, [databaseName, userId])
  const pulled = me === 'ready'
  useEffect(() => {
    if (pulled) earlyOwnProfileTakenOver(databaseName)
  }, [pulled, databaseName])
  return !pulled && answer?.userId === userId ? answer : undefined
}
