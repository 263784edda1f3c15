// Who is using the app: the session plus the user's profile, as the guard and the header need them.
// Worked out once, by the app's AccountProvider (`useAccountSource`), and read by every component from
// the one account store (`useAccount`).
// The profile comes from the replica; the session-storage copy answers first, and after 10 s without
// an answer the profile counts as loaded with whatever is known (spec §4). Offline, "not known yet"
// is not "none": on a new device whose replica has not heard from the server, the account keeps
// waiting for the network (and says so) instead of being sent to set up a profile it already has.
// On a first visit (no replica yet) the boot script asks the server for the profile beside the first
// screen's rows, and its answer counts until the `me` pull is in (src/data/early/fetchOwnProfileEarly.ts).
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useMyProfileState, useNetworkOwnProfile } from '@/data/queries/useOwnProfile'
import { useRetainScope } from '@/data/queries/useScope'
import { useConnectivity } from '@/data/connectivity'
import type { ProfileRow } from '@/data/model/rows'
import { readCachedProfile, writeCachedProfile, type CachedProfile } from './profileCache'
import type { AccountStore } from './accountStore'
import { useSession, type SessionUser } from './SessionContext'

const PROFILE_LOAD_TIMEOUT_MS = 10_000

export interface Account {
  status: 'loading' | 'signedOut' | 'signedIn'
  user: SessionUser | null
  /** The user's profile; null when they have none (yet). */
  profile: CachedProfile | ProfileRow | null
  profileLoading: boolean
  /** Still loading because the device is offline and the server never answered for this account. */
  waitingForNetwork: boolean
}

/** The computation itself: run once, by the provider that fills the account store. */
export function useAccountSource(): Account {
  const session = useSession()
  const userId = session.user?.id ?? null
  useRetainScope(userId ? 'me' : null)
  const mine = useMyProfileState()
  const offline = !useConnectivity().online
  const replicaProfile = mine?.profile
  const me = { status: mine?.me ?? 'loading' }
  const network = useNetworkOwnProfile(mine?.me)
  const [timedOut, setTimedOut] = useState(false)
  // The replica showed this user's profile and now has none (the server refused the profile setup,
  // or the account was deleted): from then on the session-storage copy is stale and must not answer.
  const sawProfile = useRef<string | null>(null)
  if (replicaProfile && userId) sawProfile.current = userId
  const gone = replicaProfile === null && userId !== null && sawProfile.current === userId

  useEffect(() => {
    setTimedOut(false)
    if (!userId) return
    const timer = setTimeout(() => setTimedOut(true), PROFILE_LOAD_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [userId])

  useEffect(() => {
    if (replicaProfile) {
      const { id, username, displayName, avatarPath } = replicaProfile
      writeCachedProfile({ id, username, displayName, avatarPath })
    } else if (replicaProfile === null && (me.status === 'ready' || gone)) writeCachedProfile(null)
  }, [replicaProfile, me.status, gone])

  if (session.status !== 'signedIn' || !userId) {
    return {
      status: session.status,
      user: null,
      profile: null,
      profileLoading: session.status === 'loading',
      waitingForNetwork: false,
    }
  }
  // The server's answer to the boot script (a first visit) is newer than the session-storage copy.
  const fromServer = gone ? undefined : network
  const cached = gone ? null : readCachedProfile(userId)
  const profile = replicaProfile ?? (me.status === 'ready' ? null : fromServer ? fromServer.profile : cached)
  const known =
    (replicaProfile !== undefined && (replicaProfile !== null || me.status === 'ready' || gone)) ||
    // A profile counts at once; "none" once the replica has answered too (a profile made here is there).
    (fromServer !== undefined && (fromServer.profile !== null || replicaProfile !== undefined))
  const waitingForNetwork = !known && !cached && offline
  return {
    status: 'signedIn',
    user: session.user,
    profile,
    profileLoading: (!known && !cached && !timedOut) || waitingForNetwork,
    waitingForNetwork,
  }
}

/** The one account store, provided by the app's AccountProvider. */
export const AccountStoreContext = createContext<AccountStore<Account> | null>(null)

/** The account, from the one store the app's AccountProvider keeps. */
export function useAccount(): Account {
  const store = useContext(AccountStoreContext)
  if (!store) throw new Error('useAccount() needs the AccountProvider above it')
  return useSyncExternalStore(store.subscribe, store.get)
}
