// Account actions that need more than authentication (pushing waiting changes, deleting this user's
// replica), provided by the app shell so screens can call them by name.
import { createContext, useContext } from 'react'
import type { AuthResult } from './authActions'

type SignOutResult = { ok: true } | { ok: false; unpushed: number }

export interface AccountActions {
  /** Pushes what it can first; without `force`, stops and reports changes that could not be pushed. */
  signOut(options?: { force?: boolean }): Promise<SignOutResult>
  /** Deletes the account and everything in it, then signs out locally. */
  deleteAccount(): Promise<AuthResult>
}

export const AccountContext = createContext<AccountActions | null>(null)

export function useAccountActions(): AccountActions {
  const actions = useContext(AccountContext)
  if (!actions) throw new Error('useAccountActions() needs an <AccountContext.Provider> above it')
  return actions
}
