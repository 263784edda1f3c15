// Dexie's liveQuery for the hooks on the first screen, without Dexie in its code: the module loads on
// the first subscription. A query has a database to read only once the replica's database code (which
// imports Dexie) has loaded, so by then this import finds Dexie already there.
import type { liveQuery as dexieLiveQuery } from 'dexie'

type LiveQuery = typeof dexieLiveQuery

let liveQuery: LiveQuery | null = null
let loading: Promise<LiveQuery> | null = null

function loadLiveQuery(): Promise<LiveQuery> {
  loading ??= import('dexie').then(
    (dexie) => (liveQuery = dexie.liveQuery),
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/** Subscribes `querier` as Dexie's liveQuery does; returns the unsubscribe. */
export function subscribeLive<T>(querier: () => Promise<T>, next: (value: T) => void, error: (failure: unknown) => void): () => void {
  if (liveQuery) {
    const subscription = liveQuery(querier).subscribe({ next, error })
    return () => subscription.unsubscribe()
  }
  let cancelled = false
  let unsubscribe = () => {}
  loadLiveQuery().then((live) => {
    if (cancelled) return
    const subscription = live(querier).subscribe({ next, error })
    unsubscribe = () => subscription.unsubscribe()
  }, error)
  return () => {
    cancelled = true
    unsubscribe()
  }
}
