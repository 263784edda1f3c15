// The user's outfit jobs still under way, on its own so the headers' processing pill needs none of the
// wardrobe's other queries.
import { useLiveQuery } from 'dexie-react-hooks'
import type { ProcessingJobRow } from '../model/rows'
import { useReplica } from '../ReplicaContext'
import { compareCodeUnits } from '@/lib/compareCodeUnits'

/** The signed-in user's outfit jobs that have not finished, newest first (to pick a dialog back up). */
export function useUnfinishedOutfitJobs(): ProcessingJobRow[] | undefined {
  const { db, userId } = useReplica()
  return useLiveQuery(async () => {
    if (!userId) return []
    const jobs = await db.jobs.where('status').anyOf('queued', 'processing').toArray()
    return jobs.filter((j) => j.userId === userId && j.kind === 'ootd').sort((a, b) => compareCodeUnits(b.createdAt, a.createdAt))
  }, [db, userId])
}
