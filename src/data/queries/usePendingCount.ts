// How many changes to one replica row still wait in the outbox (0 once the server has them all), so a
// step that depends on the server knowing the row (the preview becoming a wall needs the new profile)
// can wait for it.
import { useLiveQuery } from 'dexie-react-hooks'
import { keyOf } from '../mutations/enqueue'
import type { SyncedTable } from '../model/rows'
import { useReplica } from '../ReplicaContext'

export function usePendingCount(table: SyncedTable, rowId: string | null): number | undefined {
  const { db } = useReplica()
  return useLiveQuery(async () => (rowId ? db.outbox.where('keys').equals(keyOf(table, rowId)).count() : 0), [db, table, rowId])
}
