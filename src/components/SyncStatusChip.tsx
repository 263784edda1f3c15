// The sync status, unobtrusive: 'All changes saved', 'Saving...', 'Offline · 3 changes waiting', or a
// refusal count. Details (when the oldest change was made, the last error) are in its title.
import { useEffect, useState } from 'react'
import { useSyncStatus } from '@/data/queries/useSyncStatus'
import { Icon } from './Icon'
import styles from './SyncStatusChip.module.css'

export function syncStatusText(status: {
  online: boolean
  pushing: boolean
  pendingCount: number
  fromCache?: boolean
}): string {
  const waiting = `${status.pendingCount} change${status.pendingCount === 1 ? '' : 's'} waiting`
  if (!status.online) {
    const base = status.fromCache ? 'Offline (from cache)' : 'Offline'
    return status.pendingCount > 0 ? `${base} · ${waiting}` : base
  }
  if (status.pendingCount > 0) return status.pushing ? 'Saving...' : waiting
  return 'All changes saved'
}

/** Offline with a service worker in control: the app itself runs from the device's cache. */
function useRunningFromCache(): boolean {
  const [fromCache, setFromCache] = useState(false)
  useEffect(() => {
    const update = () => setFromCache(!navigator.onLine && Boolean(navigator.serviceWorker?.controller))
    update()
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [])
  return fromCache
}

export function SyncStatusChip() {
  const status = useSyncStatus()
  const fromCache = useRunningFromCache()
  if (!status) return null
  const text = syncStatusText({ ...status, online: status.online && !fromCache, fromCache })
  const since = status.oldestPendingAt ? `Oldest waiting change: ${new Date(status.oldestPendingAt).toLocaleTimeString()}. ` : ''
  const last = status.lastSyncedAt ? `Last synced ${new Date(status.lastSyncedAt).toLocaleTimeString()}.` : ''
  const tone = !status.online || fromCache ? styles.offline : status.pendingCount > 0 ? styles.waiting : styles.saved
  return (
    <span className={[styles.chip, tone].join(' ')} role="status" title={`${since}${last}`.trim() || undefined} data-testid="sync-status">
      <Icon name={!status.online || fromCache ? 'cloudOff' : status.pendingCount > 0 ? 'upload' : 'check'} size={15} />
      <span>{text}</span>
    </span>
  )
}
