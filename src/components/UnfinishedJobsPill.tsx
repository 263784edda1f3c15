// The way back to an outfit photo still being processed (spec §4: closing the dialog or reloading never
// loses a job): a small 'Processing 1 photo' pill, shown only while the user has unfinished outfit jobs,
// that reopens the processing dialog on the newest. Self-contained, so any header or page can place it.
import { useUnfinishedOutfitJobs } from '@/data/queries/useWardrobe'
import { processingPhotosText } from './outfitProcessing'
import { useOutfitUpload } from './useOutfitUpload'
import styles from './UnfinishedJobsPill.module.css'

export function UnfinishedJobsPill({ className }: { className?: string }) {
  const jobs = useUnfinishedOutfitJobs()
  // Only follows jobs: no photo is picked here, so the shrinking library is not fetched on every page.
  const flow = useOutfitUpload({ picking: false })
  const newest = jobs?.[0]
  const text = processingPhotosText(jobs?.length ?? 0)
  return (
    <>
      {newest && (
        <button
          type="button"
          className={[styles.pill, className ?? ''].join(' ')}
          onClick={() => flow.follow(newest.id)}
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
      {flow.dialogs}
    </>
  )
}
