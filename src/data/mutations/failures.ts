// The UI told the user about refused changes; remember that so they are told once.
import type { Replica } from '../replica'

export async function markFailuresNotified(replica: Replica, ids: number[]): Promise<void> {
  await replica.db.failedMutations.bulkUpdate(ids.map((id) => ({ key: id, changes: { notified: 1 } })))
}
