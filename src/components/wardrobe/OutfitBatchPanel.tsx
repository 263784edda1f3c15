// The batch view of many outfit photos at once (issue 25): one row per photo with its own status and
// progress, read live from the replica like the single processing dialog (`jobView`), and a count of how
// many are done. A photo waits as picked (kept on the device, `pickedPhotos`) until it is shrunk and kept
// with its job, whose id is the picked photo's; one that could not be read shows its error with Retry and
// Remove, one whose job failed with Retry; the others go on. Closing never stops anything: photos still
// being prepared go on in the background (after a reload too) and the header pill shows the batch.
import { memo } from 'react'
import { useNavigate } from 'react-router-dom'
import { useAccount } from '@/auth/useAccount'
import { useConnectivity } from '@/data/connectivity'
import { useProcessingJob } from '@/data/wardrobe/useWardrobe'
import { useBatchRowStates } from '@/data/wardrobe/useOutfitBatch'
import { fillMessage, messages } from '@/lib/messages'
import { jobView } from '@/lib/wardrobe/jobView'
import { Button } from '@/components/Button'
import { Icon } from '@/components/Icon'
import { StoredImage } from '@/components/StoredImage'
import styles from './OutfitBatchPanel.module.css'

/** One photo of a batch: picked on this device, or picked up again from the pill. */
export interface BatchEntry {
  /** The picked photo's id (its first job's id). */
  key: string
  /** The picked file's name; null for a batch picked up again. */
  name: string | null
  /** The picked photo while it waits, then its job (a Retry of a failed job moves it to a new one). */
  jobId: string
}

export function OutfitBatchPanel({
  entries,
  onRetry,
  onRemove,
  onContinue,
}: {
  entries: BatchEntry[]
  onRetry: (key: string) => void
  onRemove: (key: string) => void
  onContinue: () => void
}) {
  // Which entries are still picked photos (and their error), which jobs have finished; undefined while
  // they are read (the rows wait in a neutral state rather than show a state they are not in). Read here,
  // so a photo moving on renders this view, not the screen behind it.
  const states = useBatchRowStates(entries.map((entry) => entry.jobId))
  const account = useAccount()
  const navigate = useNavigate()
  const done = states
    ? entries.filter((entry) =>
        states.picked.has(entry.jobId) ? states.picked.get(entry.jobId) !== null : states.doneJobIds.has(entry.jobId),
      ).length
    : null
  const username = account.profile?.username
  const viewProducts = () => {
    onContinue()
    void navigate(username ? `/${username}#products` : '/')
  }
  return (
    <div className={styles.panel} data-testid="outfit-batch">
      <p className={styles.count} role="status" data-testid="outfit-batch-count">
        {done === null ? '\u00a0' : fillMessage(messages.batchDone, { done: String(done), total: String(entries.length) })}
      </p>
      <ul className={styles.list} aria-label={messages.batchListLabel}>
        {entries.map((entry, index) => (
          <BatchRow
            key={entry.key}
            entry={entry}
            index={index}
            picked={states ? states.picked.has(entry.jobId) : undefined}
            error={states?.picked.get(entry.jobId) ?? null}
            onRetry={onRetry}
            onRemove={onRemove}
          />
        ))}
      </ul>
      <div className={styles.buttons}>
        <Button onClick={onContinue}>{messages.batchContinue}</Button>
        <Button variant="primary" onClick={viewProducts}>
          <Icon name="shirt" size={18} />
          {messages.batchViewProducts}
        </Button>
      </div>
    </div>
  )
}

/** Memoised: a batch's rows are rendered again each time one photo moves on, and only that one changed. */
const BatchRow = memo(function BatchRow({
  entry,
  index,
  picked,
  error,
  onRetry,
  onRemove,
}: {
  entry: BatchEntry
  index: number
  /** Still a picked photo, not yet kept with its job; undefined while that is being read. */
  picked: boolean | undefined
  /** Why the picked photo could not be read or kept. */
  error: string | null
  onRetry: (key: string) => void
  onRemove: (key: string) => void
}) {
  const { online } = useConnectivity()
  const known = picked !== undefined
  const isJob = picked === false
  const live = useProcessingJob(isJob ? entry.jobId : null)
  const job = isJob ? (live?.job ?? null) : null
  const view = jobView({ job, waitingToStart: live?.waitingToStart ?? false, online })
  const unreadable = error !== null
  const failed = unreadable || (isJob && view.phase === 'failed')
  // A non-breaking space while unknown keeps the row's height.
  const text = unreadable ? messages.jobFailed : !known ? '\u00a0' : picked ? messages.batchPreparing : view.text
  const detail = error ?? (isJob && view.phase === 'failed' ? view.detail : null)
  const progress = isJob ? view.progress : 0
  const name = entry.name ?? `#${index + 1}`
  const state = unreadable ? 'failed' : !known ? 'loading' : picked ? 'preparing' : view.phase
  return (
    <li className={styles.row} data-testid="outfit-batch-row" data-state={state}>
      <Thumb imagePath={job?.input.image_path ?? null} />
      <div className={styles.body}>
        <p className={styles.name}>{name}</p>
        <p className={[styles.status, failed ? styles.failed : ''].join(' ')}>
          {failed && <Icon name="alert" size={16} />}
          {isJob && view.phase === 'completed' && <Icon name="check" size={16} />}
          <span data-testid="outfit-batch-status">{text}</span>
        </p>
        {detail && <p className={styles.detail}>{detail}</p>}
        <span
          className={styles.bar}
          role="progressbar"
          aria-label={name}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <span className={styles.fill} style={{ transform: `translateX(${progress - 100}%)` }} />
        </span>
      </div>
      {failed && (
        <span className={styles.actions}>
          <Button onClick={() => onRetry(entry.key)} aria-label={`${messages.batchRetry} ${name}`}>
            <Icon name="reset" size={16} />
            {messages.batchRetry}
          </Button>
          {unreadable && (
            <Button onClick={() => onRemove(entry.key)} aria-label={`${messages.batchRemove} ${name}`}>
              {messages.batchRemove}
            </Button>
          )}
        </span>
      )}
    </li>
  )
})

/** The job's stored copy (a copy still waiting to upload is read from the device); an empty box while
 * the photo is being prepared (decoding 20 full-size originals would cost the page). */
function Thumb({ imagePath }: { imagePath: string | null }) {
  return (
    <span className={styles.thumb}>
      {imagePath && <StoredImage imagePath={imagePath} alt="" ratio={3 / 4} unavailableText="" />}
    </span>
  )
}
