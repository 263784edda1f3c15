// Everything on a wall, bottom to top: polaroids and stickers merged by z-index, each with whether the
// current user may move or delete it and whether its image still waits to upload. Kept by key in a
// store (wallItemsStore.ts), so a change to one item hands out a new list in which only that item is a
// new object. A screen that needs only part of it (is it empty? its stickers) selects that part and
// re-renders only when the part changes: the wall page does not re-render when a card is dropped.
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { useReplica } from '../ReplicaContext'
import { createWallItemsStore, type WallItem, type WallItemsStore } from './wallItemsStore'
import { earlyWalls } from '../early/firstScreen'

export type { WallItem, WallItemsStore } from './wallItemsStore'

/** The wall's store; pass it to `useWallItemsSelect` in this component or below it. */
export function useWallItemsStore(wallId: string): WallItemsStore {
  const { db, userId } = useReplica()
  // Seeded with the rows the boot script read before the app had loaded, when it read this wall.
  const store = useMemo(
    () => createWallItemsStore(db, userId, wallId, earlyWalls.get({ databaseName: db.name, wallId })),
    [db, userId, wallId],
  )
  // A first visit's rows come from the server, often after the store was made.
  useEffect(() => earlyWalls.subscribe({ databaseName: db.name, wallId }, store.seedFromNetwork), [db, wallId, store])
  return store
}

/**
 * A value derived from the wall's items (undefined until they are read). `select` and `same` must be
 * stable (module-level or memoised): the last answer is reused while the items are the same list, and
 * kept while `same` says the new answer equals it.
 */
export function useWallItemsSelect<T>(
  store: WallItemsStore,
  select: (items: WallItem[] | undefined) => T,
  same: (a: T, b: T) => boolean = Object.is,
): T {
  const getSnapshot = useMemo(() => {
    let last: { items: WallItem[] | undefined; value: T } | null = null
    return () => {
      const items = store.getSnapshot()
      if (last && last.items === items) return last.value
      const value = select(items)
      last = { items, value: last && same(last.value, value) ? last.value : value }
      return last.value
    }
  }, [store, select, same])
  const value = useSyncExternalStore(store.subscribe, getSnapshot)
  const error = store.getError()
  if (error) throw error
  return value
}

const all = (items: WallItem[] | undefined) => items

export function useWallItems(wallId: string): WallItem[] | undefined {
  return useWallItemsSelect(useWallItemsStore(wallId), all)
}

/** Two lists of the same objects in the same order. */
export function sameElements<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i])
}
