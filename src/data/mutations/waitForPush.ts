// Mutations never wait for the network, but a few screens must know how one ended before moving on
// (profile setup must keep its form when the server says the username is taken). This watches the
// outbox and the failed mutations of one row until its queued changes are pushed, refused, or time
// runs out (offline: the change stays queued and the screen moves on).
import { liveQuery } from 'dexie'
import type { SyncedTable } from '../model/rows'
import type { Replica } from '../replica'
import { keyOf } from './enqueue'

export type PushOutcome = 'pushed' | 'pending' | { failed: string }

/** After a refusal the worker puts the server's version back; wait at most this long for it. */
const RESTORE_WAIT_MS = 2000

interface Snapshot {
  waiting: number
  failure: string | null
  /** The replica holds the server's version of the row (txid set) or no row at all. */
  settled: boolean
}

export function waitForPush(
  replica: Replica,
  table: SyncedTable,
  rowId: string,
  timeoutMs: number,
): Promise<PushOutcome> {
  const { db } = replica
  const key = keyOf(table, rowId)
  const since = Date.now()
  return new Promise<PushOutcome>((resolve) => {
    let done = false
    let failure: string | null = null
    const timers: Array<ReturnType<typeof setTimeout>> = []
    const finish = (outcome: PushOutcome) => {
      if (done) return
      done = true
      timers.forEach(clearTimeout)
      subscription.unsubscribe()
      resolve(outcome)
    }
    const subscription = liveQuery<Snapshot>(async () => {
      const [waiting, failures, row] = await Promise.all([
        db.outbox.where('keys').equals(key).count(),
        db.failedMutations.where('failedAt').aboveOrEqual(since).toArray(),
        db.table(table).get(rowId) as Promise<{ txid?: string } | undefined>,
      ])
      // An entry failed before the outbox listed `keys` has only its `key`.
      const refused = failures.find((f) => f.entry.key === key || f.entry.keys?.includes(key))
      return { waiting, failure: refused?.message ?? null, settled: !row || Boolean(row.txid) }
    }).subscribe({
      next(snapshot) {
        if (snapshot.failure) {
          if (failure === null) {
            failure = snapshot.failure
            timers.push(setTimeout(() => finish({ failed: snapshot.failure! }), RESTORE_WAIT_MS))
          }
          if (snapshot.settled) finish({ failed: failure })
          return
        }
        if (snapshot.waiting === 0) finish('pushed')
      },
      error() {
        finish(failure ? { failed: failure } : 'pending')
      },
    })
    timers.push(setTimeout(() => finish(failure ? { failed: failure } : 'pending'), timeoutMs))
  })
}
