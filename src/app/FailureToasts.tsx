// Tells the user, once, about each change the server refused (with the spec's message for that kind of
// change); the replica already shows the server's version again.
import { useEffect } from 'react'
import { markFailuresNotified } from '@/data/mutations/failures'
import { useUnnotifiedFailures } from '@/data/queries/useSyncStatus'
import { useReplicaBase } from '@/data/ReplicaContext'
import { useToast } from '@/components/Toasts'

export function FailureToasts() {
  const replica = useReplicaBase()
  const failures = useUnnotifiedFailures()
  const toast = useToast()
  useEffect(() => {
    if (failures.length === 0) return
    for (const failure of failures) toast.error(failure.message)
    const ids = failures.map((f) => f.id!)
    // Failures were read from the replica, so its database is open.
    void replica.whenReady().then((opened) => markFailuresNotified(opened, ids))
  }, [failures, replica, toast])
  return null
}
