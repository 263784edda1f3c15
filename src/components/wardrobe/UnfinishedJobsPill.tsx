// The way back to an outfit photo still being processed (spec §4: closing the dialog or reloading never
// loses a job): a small 'Processing 1 photo' pill, shown only while the user has unfinished outfit jobs,
// that reopens the processing dialog on the newest; for a batch of many photos (issue 25) it says "7 of
// 20 done" and opens the batch view (photos picked but not yet kept count towards the total, and are
// picked up again and prepared here, after a reload too). Self-contained, so any header or page can place it.
// The dialog's code is fetched once there is a job to show and mounted on the first tap.
import { Suspense, useEffect, useState } from 'react'
import { useUnfinishedOutfitJobs } from '@/data/wardrobe/useUnfinishedOutfitJobs'
import { useOutfitBatch } from '@/data/wardrobe/useOutfitBatch'
import { batchDoneText } from '@/lib/wardrobe/outfitBatch'
import { lazyPart } from '@/components/lazyPart'
import { processingPhotosText } from './processingPhotosText'
import { usePrepareWaitingPhotos } from './usePrepareWaitingPhotos'
import type { FollowRequest } from './UnfinishedJobsFlow'
import styles from './UnfinishedJobsPill.module.css'

const loadFlow = () => import('./UnfinishedJobsFlow')
const UnfinishedJobsFlow = lazyPart(loadFlow, 'UnfinishedJobsFlow', { prefetch: false })

export function UnfinishedJobsPill({ className }: { className?: string }) {
  usePrepareWaitingPhotos()
  const jobs = useUnfinishedOutfitJobs()
  // A new object per tap, so tapping again reopens the dialog on the newest job.
  const [request, setRequest] = useState<FollowRequest | null>(null)
  const batch = useOutfitBatch()
  const newest = jobs?.[0]
  // A batch whose photos all still wait as picked has no unfinished job yet: it shows as a batch.
  const many = batch && (batch.total > 1 || !newest) ? batch : null
  const text = many ? batchDoneText(many) : processingPhotosText(jobs?.length ?? 0)
  const shown = Boolean(newest ?? many)
  useEffect(() => {
    if (!shown) return
    loadFlow().catch((error: unknown) => console.warn('Could not fetch the processing dialog ahead of time', error))
  }, [shown])
  return (
    <>
      {(newest ?? many) && (
        <button
          type="button"
          className={[styles.pill, className ?? ''].join(' ')}
          onClick={() =>
            setRequest(many ? { jobId: newest?.id ?? many.jobIds[0]!, batch: many.jobIds } : { jobId: newest!.id })
          }
          aria-label={`${text}: show progress`}
          data-testid="processing-pill"
        >
          <span className={styles.ring} aria-hidden="true" />
          <span className={styles.text}>{text}</span>
          <span className={styles.count} aria-hidden="true">
            {many ? `${many.done}/${many.total}` : (jobs?.length ?? 0)}
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
