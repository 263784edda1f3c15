// Retries something that failed for want of a network (a picture) as soon as the device is back:
// when the browser's network returns, or when the sync engine reaches the backend again (the one that
// counts where the browser's flag stayed up offline). Rendered only while the thing has failed, so a
// wall of 200 cards does not keep 200 listeners.
import { useContext, useEffect, useRef, useSyncExternalStore } from 'react'
import { onNetworkChange } from '@/data/connectivity'
import { ReplicaContext } from '@/data/ReplicaContext'
import { syncStatusStore } from '@/data/queries/useSyncStatus'
import type { MooriDB } from '@/data/db'

export function RetryWhenBackOnline({ onBack }: { onBack: () => void }) {
  const replica = useContext(ReplicaContext)
  const latest = useRef(onBack)
  latest.current = onBack
  useEffect(() => onNetworkChange((online) => online && latest.current()), [])
  return replica ? <WhenBackendReached db={replica.db} onBack={latest} /> : null
}

function WhenBackendReached({ db, onBack }: { db: MooriDB; onBack: { current: () => void } }) {
  const store = syncStatusStore(db)
  const reached = useSyncExternalStore(store.subscribe, () => store.getSnapshot()?.online)
  const before = useRef(reached)
  useEffect(() => {
    if (before.current === false && reached === true) onBack.current()
    before.current = reached
  }, [reached, onBack])
  return null
}
