// The sync status, unobtrusive: 'All changes saved', 'Saving...', 'Offline · 3 changes waiting', or a
// refusal count. It is a button: one tap shows the details (how many changes wait and since when, the
// last sync, the last error) with Try now. Phones show a shorter text (`compact`), never a clipped one.
import { Suspense, useState } from 'react'
import { useConnectivity } from '@/data/connectivity'
import { useSyncStatus, type ShownSyncStatus } from '@/data/queries/useSyncStatus'
import { Icon } from './Icon'
import { lazyPart } from './lazyPart'
import styles from './SyncStatusChip.module.css'

interface StatusForText {
  online: boolean
  pushing: boolean
  pendingCount: number
  fromCache?: boolean
}

const changes = (count: number) => `${count} change${count === 1 ? '' : 's'}`

export function syncStatusText(status: StatusForText): string {
  const waiting = `${changes(status.pendingCount)} waiting`
  if (!status.online) {
    const base = status.fromCache ? 'Offline (from cache)' : 'Offline'
    return status.pendingCount > 0 ? `${base} · ${waiting}` : base
  }
  if (status.pendingCount > 0) return status.pushing ? 'Saving...' : waiting
  return 'All changes saved'
}

/** A count that never outgrows a phone's chip. */
const shortCount = (count: number) => (count > 999 ? '999+' : String(count))

/** The same, in a few characters for a phone: 'Saved', 'Saving...', '3 waiting', 'Offline · 3'. */
export function shortSyncStatusText(status: StatusForText): string {
  const count = shortCount(status.pendingCount)
  if (!status.online) return status.pendingCount > 0 ? `Offline · ${count}` : 'Offline'
  if (status.pendingCount > 0) return status.pushing ? 'Saving...' : `${count} waiting`
  return 'Saved'
}

const SyncDetailsDialog = lazyPart(() => import('./SyncDetailsDialog'), 'SyncDetailsDialog')

/**
 * `compact`: 'short' words (over a phone's canvas) or an 'icon' with the count of waiting changes (a
 * phone's crowded header). The full sentence is always the button's accessible name.
 */
export function SyncStatusChip({ compact }: { compact?: 'short' | 'icon' }) {
  const synced = useSyncStatus()
  const { fromCache } = useConnectivity()
  const [open, setOpen] = useState(false)
  // The details' code is fetched ahead; mounted from the first opening on (closing returns focus).
  const [opened, setOpened] = useState(false)
  if (!synced) return null
  const status: ShownSyncStatus = { ...synced, online: synced.online && !fromCache, fromCache }
  const text = syncStatusText(status)
  const shown = compact === 'short' ? shortSyncStatusText(status) : compact === 'icon' ? (status.pendingCount > 0 ? shortCount(status.pendingCount) : '') : text
  const tone = !status.online ? styles.offline : status.pendingCount > 0 ? styles.waiting : styles.saved
  return (
    <>
      <button
        type="button"
        className={[styles.chip, tone].join(' ')}
        aria-label={shown === text ? undefined : `${text}. Sync details`}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true)
          setOpened(true)
        }}
        data-testid="sync-status"
      >
        <Icon name={!status.online ? 'cloudOff' : status.pendingCount > 0 ? 'upload' : 'check'} size={15} />
        {shown && <span className={styles.text}>{shown}</span>}
      </button>
      <span className="visually-hidden" role="status">
        {text}
      </span>
      {opened && (
        <Suspense fallback={null}>
          <SyncDetailsDialog open={open} status={status} text={text} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
