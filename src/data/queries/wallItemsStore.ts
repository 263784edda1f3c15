// A wall's items kept up to date by key instead of by re-running a query: the wall's polaroids and
// stickers are read once, then each committed write (here, in another tab, or by the sync worker) that
// touches the wall, its polaroids, stickers or pending uploads re-reads only the rows it names and swaps
// those entries. Every other item keeps its object, so a drop re-renders one card, not the wall; a
// live query re-read and re-mapped every row (100 ms of main thread on a 2,000-card wall, issue 15).
// Writes Dexie does not list by key (bulk writes of 50 rows or more, clears) read the whole wall again.
import Dexie, { type ObservabilitySet } from 'dexie'
import type { MooriDB } from '../db'
import { canManageItem } from '../model/permissions'
import type { PolaroidRow, StickerRow } from '../model/rows'
import { wallScope } from '../model/scopes'
import { mutatedKeys, type MutatedKeys } from './mutatedKeys'
import type { EarlyWall } from '../early/readWallEarly'

export type WallItem =
  | ({ kind: 'polaroid'; canManage: boolean; uploadPending: boolean } & PolaroidRow)
  | ({ kind: 'sticker'; canManage: boolean; uploadPending: boolean } & StickerRow)

export interface WallItemsStore {
  subscribe: (listener: () => void) => () => void
  /** undefined until the first read; the same array until something on the wall changes. */
  getSnapshot: () => WallItem[] | undefined
  /** The last read failed (shown like a failed live query: thrown from the hook). */
  getError: () => Error | null
  /**
   * Rows the boot script asked of the server on a first visit, arrived after the store was made: shown
   * until the wall's pull is in the replica (ignored once it is).
   */
  seedFromNetwork: (early: EarlyWall) => void
}

type ItemTable = 'polaroids' | 'stickers'

/** Rows read again: the whole wall's of one kind, or the named keys' (undefined where deleted). */
type Read = { all: boolean; keys?: string[]; rows: Array<PolaroidRow | StickerRow | undefined> }

/** What the writes since the last read touched; 'all' means read everything of that part again. */
interface Dirty {
  polaroids: Set<string> | 'all'
  stickers: Set<string> | 'all'
  paths: Set<string> | 'all'
  wall: boolean
}

const clean = (): Dirty => ({ polaroids: new Set(), stickers: new Set(), paths: new Set(), wall: false })
const everything = (): Dirty => ({ polaroids: 'all', stickers: 'all', paths: 'all', wall: true })

function merge(into: Set<string> | 'all', keys: MutatedKeys | null): Set<string> | 'all' {
  if (into === 'all' || keys === 'all') return 'all'
  if (keys) for (const key of keys) into.add(key)
  return into
}

/** Bottom to top; polaroids before stickers and then by id on a tie, as the index reads them. */
function byZOrder(a: WallItem, b: WallItem): number {
  if (a.zIndex !== b.zIndex) return a.zIndex - b.zIndex
  if (a.timestamp !== b.timestamp) return a.timestamp - b.timestamp
  if (a.kind !== b.kind) return a.kind === 'polaroid' ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** One item as the wall shows it; the old object when nothing about it changed. */
function toItem(
  row: PolaroidRow | StickerRow,
  kind: WallItem['kind'],
  ownerId: string | undefined,
  userId: string | null,
  pending: ReadonlySet<string>,
  old: WallItem | undefined,
): WallItem {
  const item = {
    ...row,
    kind,
    canManage: canManageItem(row, ownerId, userId),
    uploadPending: Boolean(row.imagePath && pending.has(row.imagePath)),
  } as WallItem
  return old && sameItem(old, item) ? old : item
}

function sameItem(a: WallItem, b: WallItem): boolean {
  const keys = Object.keys(a) as Array<keyof WallItem>
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]))
}

/** Two maps holding the same objects under the same ids. */
function sameEntries(a: ReadonlyMap<string, WallItem>, b: ReadonlyMap<string, WallItem>): boolean {
  if (a.size !== b.size) return false
  for (const [id, item] of a) if (b.get(id) !== item) return false
  return true
}

/** The sorted list with the touched ids taken out and their new items put back in place: a drop moves
 * one card to the top without sorting the whole wall again. */
function resorted(
  sorted: WallItem[],
  touched: ReadonlySet<string>,
  next: ReadonlyMap<string, WallItem>,
): WallItem[] {
  const list = sorted.filter((item) => !touched.has(item.id))
  for (const id of touched) {
    const item = next.get(id)
    if (!item) continue
    let low = 0
    let high = list.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (byZOrder(list[mid]!, item) <= 0) low = mid + 1
      else high = mid
    }
    list.splice(low, 0, item)
  }
  return list
}

