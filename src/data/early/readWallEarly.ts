// A wall's rows read with plain IndexedDB while the app's code is still loading, so the wall can render
// the moment React does, without waiting for Dexie to open and its live queries to answer (those take
// over as soon as they do). One read-only transaction, nothing written: a device without the
// database, or with an older layout, simply has no early rows. The boot script opens the replica once
// (openExisting) for this and the own profile's read (readOwnProfileEarly), and closes it after both.
import type { ScopeState } from '../model/outbox'
import type { PolaroidRow, ProfileRow, StickerRow, WallRow } from '../model/rows'
import { wallScope } from '../model/scopeKeys'
import { scopeStatusOf } from '../model/scopeStatus'

export interface EarlyWall {
  wall: WallRow | null
  owner: ProfileRow | null
  polaroids: PolaroidRow[]
  stickers: StickerRow[]
  /** Image paths still waiting to upload. */
  pending: ReadonlySet<string>
  /** The wall's scope has been pulled (this device knows all its cards); never for network rows. */
  pulled: boolean
  /** Read from this device's replica, or asked of the server on a first visit (fetchWallEarly.ts):
   * network rows stand in only until the worker's pull of the wall is in the replica. */
  source: 'replica' | 'network'
}

const STORES = ['walls', 'profiles', 'polaroids', 'stickers', 'pendingUploads', 'scopes'] as const

export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'))
  })
}

/** Opens an existing database as it is; never creates one (an upgrade request is aborted). */
export function openExisting(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name)
    open.onupgradeneeded = () => open.transaction?.abort()
    open.onsuccess = () => {
      const db = open.result
      // Never stand in the way of the app opening it for an upgrade.
      db.onversionchange = () => db.close()
      resolve(db)
    }
    open.onerror = () => reject(open.error ?? new Error('No replica'))
    open.onblocked = () => reject(new Error('Replica busy'))
  })
}

/** The error of opening a database this device does not hold (its creation was aborted). */
export function isMissingReplica(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/** The wall's rows in the replica `db` (open, and left open); null when it has an older layout. */
export async function readWallEarly(db: IDBDatabase, wallId: string): Promise<EarlyWall | null> {
  if (STORES.some((store) => !db.objectStoreNames.contains(store))) return null
  const tx = db.transaction([...STORES], 'readonly')
  const byWall = IDBKeyRange.only(wallId)
  const profiles = tx.objectStore('profiles')
  // The owner is asked for right in the wall's success callback, while the transaction is active.
  const wallAndOwner = (request(tx.objectStore('walls').get(wallId)) as Promise<WallRow | undefined>).then(
    async (wall) => ({
      wall,
      owner: wall ? ((await request(profiles.get(wall.ownerId))) as ProfileRow | undefined) : undefined,
    }),
  )
  const [{ wall, owner }, polaroids, stickers, pending, scope] = await Promise.all([
    wallAndOwner,
    request(tx.objectStore('polaroids').index('wallId').getAll(byWall)) as Promise<PolaroidRow[]>,
    request(tx.objectStore('stickers').index('wallId').getAll(byWall)) as Promise<StickerRow[]>,
    request(tx.objectStore('pendingUploads').getAllKeys()),
    request(tx.objectStore('scopes').get(wallScope(wallId))) as Promise<ScopeState | undefined>,
  ])
  return {
    wall: wall ?? null,
    owner: owner ?? null,
    polaroids,
    stickers,
    pending: new Set(pending.map(String)),
    pulled: scopeStatusOf(scope).status === 'ready',
    source: 'replica',
  }
}
