// What the status chip shows: online or not, pushing, how many changes wait and since when, how many
// were refused, when the last sync happened.
import { useLiveQuery } from 'dexie-react-hooks'
import { useReplica } from '../ReplicaContext'

export interface SyncStatus {
  online: boolean
  pushing: boolean
  pendingCount: number
  oldestPendingAt: number | null
  failedCount: number
  lastSyncedAt: number | null
  lastError: string | null
}

export function useSyncStatus(): SyncStatus | undefined {
  const { db } = useReplica()
  return useLiveQuery(async () => {
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
    }
  }, [db])
}

/** Refusals the user has not been told about yet, oldest first. */
export function useUnnotifiedFailures() {
  const { db } = useReplica()
  return useLiveQuery(() => db.failedMutations.where('notified').equals(0).sortBy('failedAt'), [db]) ?? []
}
