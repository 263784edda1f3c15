// 'A new version of Moori is available' with Reload. Nothing reloads by itself; on Reload the waiting
// changes are pushed first (for up to a few seconds), so an update never loses work.
import { useState, useSyncExternalStore } from 'react'
import { Button } from '@/components/Button'
import type { AppReplicaBase } from '../ReplicaProvider'
import { acceptUpdate, onUpdateChange, updateWaiting } from './serviceWorker'
import styles from './UpdatePrompt.module.css'

const PUSH_BEFORE_RELOAD_MS = 5000

export function UpdatePrompt({ replica }: { replica: AppReplicaBase }) {
  const available = useSyncExternalStore(onUpdateChange, updateWaiting)
  const [busy, setBusy] = useState(false)
  if (!available) return null
  const reload = async () => {
    setBusy(true)
    await acceptUpdate(async () => {
      await replica.sync.flushWithin(PUSH_BEFORE_RELOAD_MS)
    })
  }
  return (
    <div className={styles.prompt} role="alert" data-testid="update-prompt">
      <p>A new version of Moori is available</p>
      <Button variant="accent" size="small" onClick={() => void reload()} disabled={busy}>
        {busy ? 'Saving...' : 'Reload'}
      </Button>
    </div>
  )
}
