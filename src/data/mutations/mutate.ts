// The skeleton every mutation shares (DESIGN §4 Push): one Dexie transaction in which the mutation checks
// the spec's rules against the replica, writes the replica and queues its server operations, so the
// change and its push commit together or not at all; then the worker is nudged. A rule that fails
// throws a MutationError and nothing is written.
import type { Table } from 'dexie'
import type { MooriDB } from '../db'
import type { Replica } from '../replica'
import { withQuotaRecovery } from '../storageQuota'
import { enqueue, type Change } from './enqueue'

export interface MutationContext {
  db: MooriDB
  /** Queues server operations, in order, after everything queued before them. */
  queue: (...changes: Change[]) => void
}

export interface MutateOptions {
  /** The mutation stores a new image: on a full device, evict cached images and try once more. */
  storesFiles?: boolean
}

export async function mutate<T>(
  replica: Replica,
  tables: Table[],
  work: (context: MutationContext) => Promise<T>,
  options: MutateOptions = {},
): Promise<T> {
  const { db } = replica
  let queued = 0
  const run = () =>
    db.transaction('rw', [...tables, db.outbox], async () => {
      const changes: Change[] = []
      const result = await work({ db, queue: (...more) => changes.push(...more) })
      await enqueue(db, changes)
      queued = changes.length
      return result
    })
  const result = options.storesFiles ? await withQuotaRecovery(run) : await run()
  if (queued > 0) replica.sync.nudge()
  return result
}
