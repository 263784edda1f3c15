// Tells the user, once, about each change the server refused (with the spec's message for that kind of
// change); the replica already shows the server's version again.
import { useEffect } from 'react'
import { markFailuresNotified } from '@/data/mutations/failures'
import { useUnnotifiedFailures } from '@/data/queries/useSyncStatus'
import { useReplica } from '@/data/ReplicaContext'
import { useToast } from '@/components/Toasts'

export function FailureToasts() {
  const replica = useReplica()
  const failures = useUnnotifiedFailures()
  const toast = useToast()
  useEffect(() => {
    if (failures.length === 0) return
    for (const failure of failures) toast.error(failure.message)
    void markFailuresNotified(
      replica,
      failures.map((f) => f.id!),
    )
  }, [failures, replica, toast])
  return null
}
