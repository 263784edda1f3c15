// One replica per person: the signed-in user's database with its sync worker, or the guest database
// (signed-out visitors read public data and keep their preview wall there). Switching users closes the
// old replica and opens the next; the access token follows every refresh.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { openReplicaDatabase } from '@/data/db'
import { ReplicaContext } from '@/data/ReplicaContext'
import type { Replica } from '@/data/replica'
import { startSyncClient, type SyncClient } from '@/data/syncClient'
import { replicaMissingAtBoot } from '@/data/early/firstScreen'
import { appConfig } from '@/auth/config'
import { currentAccessToken, refreshAccessToken } from '@/auth/authActions'
import { imageSigner } from '@/auth/imageSigner'
import { createProductApi } from '@/data/wardrobe/productApi'
import { useSession } from '@/auth/SessionContext'
import { afterFirstScreen } from '@/lib/afterFirstScreen'
import { markBoot } from '@/lib/bootMarks'
import { BootShell } from './BootShell'

export type AppReplica = Replica & { sync: SyncClient }

export function ReplicaProvider({ children }: { children: (replica: AppReplica) => ReactNode }) {
  const session = useSession()
  const userId = session.status === 'loading' ? undefined : (session.user?.id ?? null)
  const [replica, setReplica] = useState<AppReplica | null>(null)
  const token = session.accessToken
  // The worker starts with the token the session has now: a channel that joins before the token
  // arrives listens as anon, and realtime never tells anon about private rows (jobs, own items).
  const tokenNow = useRef(token)
  tokenNow.current = token

  useEffect(() => {
    if (userId === undefined) return
    markBoot('replica')
    const db = openReplicaDatabase(userId)
    db.on('ready', () => markBoot('db-ready'))
    const sync = startSyncClient(
      {
        supabaseUrl: appConfig.supabaseUrl,
        anonKey: appConfig.anonKey,
        apiUrl: appConfig.apiUrl,
        databaseName: db.name,
        userId,
        accessToken: tokenNow.current,
      },
      refreshAccessToken,
      // A first visit has nothing on the device to show: the worker's pull is the first screen's data.
      // A worker that cannot start says so in this replica's scope rows.
      { startNow: replicaMissingAtBoot(db.name), db },
    )
    const replica: AppReplica = { db, userId, sync, images: imageSigner, api: createProductApi({ apiUrl: appConfig.apiUrl, accessToken: currentAccessToken }, userId) }
    setReplica(replica)
    // The user's own wardrobe goes on the device for offline use, after the first screen (its code too).
    const stopKeeping = keepWardrobeOfflineLater(replica)
    // A signed-in user's replica holds unsynced work: ask the browser not to evict it under pressure.
    if (userId) void navigator.storage?.persist?.().catch(() => false)
    return () => {
      stopKeeping()
      void sync.stop().finally(() => db.close())
    }
  }, [userId])

  useEffect(() => {
    replica?.sync.setAccessToken(token)
  }, [replica, token])

  if (!replica || replica.userId !== userId) return <BootShell />
  return <ReplicaContext.Provider value={replica}>{children(replica)}</ReplicaContext.Provider>
}

/** Starts keepWardrobeOffline once the first screen has rendered, its module fetched then; returns its stop. */
function keepWardrobeOfflineLater(replica: AppReplica): () => void {
  let stop: (() => void) | null = null
  let stopped = false
  const cancel = afterFirstScreen(() => {
    import('@/data/wardrobe/keepWardrobeOffline').then(
      ({ keepWardrobeOffline }) => {
        if (!stopped) stop = keepWardrobeOffline(replica)
      },
      (error: unknown) => console.warn('Could not load the offline wardrobe keeper', error),
    )
  })
  return () => {
    stopped = true
    cancel()
    stop?.()
  }
}
