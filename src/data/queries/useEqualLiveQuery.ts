// A live query whose answers re-render only when they differ from what is shown. Dexie answers again
// after any write to the tables it read, and the first answer often repeats what the boot script read;
// with `useLiveQuery` each such answer re-rendered the whole screen holding the hook (a wall's page five
// times over on a warm open).
import { useEffect, useLayoutEffect, useRef, useState, type DependencyList } from 'react'
import { subscribeLive } from './liveQueryLoader'

type Shown<T> = { deps: DependencyList; value: T } | { deps: DependencyList; error: unknown }

const sameDeps = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]))

/** The live answer of `querier` (re-run when `deps` change), `initial` until it has one (or while the
 * querier is null: the replica's database has not opened yet). Throws the query's error, as
 * useLiveQuery does, for the screen's error boundary. */
export function useEqualLiveQuery<T>(
  querier: (() => Promise<T>) | null,
  deps: DependencyList,
  initial: T | undefined,
  same: (a: T, b: T) => boolean,
): T | undefined {
  const [shown, setShown] = useState<Shown<T> | null>(null)
  // What the screen shows now (the initial value too): an equal answer leaves the state alone.
  const showing = useRef<{ deps: DependencyList; value: T | undefined } | null>(null)
  useEffect(() => {
    if (!querier) return
    return subscribeLive(
      querier,
      (value) => {
        const now = showing.current
        if (now && now.value !== undefined && sameDeps(now.deps, deps) && same(now.value, value)) return
        setShown({ deps, value })
      },
      (error: unknown) => setShown({ deps, error }),
    )
    // The querier and `same` are read when the deps change, like useLiveQuery's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  const current = shown && sameDeps(shown.deps, deps) ? shown : null
  const value = current && 'value' in current ? current.value : initial
  useLayoutEffect(() => {
    showing.current = { deps, value }
  })
  if (current && 'error' in current) throw current.error
  return value
}

/** Rows (or any flat records) with the same fields and values; nested values must be the same object. */
export function sameFields<T extends object>(a: T | null | undefined, b: T | null | undefined): boolean {
  if (a === b) return true
  if (!a || !b) return false
  const keys = Object.keys(a) as Array<keyof T>
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]))
}

const never = () => false

/** A live answer that re-renders on every answer, as useLiveQuery's does; null querier: not yet. */
export function useLive<T>(querier: (() => Promise<T>) | null, deps: DependencyList, initial?: T): T | undefined {
  return useEqualLiveQuery(querier, deps, initial, never)
}
