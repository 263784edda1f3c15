// The session as the app sees it: loading, signed out or signed in (spec §4). Who is signed in is known
// at start from the session auth-js stored (storedSession.ts), offline and with an expired access token
// too; auth-js loads after the first screen and takes over (refreshes, events). Only a URL carrying an
// auth result (a sign-in or recovery link, an OAuth return) waits for auth-js, 5 s at most before a
// refresh is tried. A sign-out the user did not ask for (an expired session) raises `expired`, so the
// app can say so; a recovery link raises `recovering`, so the app can open /create-password.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { clearAccountCaches, setCacheOwner } from '@/data/accountCaches'
import type { Session } from '@supabase/auth-js'
import { AUTH_STORAGE_KEY, loadAuth, type AuthClient } from './supabaseClient'
import { initialAuthHash } from './authHash'
import { readStoredSession } from './storedSession'
import { withTimeout } from './withTimeout'
import { afterFirstScreen } from '@/lib/afterFirstScreen'
import { markBoot } from '@/lib/bootMarks'

const SESSION_CHECK_TIMEOUT_MS = 5000

export interface SessionUser {
  id: string
  email: string | null
}

export interface SessionState {
  status: 'loading' | 'signedIn' | 'signedOut'
  user: SessionUser | null
  accessToken: string | null
  /** The session ended without the user signing out. */
  expired: boolean
  /** A password-recovery link signed the user in. */
  recovering: boolean
  acknowledgeExpired: () => void
  /** The new password is set: stop steering the user to /create-password. */
  finishRecovery: () => void
  /** Call before a deliberate sign-out, so it is not reported as an expiry. */
  expectSignOut: () => void
}

interface Known {
  status: SessionState['status']
  user: SessionUser | null
  accessToken: string | null
}

const SessionContext = createContext<SessionState | null>(null)

const signedOut: Known = { status: 'signedOut', user: null, accessToken: null }

const fromSession = (session: Session): Known => ({
  status: 'signedIn',
  user: { id: session.user.id, email: session.user.email ?? null },
  accessToken: session.access_token,
})

const sameSession = (a: Known, b: Known) =>
  a.status === b.status && a.accessToken === b.accessToken && a.user?.id === b.user?.id && a.user?.email === b.user?.email

/** What the app knows before auth-js: the stored session, or nothing yet when the URL has an auth result. */
function startingSession(): Known {
  if (initialAuthHash.present) return { status: 'loading', user: null, accessToken: null }
  const stored = readStoredSession(typeof localStorage === 'undefined' ? undefined : localStorage, AUTH_STORAGE_KEY)
  return stored ? { status: 'signedIn', user: stored.user, accessToken: stored.accessToken } : signedOut
}

/**
 * auth-js's answer once loaded: a session, null when there is none, or undefined when it could not
 * tell (offline with an expired token, a timeout), in which case what the app knows stands.
 */
async function sessionFromAuth(auth: AuthClient): Promise<Session | null | undefined> {
  try {
    const { data, error } = await withTimeout(auth.getSession(), SESSION_CHECK_TIMEOUT_MS)
    if (data.session) return data.session
    if (!error) return null
  } catch {
    // fall through to a refresh
  }
  try {
    const { data } = await withTimeout(auth.refreshSession(), SESSION_CHECK_TIMEOUT_MS)
    return data.session ?? undefined
  } catch {
    return undefined
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [known, setKnown] = useState<Known>(startingSession)
  const [expired, setExpired] = useState(false)
  const [recovering, setRecovering] = useState(initialAuthHash.isRecovery)
  const signingOut = useRef(false)
  const hadUser = useRef(known.status === 'signedIn')

  useEffect(() => {
    let cancelled = false
    let unsubscribe: (() => void) | null = null
    if (!initialAuthHash.present) markBoot('session')

    const ended = () => {
      // However it ended (expired, signed out here or elsewhere), the user's cached images go with it.
      if (hadUser.current) void clearAccountCaches()
      if (hadUser.current && !signingOut.current) setExpired(true)
      signingOut.current = false
      hadUser.current = false
      setKnown(signedOut)
    }
    const signedIn = (session: Session) => {
      hadUser.current = true
      const next = fromSession(session)
      setKnown((current) => (sameSession(current, next) ? current : next))
    }
    const connect = async () => {
      const auth = await loadAuth()
      if (cancelled) return
      const { data } = auth.onAuthStateChange((event, next) => {
        if (event === 'INITIAL_SESSION') return
        if (event === 'PASSWORD_RECOVERY') setRecovering(true)
        if (event === 'SIGNED_OUT') {
          ended()
          return
        }
        if (next) signedIn(next)
      })
      unsubscribe = () => data.subscription.unsubscribe()
      const session = await sessionFromAuth(auth)
      if (cancelled) return
      markBoot('session')
      if (session) signedIn(session)
      else if (session === null) {
        if (hadUser.current) ended()
        else setKnown(signedOut)
      } else {
        // Could not tell: keep the stored session (auth-js refreshes it when it can).
        setKnown((current) => (current.status === 'loading' ? signedOut : current))
      }
    }
    const start = () => {
      connect().catch((error: unknown) => {
        // Only the auth-js chunk failing to arrive gets here; sign-in and refresh load it again when used.
        console.error('Could not load the auth client', error)
        if (!cancelled) setKnown((current) => (current.status === 'loading' ? signedOut : current))
      })
    }
    const cancelStart = initialAuthHash.present ? (start(), () => undefined) : afterFirstScreen(start)
    return () => {
      cancelled = true
      cancelStart()
      unsubscribe?.()
    }
  }, [])

  // The service worker caches images apart per person: tell it who that is now.
  const ownerId = known.status === 'loading' ? undefined : (known.user?.id ?? null)
  useEffect(() => {
    if (ownerId !== undefined) void setCacheOwner(ownerId)
  }, [ownerId])

  const value = useMemo<SessionState>(
    () => ({
      ...known,
      expired,
      recovering,
      acknowledgeExpired: () => setExpired(false),
      finishRecovery: () => setRecovering(false),
      expectSignOut: () => {
        signingOut.current = true
      },
    }),
    [known, expired, recovering],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession(): SessionState {
  const state = useContext(SessionContext)
  if (!state) throw new Error('useSession() needs a <SessionProvider> above it')
  return state
}
