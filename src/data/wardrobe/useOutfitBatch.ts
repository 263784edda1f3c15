// The batch of outfit photos under way (issue 25), live from the replica: the header pill's "7 of 20
// done" and the batch view's count. The batch is worked out from the job rows and the photos picked but
// not yet kept (`currentBatch`), so it is the same after a reload or in another tab.
import { useLiveQuery } from 'dexie-react-hooks'
import { isUnfinishedJob } from '@/lib/wardrobe/jobs'
import { currentBatch, pickedAsBatchJob, type BatchProgress } from '@/lib/wardrobe/outfitBatch'
import { useReplica } from '../ReplicaContext'

/** The signed-in user's batch of outfit photos still under way; null when none is. */
export function useOutfitBatch(): BatchProgress | null | undefined {
  const { db, userId } = useReplica()
  return useLiveQuery(async () => {
    if (!userId) return null
    // One transaction for both reads: it runs again on every job and picked-photo write of a batch.
    return db.transaction('r', db.jobs, db.pickedPhotos, async () => {
      const [all, picked] = await Promise.all([db.jobs.where('userId').equals(userId).toArray(), db.pickedPhotos.toArray()])
      const jobs = all.filter((job) => job.kind === 'ootd')
      const newestJobAt = Math.max(0, ...jobs.map((job) => Date.parse(job.createdAt)))
      return currentBatch([...jobs, ...picked.map((photo) => pickedAsBatchJob(photo, newestJobAt))])
    })
  }, [db, userId])
}

/** How many picked photos wait their turn to be prepared (not those that could not be read). */
export function useWaitingPhotoCount(): number {
  const { db } = useReplica()
  return useLiveQuery(() => db.pickedPhotos.filter((photo) => photo.error === null).count(), [db]) ?? 0
}

export interface BatchRowStates {
  /** The entries' jobs that have finished (completed or failed). */
  doneJobIds: ReadonlySet<string>
  /** The entries still picked photos (not yet kept with their job): their error, null while waiting. */
  picked: ReadonlyMap<string, string | null>
}

/** Where each photo of a batch stands: still picked (waiting or failed), or its job finished. Each id is
 * a picked photo's and, once kept, its job's. Undefined until the current list has been read: an answer
 * for the list before (the empty one, just before a pick) would show every new photo as already kept. */
export function useBatchRowStates(ids: readonly string[]): BatchRowStates | undefined {
  const { db } = useReplica()
  const key = ids.join(',')
  const answer = useLiveQuery(async () => {
    const list = key ? key.split(',') : []
    const [jobs, photos] = await db.transaction('r', db.jobs, db.pickedPhotos, () =>
      Promise.all([db.jobs.bulkGet(list), db.pickedPhotos.bulkGet(list)]),
    )
    const states: BatchRowStates = {
      doneJobIds: new Set(jobs.flatMap((job) => (job && !isUnfinishedJob(job.status) ? [job.id] : []))),
      picked: new Map(photos.flatMap((photo) => (photo ? [[photo.id, photo.error] as const] : []))),
    }
    return { key, states }
  }, [db, key])
  return answer?.key === key ? answer.states : undefined
}
