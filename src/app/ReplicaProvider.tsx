// One replica per person: the signed-in user's database with its sync worker, or the guest database
// (signed-out visitors read public data and keep their preview wall there). Switching users closes the
// old replica and opens the next; the access token follows every refresh.
// The replica's base is given at once and its database when Dexie's code has loaded: on a warm open at
// once (the screen reads the replica), on a first visit after the first screen (the boot script's read
// from the server shows it, and Dexie's 30 KiB would only delay it), or sooner where a screen asks.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { MooriDB } from '@/data/db'
import { ReplicaBaseContext, ReplicaContext, type ReplicaBase } from '@/data/ReplicaContext'
import type { Replica } from '@/data/replica'
import { databaseNameFor } from '@/data/replicaName'
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
export type AppReplicaBase = ReplicaBase & { sync: SyncClient; whenReady(): Promise<AppReplica> }

interface Provided {
  base: AppReplicaBase
  /** null until the database is open. */
  replica: AppReplica | null
}

export function ReplicaProvider({ children }: { children: (replica: AppReplicaBase) => ReactNode }) {
  const session = useSession()
  const userId = session.status === 'loading' ? undefined : (session.user?.id ?? null)
  const [provided, setProvided] = useState<Provided | null>(null)
  const token = session.accessToken
  // The worker starts with the token the session has now: a channel that joins before the token
  // arrives listens as anon, and realtime never tells anon about private rows (jobs, own items).
  const tokenNow = useRef(token)
  tokenNow.current = token

  useEffect(() => {
    if (userId === undefined) return
    markBoot('replica')
    const databaseName = databaseNameFor(userId)
    const firstVisit = replicaMissingAtBoot(databaseName)
    let db: MooriDB | null = null
    let closed = false
    let ready: Promise<AppReplica> | null = null
    const whenReady = (): Promise<AppReplica> => {
      ready ??= import('@/data/db').then(
        ({ openReplicaDatabase }) => {
          if (closed) throw new Error('This replica was closed')
          db = openReplicaDatabase(userId)
          db.on('ready', () => markBoot('db-ready'))
          const replica: AppReplica = { ...base, db }
          setProvided((now) => (now?.base === base ? { base, replica } : now))
          return replica
        },
        (error: unknown) => {
          // Offline without the code: the next screen that asks tries again.
          ready = null
          throw error
        },
      )
      return ready
    }
    const sync = startSyncClient(
      {
        supabaseUrl: appConfig.supabaseUrl,
        anonKey: appConfig.anonKey,
        apiUrl: appConfig.apiUrl,
        databaseName,
        userId,
        accessToken: tokenNow.current,
      },
      refreshAccessToken,
      // A first visit has nothing on the device to show: the worker's pull is the first screen's data.
      // A worker that cannot start says so in this replica's scope rows.
      { startNow: firstVisit, db: () => whenReady().then((replica) => replica.db) },
    )
    const base: AppReplicaBase = {
      userId,
      databaseName,
      sync,
      images: imageSigner,
      api: createProductApi({ apiUrl: appConfig.apiUrl, accessToken: currentAccessToken }, userId),
      whenReady,
    }
    setProvided({ base, replica: null })
    const cancelOpen = firstVisit ? afterFirstScreen(() => void whenReady().catch(reportUnopened)) : openNow(whenReady)
    // The user's own wardrobe goes on the device for offline use, after the first screen (its code too).
    const stopKeeping = keepWardrobeOfflineLater(base)
    // A signed-in user's replica holds unsynced work: ask the browser not to evict it under pressure.
    if (userId) void navigator.storage?.persist?.().catch(() => false)
    return () => {
      closed = true
      cancelOpen()
      stopKeeping()
      void sync.stop().finally(() => db?.close())
    }
  }, [userId])

  useEffect(() => {
    provided?.base.sync.setAccessToken(token)
  }, [provided?.base, token])

  if (!provided || provided.base.userId !== userId) return <BootShell />
  return (
    <ReplicaBaseContext.Provider value={provided.base}>
      <ReplicaContext.Provider value={provided.replica}>{children(provided.base)}</ReplicaContext.Provider>
    </ReplicaBaseContext.Provider>
  )
}

function openNow(whenReady: () => Promise<unknown>): () => void {
  void whenReady().catch(reportUnopened)
  return () => {}
}

function reportUnopened(error: unknown): void {
  console.warn('Could not load the replica', error)
}

/** Starts keepWardrobeOffline once the first screen has rendered, its module fetched then; returns its stop. */
function keepWardrobeOfflineLater(base: AppReplicaBase): () => void {
  let stop: (() => void) | null = null
  let stopped = false
  const cancel = afterFirstScreen(() => {
    Promise.all([base.whenReady(), import('@/data/wardrobe/keepWardrobeOffline')]).then(
      ([replica, { keepWardrobeOffline }]) => {
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
