// Whether a stored image still waits to upload, kept current. A wall's cards already know it from their
// rows; for them no live query is made at all: each subscription, even one that reads nothing, is
// called on every write to the replica, and a 500-card wall made a drop's commit call 500 of them.
import { useEffect, useState } from 'react'
import { subscribeLive } from '../queries/liveQueryLoader'
import type { MooriDB } from '../db'

interface Answer {
  db: MooriDB
  imagePath: string
  pending: boolean
}

/** undefined until the replica has answered; `known` (the caller's own reading) wins without a query. */
/** `db` null: the replica's database has not opened yet (undefined until it has). */
export function useWaitsToUpload(db: MooriDB | null, imagePath: string | null, known: boolean | undefined): boolean | undefined {
  const [answer, setAnswer] = useState<Answer | null>(null)
  const asks = known === undefined && imagePath !== null
  useEffect(() => {
    if (!asks || imagePath === null || !db) return
    // Counted by key, never read: the row holds the waiting photo's Blob.
    return subscribeLive(
      () => db.pendingUploads.where(':id').equals(imagePath).count(),
      (count) => setAnswer({ db, imagePath, pending: count > 0 }),
      (error: unknown) => console.warn('[images] Could not read the upload queue', error),
    )
  }, [asks, db, imagePath])
  if (known !== undefined) return known
  if (imagePath === null) return false
  return answer && answer.db === db && answer.imagePath === imagePath ? answer.pending : undefined
}
