// Where an outfit photo's analysis stands, on its card and in its dialogs (issue 12: a reload or a
// closed tab loses nothing, the card says it): waiting for a connection or starting, processing with
// its progress, or failed with the job's error and Retry (owner only). The words are `jobView`'s, the
// processing dialog's own.
import { useState } from 'react'
import { retryOutfit } from '@/data/wardrobe/outfitUploads'
import { messages } from '@/lib/messages'
import { useReplica } from '@/data/ReplicaContext'
import { MutationError } from '@/data/replica'
import { Icon } from '@/components/Icon'
import { useToast } from '@/components/Toasts'
import type { OutfitJobState } from './productCardModel'
import styles from './OutfitJobStatus.module.css'

export function OutfitJobStatus({
  state,
  itemId,
  canRetry,
  compact = false,
}: {
  state: OutfitJobState
  itemId: string
  canRetry: boolean
  compact?: boolean
}) {
  const className = [styles.status, compact ? styles.compact : ''].join(' ')

  if (state.kind === 'waiting') {
    return (
      <div className={className} data-state="waiting" data-testid="job-status">
        <Icon name={state.offline ? 'cloudOff' : 'upload'} size={16} />
        <span className={styles.label}>{state.text}</span>
      </div>
    )
  }

  if (state.kind === 'processing') {
    return (
      <div className={className} data-state="processing" data-testid="job-status">
        <span className={styles.progressText}>
          {state.text} {state.progress}%
        </span>
        <span
          className={styles.bar}
          role="progressbar"
          aria-label="Outfit analysis progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={state.progress}
        >
          <span className={styles.fill} style={{ transform: `translateX(${state.progress - 100}%)` }} />
        </span>
      </div>
    )
  }

  return (
    <div className={[className, styles.failed].join(' ')} data-state="failed" data-testid="job-status">
      <div className={styles.failedText}>
        <Icon name="alert" size={16} />
        <span>
          {/* The engine's error often repeats the title ('Processing failed. Please try again.'). */}
          {state.error?.startsWith(messages.jobFailed) ? (
            <strong>{state.error}</strong>
          ) : (
            <>
              <strong>{messages.jobFailed}</strong>
              {state.error && <span className={styles.error}>{state.error}</span>}
            </>
          )}
        </span>
      </div>
      {canRetry && <RetryButton itemId={itemId} />}
    </div>
  )
}

function RetryButton({ itemId }: { itemId: string }) {
  const replica = useReplica()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const retry = async () => {
    setBusy(true)
    try {
      await retryOutfit(replica, itemId)
    } catch (error) {
      toast.error(error instanceof MutationError ? error.message : messages.startOutfitFailed)
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" className={styles.retry} onClick={() => void retry()} disabled={busy}>
      <Icon name="reset" size={16} />
      {busy ? 'Retrying...' : 'Retry'}
    </button>
  )
}
