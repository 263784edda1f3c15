// What the status chip shows: online or not, pushing, how many changes wait and since when, how many
// were refused, when the last sync happened. One live query per replica serves every component that
// asks (sharedLiveQuery.ts), read in one transaction; src/data/connectivity.ts reads its `online` alone,
// so connectivity re-renders only when the connection changes, not on every outbox write.
import { useSyncExternalStore } from 'react'
import type { MooriDB } from '../db'
import type { PushWait } from '../model/pushWait'
import { useReplicaDb } from '../ReplicaContext'
import { useLive } from './useEqualLiveQuery'
import { sharedLiveQuery, type SharedLiveQuery } from './sharedLiveQuery'

export interface SyncStatus {
  online: boolean
  pushing: boolean
  pendingCount: number
  oldestPendingAt: number | null
  failedCount: number
  lastSyncedAt: number | null
  lastError: string | null
  /** Why the engine is not pushing right now (the sync details panel says it); null before it ran. */
  push: PushWait | null
}

/** The status as shown: offline too while the app runs from the service worker's cache. */
export interface ShownSyncStatus extends SyncStatus {
  fromCache: boolean
}

function readSyncStatus(db: MooriDB): Promise<SyncStatus> {
  return db.transaction('r', [db.syncState, db.outbox, db.failedMutations], async () => {
    const [state, pendingCount, oldest, failedCount] = await Promise.all([
      db.syncState.get('sync'),
      db.outbox.count(),
      db.outbox.orderBy('seq').first(),
      db.failedMutations.count(),
    ])
    return {
      online: state?.online ?? true,
      pushing: state?.pushing ?? false,
      pendingCount,
      oldestPendingAt: oldest?.createdAt ?? null,
      failedCount,
      lastSyncedAt: state?.lastSyncedAt ?? null,
      lastError: state?.lastError ?? null,
      push: state?.push ?? null,
    }
  })
}

const sameStatus = (a: SyncStatus, b: SyncStatus) =>
  (Object.keys(a) as Array<keyof SyncStatus>).every((key) =>
    key === 'push' ? JSON.stringify(a.push) === JSON.stringify(b.push) : Object.is(a[key], b[key]),
  )

const stores = new WeakMap<MooriDB, SharedLiveQuery<SyncStatus>>()

/** The one shared live query of `db`'s sync status. */
export function syncStatusStore(db: MooriDB): SharedLiveQuery<SyncStatus> {
  let store = stores.get(db)
  if (!store) {
    store = sharedLiveQuery(() => readSyncStatus(db), sameStatus)
    stores.set(db, store)
  }
  return store
}

const noStore = () => () => {}

/** undefined until the replica has answered (or while its database's code loads). */
export function useSyncStatus(): SyncStatus | undefined {
  const db = useReplicaDb()
  const store = db ? syncStatusStore(db) : null
  const status = useSyncExternalStore(store?.subscribe ?? noStore, () => store?.getSnapshot())
  const error = store?.getError()
  if (error) throw error
  return status
}

/** Refusals the user has not been told about yet, oldest first. */
export function useUnnotifiedFailures() {
  const db = useReplicaDb()
  return useLive(db && (() => db.failedMutations.where('notified').equals(0).sortBy('failedAt')), [db]) ?? []
}
