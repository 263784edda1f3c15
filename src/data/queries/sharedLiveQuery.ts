// One live query shared by every component that shows the same thing: the status chip, the account
// and the connection hooks all read the sync status, and a dozen of them are mounted on a wall. Each
// running its own live query meant a dozen re-reads (four IndexedDB transactions each) on every outbox
// write, a drop among them (issue 15). Subscribers get the same object until its value changes.
import { subscribeLive } from './liveQueryLoader'

export interface SharedLiveQuery<T> {
  subscribe: (listener: () => void) => () => void
  /** undefined until the first answer. */
  getSnapshot: () => T | undefined
  getError: () => Error | null
}

export function sharedLiveQuery<T>(
  querier: () => Promise<T>,
  same: (a: T, b: T) => boolean,
): SharedLiveQuery<T> {
  const listeners = new Set<() => void>()
  let value: T | undefined
  let error: Error | null = null
  let unsubscribe: (() => void) | null = null
  const emit = () => listeners.forEach((listener) => listener())
  return {
    subscribe: (listener) => {
      listeners.add(listener)
      unsubscribe ??= subscribeLive(
        querier,
        (next) => {
          if (value !== undefined && error === null && same(value, next)) return
          value = next
          error = null
          emit()
        },
        (failure: unknown) => {
          console.error('A shared live query failed', failure)
          error = failure instanceof Error ? failure : new Error(String(failure))
          emit()
        },
      )
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        unsubscribe?.()
        unsubscribe = null
      }
    },
    getSnapshot: () => value,
    getError: () => error,
  }
}
