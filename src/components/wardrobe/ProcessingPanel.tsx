// The processing dialog's content (spec §2, §4, §5, §9): an outfit job followed live from the replica,
// its three steps lighting up, the status text, a progress bar and up to 4 detected items as they are
// found. Offline it says it waits for a connection; when done it leads to the products; a failed job can
// be retried. Closing never cancels anything: the job runs on the server, the photo waits on the device.
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useAccount } from '@/auth/useAccount'
import { retryOutfit } from '@/data/wardrobe/outfitUploads'
import { messages } from '@/lib/messages'
import { useProcessingJob } from '@/data/wardrobe/useWardrobe'
import { MutationError } from '@/data/replica'
import { useReplica } from '@/data/ReplicaContext'
import { Button } from '@/components/Button'
import { Icon, type IconName } from '@/components/Icon'
import {
  DETECTED_ITEMS_SHOWN,
  processingView,
  type ProcessingState,
  type ProcessingView,
} from './outfitProcessing'
import { StoredImage } from '@/components/StoredImage'
import { useToast } from '@/components/Toasts'
import { useConnectivity } from '@/data/connectivity'
import { useJobStatusPoll } from './useJobStatusPoll'
import { useObjectUrl } from '@/components/useObjectUrl'
import styles from './ProcessingPanel.module.css'

const stateIcon: Record<ProcessingState, IconName | null> = {
  uploading: null,
  processing: null,
  waiting: 'cloudOff',
  completed: 'check',
  failed: 'alert',
}

export function ProcessingPanel({
  jobId,
  file = null,
  onContinue,
  onRetried,
}: {
  /** The job to follow; null while the picked photo is still being prepared. */
  jobId: string | null
  /** The picked photo, shown until the job's own copy is known. */
  file?: File | null
  /** 'Continue Using App': closes the dialog. */
  onContinue: () => void
  /** A failed job was sent again under a new id. */
  onRetried: (jobId: string) => void
}) {
  const replica = useReplica()
  const account = useAccount()
  const navigate = useNavigate()
  const toast = useToast()
  const { online } = useConnectivity()
  const live = useProcessingJob(jobId)
  const job = jobId ? (live?.job ?? null) : null
  const waitingToStart = live?.waitingToStart ?? false
  useJobStatusPoll(job, waitingToStart, online)
  const view = processingView({ job, waitingToStart, online })
  const [retrying, setRetrying] = useState(false)

  // The picker's buttons are gone once the upload starts: keep focus inside the dialog, on this panel.
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (root.current?.closest('dialog')?.open) root.current.focus()
  }, [])

  const itemId = job?.input.item_id ?? null
  const retry = async () => {
    if (!itemId) return
    setRetrying(true)
    try {
      onRetried(await retryOutfit(replica, itemId))
    } catch (error) {
      console.error('Could not retry the outfit photo', error)
      toast.error(error instanceof MutationError ? error.message : messages.startOutfitFailed)
    } finally {
      setRetrying(false)
    }
  }

  const username = account.profile?.username
  const viewProducts = () => {
    onContinue()
    void navigate(username ? `/${username}#products` : '/')
  }

  return (
    <div
      ref={root}
      tabIndex={-1}
      className={styles.panel}
      data-testid="processing"
      data-state={view.state}
      data-job-id={jobId ?? undefined}
    >
      <div className={styles.head}>
        <Photo imagePath={job?.input.image_path ?? null} file={file} />
        <div role="status" className={styles.statusBox}>
          <p className={[styles.status, styles[view.state] ?? ''].join(' ')}>
            {stateIcon[view.state] ? (
              <Icon name={stateIcon[view.state]!} size={20} />
            ) : (
              <span className={styles.spinner} aria-hidden="true" />
            )}
            <span data-testid="processing-status">{view.statusText}</span>
          </p>
          {view.detail && (
            <p className={styles.detail} data-testid="processing-detail">
              {view.detail}
            </p>
          )}
        </div>
      </div>
      <Progress view={view} />
      <Steps view={view} />
      <DetectedItems view={view} />
      {!view.finished && <p className={styles.hint}>Processing continues if you close this dialog.</p>}
      <div className={styles.buttons}>
        <Button onClick={onContinue}>Continue Using App</Button>
        {view.state === 'completed' && (
          <Button variant="primary" onClick={viewProducts}>
            <Icon name="shirt" size={18} />
            View your products
          </Button>
        )}
        {view.state === 'failed' && itemId && (
          <Button variant="primary" onClick={() => void retry()} disabled={retrying}>
            <Icon name="reset" size={18} />
            Retry
          </Button>
        )}
      </div>
    </div>
  )
}

/** The picked file while this dialog has it (no flash on the way to the job), else the job's photo. */
function Photo({ imagePath, file }: { imagePath: string | null; file: File | null }) {
  const url = useObjectUrl(file)
  return (
    <div className={styles.photo}>
      {file || !imagePath ? (
        url ? (
          <img src={url} alt="Your outfit photo" className={styles.localPhoto} />
        ) : (
          <span className={styles.localPhoto} />
        )
      ) : (
        <StoredImage imagePath={imagePath} alt="Your outfit photo" ratio={3 / 4} eager />
      )}
    </div>
  )
}

function Progress({ view }: { view: ProcessingView }) {
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label="Processing progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={view.progress}
      data-state={view.state}
    >
      <span className={styles.fill} style={{ width: `${view.progress}%` }} />
    </div>
  )
}

function Steps({ view }: { view: ProcessingView }) {
  return (
    <ol className={styles.steps} aria-label="Steps">
      {view.steps.map((step) => (
        <li key={step.at} className={step.reached ? styles.reached : undefined} data-reached={step.reached}>
          <span className={styles.dot} aria-hidden="true">
            {step.reached && <Icon name="check" size={14} strokeWidth={2.6} />}
          </span>
          <span>
            {step.label}
            <span className="visually-hidden">{step.reached ? ' (done)' : ' (to do)'}</span>
          </span>
        </li>
      ))}
    </ol>
  )
}

function DetectedItems({ view }: { view: ProcessingView }) {
  // Empty places wait for items while the job runs; a finished job shows what it found.
  const empty = Array.from({
    length: view.finished ? 0 : Math.max(0, DETECTED_ITEMS_SHOWN - view.items.length),
  })
  if (view.finished && view.items.length === 0) {
    return view.state === 'completed' ? (
      <p className={styles.none}>No separate items were found in this photo. It is saved as one outfit.</p>
    ) : null
  }
  return (
    <section className={styles.items} aria-label="Detected items">
      <h3 className={styles.itemsTitle}>Detected items</h3>
      <ul className={styles.itemGrid}>
        {view.items.map((item) => (
          <li key={item.item_id} className={styles.item} data-testid="detected-item">
            <StoredImage
              imagePath={item.image_path || null}
              alt=""
              fit="contain"
              className={styles.itemImage}
              eager
            />
            <span className={styles.itemText}>{item.description}</span>
          </li>
        ))}
        {empty.map((_, index) => (
          <li key={`slot-${index}`} className={styles.slot} aria-hidden="true" />
        ))}
      </ul>
      {view.moreItems > 0 && <p className={styles.more}>+{view.moreItems} more</p>}
    </section>
  )
}
