// Wraps every route (spec §2): a spinner while the session or the profile is loading; a signed-in user
// without a profile goes to /setup-profile after 2000 ms; one with a profile never stays there. Offline
// on a device that never heard of the account's profile, it says so and waits for the network.
// The page the guard sent someone away from is remembered: on a slow first visit the profile can arrive
// after the 10 s load timeout, and the person then goes back to the wall they opened, not home.
import { useEffect, type ReactNode } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { useAccount } from '@/auth/useAccount'
import { ACCOUNT_WAITING_FOR_NETWORK } from '@/lib/accountMessages'
import { BootShell } from './BootShell'
import { returnPathOf, type SetupReturn } from '@/lib/setupReturn'

const SETUP_PROFILE_REDIRECT_MS = 2000

/** Pages a signed-in user without a profile may stay on. */
const profileFreePaths = new Set(['/setup-profile', '/create-password', '/reset-password'])

export function RouteGuard({ children }: { children: ReactNode }) {
  const account = useAccount()
  const location = useLocation()
  const navigate = useNavigate()
  const needsProfile =
    account.status === 'signedIn' && !account.profileLoading && !account.profile && !profileFreePaths.has(location.pathname)

  // The path only: a sign-in link's query (an auth code) must not be replayed.
  const here = location.pathname
  useEffect(() => {
    if (!needsProfile) return
    const state: SetupReturn = { returnTo: here }
    const timer = setTimeout(() => void navigate('/setup-profile', { replace: true, state }), SETUP_PROFILE_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [needsProfile, navigate, here])

  if (account.status === 'signedIn' && account.waitingForNetwork) {
    return <BootShell message={ACCOUNT_WAITING_FOR_NETWORK} />
  }
  if (account.status === 'loading' || (account.status === 'signedIn' && account.profileLoading)) {
    return <BootShell label="Loading your account" />
  }
  // A profile just made on /setup-profile waits there for the server's verdict (the username may be
  // taken); the setup screen moves on by itself.
  const unsaved = account.profile !== null && 'txid' in account.profile && account.profile.txid === ''
  if (account.status === 'signedIn' && account.profile && !unsaved && location.pathname === '/setup-profile') {
    return <Navigate to={returnPathOf(location.state)} replace />
  }
  return <>{children}</>
}
