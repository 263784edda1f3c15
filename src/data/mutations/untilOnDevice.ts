// A first visit shows a wall from the server (src/data/early) until the sync worker's pull has put it in
// the replica. A change made in that moment (a rename, a drag, a delete) waits for the pull instead of
// being refused as gone, or dropped: a tap made while the app loads is kept (issue 27).
import { liveQuery, type Subscription } from 'dexie'
import type { MooriDB } from '../db'
import { firstVisitWallOf } from '../early/firstScreen'
import { wallScope } from '../model/scopes'
import { scopeStatusOf } from '../model/scopeStatus'

/** Longer than any pull on a slow network takes; after it the change runs and says what it finds. */
const PULL_WAIT_MS = 20_000

/** Resolves once `rowId` of `table` is in the replica, or its wall's first pull has ended (pulled or
 * failed), or PULL_WAIT_MS have passed; at once when the screen did not show the row from the server. */
export async function untilOnDevice(db: MooriDB, table: 'walls' | 'polaroids' | 'stickers', rowId: string): Promise<void> {
  const wallId = firstVisitWallOf(db.name, table, rowId)
  if (!wallId) return
  const scope = wallScope(wallId)
  const arrived = async () => {
    const [row, state] = await Promise.all([db.table<unknown, string>(table).get(rowId), db.scopes.get(scope)])
    return row !== undefined || scopeStatusOf(state).status !== 'loading'
  }
  if (await arrived()) return
  await new Promise<void>((resolve) => {
    let finished = false
    let subscription: Subscription | null = null
    const finish = () => {
      if (finished) return
      finished = true
      clearTimeout(timer)
      subscription?.unsubscribe()
      resolve()
    }
    const timer = setTimeout(finish, PULL_WAIT_MS)
    subscription = liveQuery(arrived).subscribe({ next: (done) => done && finish(), error: finish })
    if (finished) subscription.unsubscribe()
  })
}
