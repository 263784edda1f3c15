// Sign-out and account deletion, which touch the session, the sync worker and the replica together.
// Sign-out pushes what it can first (through whichever tab's worker syncs, waiting for its answer) and
// reports what could not be pushed unless forced; then the worker makes a last push and stops, the
// session ends (the app switches to the guest replica), this user's database is deleted and the
// service worker's image and shared-photo caches are cleared. It also works out who is using the app,
// once, and keeps it in the account store every component reads (`useAccount`).
import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react'
import { clearAccountCaches } from '@/data/accountCaches'
import { ApiCallError } from '@/data/wardrobe/productApi'
import { AccountContext, type AccountActions } from '@/auth/AccountContext'
import { createAccountStore } from '@/auth/accountStore'
import { AccountStoreContext, useAccountSource } from '@/auth/useAccount'
import { endSession } from '@/auth/authActions'
import { writeCachedProfile } from '@/auth/profileCache'
import { useSession } from '@/auth/SessionContext'
import type { AppReplicaBase } from './ReplicaProvider'

const FLUSH_BEFORE_SIGN_OUT_MS = 8000
const DELETE_ACCOUNT_FAILED = 'Failed to delete account. Please try again.'
/** The last push while signing out (a forced sign-out still saves what it can). */
const FINAL_PUSH_MS = 3000

export function AccountProvider({ replica, children }: { replica: AppReplicaBase; children: ReactNode }) {
  const session = useSession()
  const account = useAccountSource()
  const [store] = useState(() => createAccountStore(account))
  // Readers re-render before the browser paints; the store ignores an account equal to the last.
  useLayoutEffect(() => store.set(account), [store, account])
  const actions = useMemo<AccountActions>(() => {
    const finish = async (stopSync: () => Promise<unknown>) => {
      session.expectSignOut()
      writeCachedProfile(null)
      await stopSync()
      await endSession()
      const [{ db }, { deleteReplicaDatabase }] = await Promise.all([replica.whenReady(), import('@/data/db')])
      db.close()
      await deleteReplicaDatabase(db.name)
      await clearAccountCaches()
    }
    return {
      async signOut(options = {}) {
        if (!options.force) {
          await replica.sync.flushWithin(FLUSH_BEFORE_SIGN_OUT_MS)
          const unpushed = await (await replica.whenReady()).db.outbox.count()
          if (unpushed > 0) return { ok: false, unpushed }
        }
        await finish(() => replica.sync.signOut(FINAL_PUSH_MS))
        return { ok: true }
      },
      async deleteAccount() {
        try {
          await replica.api.deleteAccount()
        } catch (error) {
          console.error('Could not delete the account', error)
          // Offline says so; any refusal is the spec's one message.
          const offline = error instanceof ApiCallError && error.status === 0
          return { ok: false, message: offline ? error.message : DELETE_ACCOUNT_FAILED }
        }
        await finish(() => replica.sync.stop())
        return { ok: true }
      },
    }
  }, [replica, session])
  return (
    <AccountStoreContext.Provider value={store}>
      <AccountContext.Provider value={actions}>{children}</AccountContext.Provider>
    </AccountStoreContext.Provider>
  )
}
