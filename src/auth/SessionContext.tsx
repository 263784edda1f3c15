// The session as the app sees it: loading, signed out or signed in (spec §4). On start the stored
// session is checked (5 s timeout), then a refresh is tried, else the visitor is signed out. A sign-out
// the user did not ask for (an expired session) raises `expired`, so the app can say so; a recovery
// link raises `recovering`, so the app can open /create-password.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { Session } from '@supabase/auth-js'
import { auth } from './supabaseClient'
import { initialAuthHash } from './authHash'
import { withTimeout } from './withTimeout'
import { markBoot } from '@/lib/bootMarks'

export const SESSION_CHECK_TIMEOUT_MS = 5000

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

const SessionContext = createContext<SessionState | null>(null)

const userOf = (session: Session | null): SessionUser | null =>
  session ? { id: session.user.id, email: session.user.email ?? null } : null

async function initialSession(): Promise<Session | null> {
  try {
    const { data } = await withTimeout(auth.getSession(), SESSION_CHECK_TIMEOUT_MS)
    if (data.session) return data.session
  } catch {
    // fall through to a refresh
  }
  try {
    const { data } = await withTimeout(auth.refreshSession(), SESSION_CHECK_TIMEOUT_MS)
    return data.session
  } catch {
    return null
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null)
  const [status, setStatus] = useState<SessionState['status']>('loading')
  const [expired, setExpired] = useState(false)
  const [recovering, setRecovering] = useState(initialAuthHash.isRecovery)
  const signingOut = useRef(false)
  const hadUser = useRef(false)

  useEffect(() => {
    let cancelled = false
    void initialSession().then((s) => {
      if (cancelled) return
      markBoot('session')
      hadUser.current = Boolean(s)
      setSession(s)
      setStatus(s ? 'signedIn' : 'signedOut')
    })
    const { data } = auth.onAuthStateChange((event, next) => {
      if (event === 'INITIAL_SESSION') return
      if (event === 'PASSWORD_RECOVERY') setRecovering(true)
      if (event === 'SIGNED_OUT') {
        if (hadUser.current && !signingOut.current) setExpired(true)
        signingOut.current = false
        hadUser.current = false
        setSession(null)
        setStatus('signedOut')
        return
      }
      if (next) {
        hadUser.current = true
        setSession(next)
        setStatus('signedIn')
      }
    })
    return () => {
      cancelled = true
      data.subscription.unsubscribe()
    }
  }, [])

  const value = useMemo<SessionState>(
    () => ({
      status,
      user: userOf(session),
      accessToken: session?.access_token ?? null,
      expired,
      recovering,
      acknowledgeExpired: () => setExpired(false),
      finishRecovery: () => setRecovering(false),
      expectSignOut: () => {
        signingOut.current = true
      },
    }),
    [status, session, expired, recovering],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession(): SessionState {
  const state = useContext(SessionContext)
  if (!state) throw new Error('useSession() needs a <SessionProvider> above it')
  return state
}
