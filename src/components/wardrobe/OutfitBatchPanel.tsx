// The batch view of many outfit photos at once (issue 25): one row per photo with its own status and
// progress, read live from the replica like the single processing dialog (`jobView`), and a count of how
// many are done. A photo that could not be kept on the device, or whose job failed, shows its error with
// Retry; the others go on. Closing never stops anything: photos still being prepared go on in the
// background and the header pill shows the batch.
import { useNavigate } from 'react-router-dom'
import { useAccount } from '@/auth/useAccount'
import { useConnectivity } from '@/data/connectivity'
import { useProcessingJob } from '@/data/wardrobe/useWardrobe'
import { fillMessage, messages } from '@/lib/messages'
import { jobView } from '@/lib/wardrobe/jobView'
import { Button } from '@/components/Button'
import { Icon } from '@/components/Icon'
import { StoredImage } from '@/components/StoredImage'
import { useObjectUrl } from '@/components/useObjectUrl'
import styles from './OutfitBatchPanel.module.css'

/** One photo of a batch: picked on this device (a file), or a job picked up again from the pill. */
export interface BatchEntry {
  key: string
  /** The picked file's name; null for a job picked up again. */
  name: string | null
  file: File | null
  /** The shrunk copy once made: the row's thumbnail (decoding 20 full-size photos would cost the page). */
  preview: Blob | null
  /** Its job once the photo is kept on the device. */
  jobId: string | null
  /** Why the photo could not be kept on the device. */
  error: string | null
}

export function OutfitBatchPanel({
  entries,
  doneJobIds,
  onRetry,
  onContinue,
}: {
  entries: BatchEntry[]
  /** The entries' jobs that have finished (completed or failed), for the count. */
  doneJobIds: ReadonlySet<string>
  onRetry: (key: string) => void
  onContinue: () => void
}) {
  const account = useAccount()
  const navigate = useNavigate()
  const done = entries.filter((entry) => entry.error !== null || (entry.jobId !== null && doneJobIds.has(entry.jobId))).length
  const username = account.profile?.username
  const viewProducts = () => {
    onContinue()
    void navigate(username ? `/${username}#products` : '/')
  }
  return (
    <div className={styles.panel} data-testid="outfit-batch">
      <p className={styles.count} role="status" data-testid="outfit-batch-count">
        {fillMessage(messages.batchDone, { done: String(done), total: String(entries.length) })}
      </p>
      <ul className={styles.list} aria-label={messages.batchListLabel}>
        {entries.map((entry, index) => (
          <BatchRow key={entry.key} entry={entry} index={index} onRetry={() => onRetry(entry.key)} />
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

function BatchRow({ entry, index, onRetry }: { entry: BatchEntry; index: number; onRetry: () => void }) {
  const { online } = useConnectivity()
  const live = useProcessingJob(entry.jobId)
  const job = entry.jobId ? (live?.job ?? null) : null
  const view = jobView({ job, waitingToStart: live?.waitingToStart ?? false, online })
  const failed = entry.error !== null || view.phase === 'failed'
  const text = entry.error !== null ? messages.jobFailed : entry.jobId ? view.text : messages.batchPreparing
  const detail = entry.error ?? (view.phase === 'failed' ? view.detail : null)
  const progress = entry.error !== null ? 0 : view.progress
  const name = entry.name ?? `#${index + 1}`
  return (
    <li className={styles.row} data-testid="outfit-batch-row" data-state={entry.error !== null ? 'failed' : entry.jobId ? view.phase : 'preparing'}>
      <Thumb preview={entry.preview} imagePath={entry.file ? null : (job?.input.image_path ?? null)} />
      <div className={styles.body}>
        <p className={styles.name}>{name}</p>
        <p className={[styles.status, failed ? styles.failed : ''].join(' ')}>
          {failed && <Icon name="alert" size={16} />}
          {view.phase === 'completed' && <Icon name="check" size={16} />}
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
          <span className={styles.fill} style={{ width: `${progress}%` }} />
        </span>
      </div>
      {failed && (
        <Button onClick={onRetry} aria-label={`${messages.batchRetry} ${name}`}>
          <Icon name="reset" size={16} />
          {messages.batchRetry}
        </Button>
      )}
    </li>
  )
}

/** The shrunk copy this device made (its stored copy may still wait to upload), else the job's stored
 * copy (a batch picked up again from the pill); an empty box while the photo is being prepared. */
function Thumb({ preview, imagePath }: { preview: Blob | null; imagePath: string | null }) {
  const url = useObjectUrl(preview)
  return (
    <span className={styles.thumb}>
      {url ? (
        <img src={url} alt="" className={styles.local} />
      ) : imagePath ? (
        <StoredImage imagePath={imagePath} alt="" ratio={3 / 4} unavailableText="" />
      ) : null}
    </span>
  )
}
