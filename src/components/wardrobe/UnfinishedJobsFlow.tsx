// The processing dialog behind the unfinished-jobs pill, in its own chunk (the outfit upload flow,
// the processing panel and their mutations are not part of the first load): follows the job the pill
// asked for, each time it asks.
import { useEffect } from 'react'
import { useOutfitUpload } from './useOutfitUpload'

export interface FollowRequest {
  jobId: string
  /** A batch of many photos: the batch view on these jobs instead of one job's dialog. */
  batch?: readonly string[]
}

export function UnfinishedJobsFlow({ request }: { request: FollowRequest }) {
  // Only follows jobs: no photo is picked here, so the shrinking library is not fetched on every page.
  const { follow, followBatch, dialogs } = useOutfitUpload({ picking: false })
  useEffect(() => (request.batch ? followBatch(request.batch) : follow(request.jobId)), [request, follow, followBatch])
  return dialogs
}
