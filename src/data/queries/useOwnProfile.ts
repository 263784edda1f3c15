// The signed-in person's own profile, for the account every screen reads: live from the replica once
// its database opens, and until then as the boot script read it (from the replica on a warm open, from
// the server on a first visit). No Dexie here: this is on the first screen's path.
import { useEffect, useState } from 'react'
import { earlyOwnProfile, earlyOwnProfileTakenOver, earlyOwnReplica, onEarlyOwnProfile } from '../early/firstScreen'
import type { EarlyOwnProfile } from '../early/fetchOwnProfileEarly'
import type { ProfileRow } from '../model/rows'
import { useReplicaBase, useReplicaDb } from '../ReplicaContext'
import { readScopeStatus, type ScopeStatus } from './useScope'
import { sameFields, useEqualLiveQuery } from './useEqualLiveQuery'

/** The signed-in user's own profile (undefined while loading, null when there is none yet). */
export function useMyProfile(): ProfileRow | null | undefined {
  return useMyProfileState()?.profile
}

/** The own profile together with whether the 'me' scope was pulled, read from one snapshot. */
interface MyProfileState {
  profile: ProfileRow | null
  me: ScopeStatus
}

const GUEST: MyProfileState = { profile: null, me: 'ready' }

const sameProfileState = (a: MyProfileState, b: MyProfileState) => a.me === b.me && sameFields(a.profile, b.profile)

export function useMyProfileState(): MyProfileState | undefined {
  const { databaseName, userId } = useReplicaBase()
  const db = useReplicaDb()
  // Until Dexie answers: the profile as the boot script read it from the replica (a warm open), so the
  // route guard and the header need not wait for the database to open. A guest has none to wait for.
  const [initial] = useState(() => (userId ? earlyOwnReplica(databaseName, userId) : GUEST))
  return useEqualLiveQuery(
    userId && db
      ? async (): Promise<MyProfileState> => {
          const [profile, me] = await Promise.all([db.profiles.get(userId), readScopeStatus(db, 'me')])
          return { profile: profile ?? null, me: me.status }
        }
      : null,
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
  const { databaseName, userId } = useReplicaBase()
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
