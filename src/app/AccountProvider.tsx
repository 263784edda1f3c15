// Sign-out and account deletion, which touch the session, the sync worker and the replica together.
// Sign-out pushes what it can first and reports what could not be pushed unless forced; then the
// session ends (the app switches to the guest replica), this user's database is deleted and the
// service worker's image and shared-photo caches are cleared.
import { useMemo, type ReactNode } from 'react'
import { clearAccountCaches } from '@/data/accountCaches'
import { deleteReplicaDatabase } from '@/data/db'
import { AccountContext, type AccountActions } from '@/auth/AccountContext'
import { deleteAccountOnServer, endSession } from '@/auth/authActions'
import { writeCachedProfile } from '@/auth/profileCache'
import { useSession } from '@/auth/SessionContext'
import type { AppReplica } from './ReplicaProvider'

const FLUSH_BEFORE_SIGN_OUT_MS = 8000

export function AccountProvider({ replica, children }: { replica: AppReplica; children: ReactNode }) {
  const session = useSession()
  const actions = useMemo<AccountActions>(() => {
    const finish = async () => {
      session.expectSignOut()
      writeCachedProfile(null)
      await endSession()
      await replica.sync.stop()
      replica.db.close()
      await deleteReplicaDatabase(replica.db.name)
      await clearAccountCaches()
    }
    return {
      async signOut(options = {}) {
        if (!options.force) {
          await Promise.race([replica.sync.flushNow(), new Promise((r) => setTimeout(r, FLUSH_BEFORE_SIGN_OUT_MS))])
          const unpushed = await replica.db.outbox.count()
          if (unpushed > 0) return { ok: false, unpushed }
        }
        await finish()
        return { ok: true }
      },
      async deleteAccount() {
        const result = await deleteAccountOnServer()
        if (result.ok) await finish()
        return result
      },
    }
  }, [replica, session])
  return <AccountContext.Provider value={actions}>{children}</AccountContext.Provider>
}