/**
 * `seed`: the wall's rows as the boot script read them before Dexie was open (src/data/early). The
 * store starts from them, so the wall renders at once; its first read still reads everything and keeps
 * each item object that came out the same. Rows from the server (a first visit: `source: 'network'`)
 * stand in only while the replica has not got the wall's pull: until then every read is of the whole
 * wall and its scope, and one that finds the scope not yet pulled leaves them shown (the worker owns
 * the replica; the same rows then keep their objects, so the takeover re-renders nothing).
 */
export function createWallItemsStore(
  db: MooriDB,
  userId: string | null,
  wallId: string,
  seed?: EarlyWall,
): WallItemsStore {
  const listeners = new Set<() => void>()
  let items: WallItem[] | undefined
  let byId = new Map<string, WallItem>()
  let pending = new Set<string>(seed?.pending)
  let ownerId: string | undefined = seed?.wall?.ownerId
  /** Showing the server's rows of a first visit until the replica has the wall's pull. */
  let fromNetwork = false
  /** A read found the wall's scope pulled: the replica speaks for the wall from then on. */
  let replicaHasWall = false
  let seededWith: EarlyWall | undefined
  const seedWith = (early: EarlyWall) => {
    seededWith = early
    fromNetwork = early.source === 'network'
    pending = new Set(early.pending)
    ownerId = early.wall?.ownerId
    const seeded = [
      ...early.polaroids.map((row) => toItem(row, 'polaroid', ownerId, userId, pending, undefined)),
      ...early.stickers.map((row) => toItem(row, 'sticker', ownerId, userId, pending, undefined)),
    ]
    byId = new Map(seeded.map((item) => [item.id, item]))
    items = seeded.sort(byZOrder)
  }
  if (seed) seedWith(seed)
  let error: Error | null = null
  let dirty: Dirty = everything()
  let running: Promise<void> | null = null

  const onMutated = (parts: ObservabilitySet) => {
    const touched = (table: string) => mutatedKeys(parts, db.name, table)
    const wall = touched('walls')
    const polaroids = touched('polaroids')
    const stickers = touched('stickers')
    const paths = touched('pendingUploads')
    if (!wall && !polaroids && !stickers && !paths && !(fromNetwork && touched('scopes'))) return
    dirty = fromNetwork ? everything() : {
      wall: dirty.wall || wall === 'all' || Boolean(wall?.has(wallId)),
      polaroids: merge(dirty.polaroids, polaroids),
      stickers: merge(dirty.stickers, stickers),
      paths: merge(dirty.paths, paths),
    }
    schedule()
  }

  /** One read at a time; writes that land during a read are read next. */
  const schedule = () => {
    if (running || listeners.size === 0) return
    running = (async () => {
      while (listeners.size > 0 && !isClean(dirty)) {
        const work = dirty
        dirty = clean()
        try {
          await read(work)
          error = null
        } catch (failure) {
          console.error('Reading the wall items failed', failure)
          error = failure instanceof Error ? failure : new Error(String(failure))
          dirty = everything()
          emit()
          break
        }
      }
    })().finally(() => {
      running = null
      // A listener that came back while the last read was finishing found it still running.
      if (!error && listeners.size > 0 && !isClean(dirty)) schedule()
    })
  }

  const isClean = (d: Dirty) =>
    !d.wall &&
    d.polaroids !== 'all' &&
    d.stickers !== 'all' &&
    d.paths !== 'all' &&
    d.polaroids.size + d.stickers.size + d.paths.size === 0

  /** Reads what `work` names in one transaction, then applies it outside that transaction: listeners
   * render (and run effects that may write) synchronously, and must not inherit a read-only zone. */
  const read = async (work: Dirty) => {
    const range = [
      [wallId, Dexie.minKey],
      [wallId, Dexie.maxKey],
    ] as const
    const rowsOf = async (table: ItemTable, keys: Set<string> | 'all'): Promise<Read> =>
      keys === 'all'
        ? { all: true, rows: await db[table].where('[wallId+zIndex]').between(range[0], range[1]).toArray() }
        : { all: false, keys: [...keys], rows: await db[table].bulkGet([...keys]) }
    const standIn = fromNetwork
    const askScope = !replicaHasWall
    const [wall, polaroids, stickers, nextPending, pulled] = await db.transaction(
      'r',
      [db.walls, db.polaroids, db.stickers, db.pendingUploads, db.scopes],
      async () => {
        // Rows from the server stand in until the pull that brings the wall is in (one transaction).
        const pulled = askScope ? (await db.scopes.get(wallScope(wallId)))?.status === 'ready' : true
        if (standIn && !pulled) return [null, null, null, null, false] as const
        const [wall, polaroids, stickers] = await Promise.all([
          work.wall ? db.walls.get(wallId) : null,
          rowsOf('polaroids', work.polaroids),
          rowsOf('stickers', work.stickers),
        ])
        // Which images still wait to upload: the keys only (the rows hold the photos' Blobs).
        const nextPending =
          work.paths === 'all'
            ? new Set(await db.pendingUploads.toCollection().primaryKeys())
            : await pendingPaths(work.paths, polaroids.rows, stickers.rows)
        return [wall, polaroids, stickers, nextPending, pulled] as const
      },
    )
    if (!polaroids || !stickers || !nextPending) return
    if (standIn !== fromNetwork) {
      // Seeded from the server while this read ran: what it read may be the empty replica; read again.
      dirty = everything()
      return
    }
    if (pulled) {
      replicaHasWall = true
      fromNetwork = false
    }
    apply(wall, polaroids, stickers, nextPending)
  }

  /** The pending set with the named paths (and the paths of re-read rows) looked up again; the same
   * set when none of them changed, so the items' flags need no second look. */
  const pendingPaths = async (
    paths: Set<string>,
    ...rows: Array<Array<PolaroidRow | StickerRow | undefined>>
  ) => {
    const wanted = new Set(paths)
    for (const row of rows.flat()) if (row?.imagePath) wanted.add(row.imagePath)
    if (wanted.size === 0) return pending
    const found = new Set(
      await db.pendingUploads
        .where(':id')
        .anyOf([...wanted])
        .primaryKeys(),
    )
    if ([...wanted].every((path) => found.has(path) === pending.has(path))) return pending
    const next = new Set(pending)
    for (const path of wanted) {
      if (found.has(path)) next.add(path)
      else next.delete(path)
    }
    return next
  }

  const apply = (
    wall: { ownerId: string } | null | undefined,
    polaroids: Read,
    stickers: Read,
    nextPending: Set<string>,
  ) => {
    const ownerChanged = wall !== null && wall?.ownerId !== ownerId
    if (wall !== null) ownerId = wall?.ownerId
    const previousPending = pending
    const pendingChanged = nextPending !== pending
    pending = nextPending
    const next = new Map(byId)
    // Ids whose entry is new, replaced or gone; null once a whole kind was read (sort it all again).
    let touched: Set<string> | null = items === undefined ? null : new Set()
    const set = (id: string, item: WallItem | null) => {
      if (item) next.set(id, item)
      else next.delete(id)
      touched?.add(id)
    }
    const built = new Set<string>()
    const replace = (kind: WallItem['kind'], read: Read) => {
      if (read.all) {
        touched = null
        for (const [id, item] of next) if (item.kind === kind) next.delete(id)
      }
      read.rows.forEach((row, i) => {
        const id = row?.id ?? read.keys?.[i]
        if (!id) return
        const old = byId.get(id)
        if (!row || row.wallId !== wallId) {
          if (next.has(id)) set(id, null)
          return
        }
        const item = toItem(row, kind, ownerId, userId, pending, old)
        built.add(id)
        if (item !== old || read.all) set(id, item)
      })
    }
    replace('polaroid', polaroids)
    replace('sticker', stickers)
    // The owner changed: every item's `canManage` may have; pending uploads changed: the flags of the
    // items showing those images. (Items built just now already have both right.)
    if (ownerChanged || pendingChanged) {
      for (const [id, item] of next) {
        const flagsMayDiffer =
          ownerChanged ||
          (item.imagePath !== null && previousPending.has(item.imagePath) !== pending.has(item.imagePath))
        if (!flagsMayDiffer || built.has(id)) continue
        const again = toItem(item, item.kind, ownerId, userId, pending, item)
        if (again !== item) set(id, again)
      }
    }
    const sorted = touched === null || items === undefined ? null : items
    if (sorted && touched?.size === 0) return
    if (!sorted && items !== undefined && sameEntries(byId, next)) return
    byId = next
    items = sorted && touched ? resorted(sorted, touched, next) : [...next.values()].sort(byZOrder)
    emit()
  }

  const emit = () => {
    for (const listener of listeners) listener()
  }

  return {
    subscribe: (listener) => {
      if (listeners.size === 0) {
        // Whatever happened while nobody listened is unknown: read it all again.
        Dexie.on.storagemutated.subscribe(onMutated)
        dirty = everything()
      }
      listeners.add(listener)
      schedule()
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) Dexie.on.storagemutated.unsubscribe(onMutated)
      }
    },
    getSnapshot: () => items,
    getError: () => error,
    seedFromNetwork: (early) => {
      if (replicaHasWall || early.source !== 'network' || early === seededWith) return
      seedWith(early)
      dirty = everything()
      emit()
      schedule()
    },
  }
}
