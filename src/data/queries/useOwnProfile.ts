// The signed-in person's own profile, for the account every screen reads: live from the replica once
// its database opens, and until then as the boot script read it (from the replica on a warm open, from
// the server on a first visit). No Dexie here: this is on the first screen's path.
import { useState } from 'react'
import { earlyOwnProfiles, earlyOwnReplicas } from '../early/firstScreen'
import type { EarlyOwnProfile } from '../early/fetchOwnProfileEarly'
import type { ProfileRow } from '../model/rows'
import { useReplicaBase, useReplicaDb } from '../ReplicaContext'
import { readScopeStatus, type ScopeStatus } from './useScope'
import { useEarlyOrReplica } from './useEarlyOrReplica'
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
  const [initial] = useState(() => (userId ? earlyOwnReplicas.get({ databaseName, userId }) : GUEST))
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
  // The replica's own answer is the account's to read (useMyProfileState): none here once it has it.
  return useEarlyOrReplica(
    earlyOwnProfiles,
    userId ? { databaseName, userId } : null,
    { view: undefined, answered: me === 'ready' },
    (answer) => (answer.userId === userId ? answer : null),
  )
}
