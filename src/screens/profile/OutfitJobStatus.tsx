// Where an outfit photo's analysis stands, on its card and in its dialogs (issue 12: a reload or a
// closed tab loses nothing, the card says it): waiting for a connection or starting, processing with
// its progress, or failed with the job's error and Retry (owner only).
import { useState } from 'react'
import { retryOutfit } from '@/data/mutations/outfitUploads'
import { messages } from '@/lib/messages'
import { useReplica } from '@/data/ReplicaContext'
import { useConnectivity } from '@/data/connectivity'
import { MutationError } from '@/data/replica'
import { Icon } from '@/components/Icon'
import { useToast } from '@/components/Toasts'
import type { OutfitJobState } from './productCardModel'
import styles from './OutfitJobStatus.module.css'

export const WAITING_FOR_CONNECTION = 'Waiting for connection'
export const STARTING = 'Starting processing...'
export const PROCESSING_FAILED = 'Processing failed'

export function waitingText(stage: 'upload' | 'start' | 'queued', online: boolean): string {
  if (stage === 'queued') return STARTING
  if (!online) return WAITING_FOR_CONNECTION
  return stage === 'upload' ? 'Uploading photo...' : STARTING
}

export function processingText(progress: number): string {
  return `Processing… ${progress}%`
}

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
  const { online } = useConnectivity()
  const className = [styles.status, compact ? styles.compact : ''].join(' ')

  if (state.kind === 'waiting') {
    const text = waitingText(state.stage, online)
    return (
      <div className={className} data-state="waiting" data-testid="job-status">
        <Icon name={online ? 'upload' : 'cloudOff'} size={16} />
        <span className={styles.label}>{text}</span>
      </div>
    )
  }

  if (state.kind === 'processing') {
    return (
      <div className={className} data-state="processing" data-testid="job-status">
        <span className={styles.progressText}>{processingText(state.progress)}</span>
        <span
          className={styles.bar}
          role="progressbar"
          aria-label="Outfit analysis progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={state.progress}
        >
          <span className={styles.fill} style={{ width: `${state.progress}%` }} />
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
          {state.error?.startsWith(PROCESSING_FAILED) ? (
            <strong>{state.error}</strong>
          ) : (
            <>
              <strong>{PROCESSING_FAILED}</strong>
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
