// The way back to an outfit photo still being processed (spec §4: closing the dialog or reloading never
// loses a job): a small 'Processing 1 photo' pill, shown only while the user has unfinished outfit jobs,
// that reopens the processing dialog on the newest. Self-contained, so any header or page can place it.
// The dialog's code is fetched once there is a job to show and mounted on the first tap.
import { Suspense, useEffect, useState } from 'react'
import { useUnfinishedOutfitJobs } from '@/data/wardrobe/useUnfinishedOutfitJobs'
import { lazyPart } from '@/components/lazyPart'
import { processingPhotosText } from './processingPhotosText'
import type { FollowRequest } from './UnfinishedJobsFlow'
import styles from './UnfinishedJobsPill.module.css'

const loadFlow = () => import('./UnfinishedJobsFlow')
const UnfinishedJobsFlow = lazyPart(loadFlow, 'UnfinishedJobsFlow', { prefetch: false })

export function UnfinishedJobsPill({ className }: { className?: string }) {
  const jobs = useUnfinishedOutfitJobs()
  // A new object per tap, so tapping again reopens the dialog on the newest job.
  const [request, setRequest] = useState<FollowRequest | null>(null)
  const newest = jobs?.[0]
  const text = processingPhotosText(jobs?.length ?? 0)
  useEffect(() => {
    if (!newest) return
    loadFlow().catch((error: unknown) => console.warn('Could not fetch the processing dialog ahead of time', error))
  }, [newest])
  return (
    <>
      {newest && (
        <button
          type="button"
          className={[styles.pill, className ?? ''].join(' ')}
          onClick={() => setRequest({ jobId: newest.id })}
          aria-label={`${text}: show progress`}
          data-testid="processing-pill"
        >
          <span className={styles.ring} aria-hidden="true" />
          <span className={styles.text}>{text}</span>
          <span className={styles.count} aria-hidden="true">
            {jobs.length}
          </span>
        </button>
      )}
      {request && (
        <Suspense fallback={null}>
          <UnfinishedJobsFlow request={request} />
        </Suspense>
      )}
    </>
  )
}
