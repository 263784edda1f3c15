// What the sync status chip opens: the whole story in words a phone has room for. How many changes
// wait on this device and since when, when the last sync was, the last error and how many changes
// the server refused, and Try now to push and pull again at once.
import { useReplica } from '@/data/ReplicaContext'
import { Button } from './Button'
import { Dialog } from './Dialog'
import { Icon } from './Icon'
import type { ShownSyncStatus } from '@/data/queries/useSyncStatus'
import { pushWaitText } from '@/data/model/pushWait'
import styles from './SyncDetailsDialog.module.css'

const time = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function waitingText(count: number): string {
  if (count === 0) return 'Nothing is waiting: the server has every change made on this device.'
  if (count === 1) return '1 change waits on this device to be sent.'
  return `${count} changes wait on this device, to be sent in the order you made them.`
}

export function SyncDetailsDialog({
  open,
  status,
  text,
  onClose,
}: {
  open: boolean
  status: ShownSyncStatus
  text: string
  onClose: () => void
}) {
  const replica = useReplica()
  const canRetry = replica.sync.resume !== undefined && status.online && (status.pendingCount > 0 || status.lastError)
  return (
    <Dialog
      open={open}
      title="Sync status"
      onClose={onClose}
      footer={
        canRetry ? (
          <Button
            variant="primary"
            onClick={() => {
              replica.sync.resume?.()
              onClose()
            }}
          >
            <Icon name="reset" size={18} />
            Try now
          </Button>
        ) : undefined
      }
    >
      <div className={styles.body}>
        <p className={styles.headline} data-testid="sync-details-headline">
          {text}
        </p>
        <p>
          {!status.online &&
            (status.fromCache
              ? 'You are offline and Moori runs from this device. '
              : 'You are offline. ')}
          {waitingText(status.pendingCount)}
          {!status.online &&
            status.pendingCount > 0 &&
            ` ${status.pendingCount === 1 ? 'It goes' : 'They go'} out as soon as you are back online.`}
        </p>
        <dl className={styles.facts}>
          <div>
            <dt>Waiting changes</dt>
            <dd data-testid="sync-details-waiting">{status.pendingCount}</dd>
          </div>
          {status.oldestPendingAt !== null && (
            <div>
              <dt>Oldest waiting change</dt>
              <dd>{time(status.oldestPendingAt)}</dd>
            </div>
          )}
          <div>
            <dt>Last synced</dt>
            <dd>{status.lastSyncedAt !== null ? time(status.lastSyncedAt) : 'Not yet'}</dd>
          </div>
          {status.pendingCount > 0 && status.online && status.push && status.push.state !== 'idle' && (
            <div>
              <dt>Sending</dt>
              <dd data-testid="sync-details-push">{pushWaitText(status.push)}</dd>
            </div>
          )}
          {status.failedCount > 0 && (
            <div>
              <dt>Refused by the server</dt>
              <dd>{status.failedCount}</dd>
            </div>
          )}
          {status.lastError && (
            <div>
              <dt>Last error</dt>
              <dd className={styles.error}>{status.lastError}</dd>
            </div>
          )}
        </dl>
      </div>
    </Dialog>
  )
}
