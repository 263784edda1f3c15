// One account for the whole app: the provider works out who is using it once (one profile query, one
// load timer, one cache writer) and keeps the answer here; every component reads it with
// useSyncExternalStore instead of computing it again with timers of its own.
export interface AccountStore<T> {
  get: () => T
  /** Keeps `next` unless it equals what is held field by field; tells readers only of a change. */
  set: (next: T) => void
  subscribe: (listener: () => void) => () => void
}

const sameFields = <T>(a: T, b: T) =>
  a === b ||
  (typeof a === 'object' &&
    typeof b === 'object' &&
    a !== null &&
    b !== null &&
    Object.keys(a).length === Object.keys(b).length &&
    (Object.keys(a) as Array<keyof T>).every((key) => Object.is(a[key], b[key])))

export function createAccountStore<T>(initial: T): AccountStore<T> {
  let current = initial
  const listeners = new Set<() => void>()
  return {
    get: () => current,
    set(next) {
      if (sameFields(current, next)) return
      current = next
      listeners.forEach((listener) => listener())
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
