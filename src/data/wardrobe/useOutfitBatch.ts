// The batch of outfit photos under way (issue 25), live from the replica: the header pill's "7 of 20
// done" and the batch view's count. The batch is worked out from the job rows alone (`currentBatch`), so
// it is the same after a reload or in another tab.
import { useLiveQuery } from 'dexie-react-hooks'
import { isUnfinishedJob } from '@/lib/wardrobe/jobs'
import { currentBatch, type BatchProgress } from '@/lib/wardrobe/outfitBatch'
import { useReplica } from '../ReplicaContext'

/** The signed-in user's batch of outfit jobs still under way; null when none is unfinished. */
export function useOutfitBatch(): BatchProgress | null | undefined {
  const { db, userId } = useReplica()
  return useLiveQuery(async () => {
    if (!userId) return null
    const jobs = await db.jobs.where('userId').equals(userId).toArray()
    return currentBatch(jobs.filter((job) => job.kind === 'ootd'))
  }, [db, userId])
}

/** Which of these jobs have finished (completed or failed). */
export function useFinishedJobIds(jobIds: readonly string[]): ReadonlySet<string> {
  const { db } = useReplica()
  const key = jobIds.join(',')
  return (
    useLiveQuery(async () => {
      const ids = key ? key.split(',') : []
      const jobs = await db.jobs.bulkGet(ids)
      return new Set(jobs.flatMap((job) => (job && !isUnfinishedJob(job.status) ? [job.id] : [])))
    }, [db, key]) ?? EMPTY
  )
}

const EMPTY: ReadonlySet<string> = new Set()
