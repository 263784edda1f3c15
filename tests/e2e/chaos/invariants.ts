// The chaos run's verdict, once everything is back online: every action the UI accepted is on the
// server exactly once or sits in the user's failed mutations with its reason (and the user was told);
// nothing is duplicated (rows or stored files); each user's replica holds exactly what that user may
// see of the walls involved; and no scope is left loading.
import type { Page } from '@playwright/test'
import { admin } from '../support/stack'
import type { Action, Ledger } from './ledger'

export interface ServerWall {
  id: string
  name: string
  owner_id: string
  private: boolean
  deleted_at: string | null
}

export interface ServerPolaroid {
  id: string
  wall_id: string
  name: string
  message: string
  x: number
  y: number
  z_index: number
  image_path: string | null
  created_by: string
  deleted_at: string | null
}

export interface ReplicaSnapshot {
  outbox: number
  failed: Array<{ key: string; message: string; notified: number }>
  scopes: Array<{ key: string; status: string; lastPulledAt: number | null; channel?: string }>
  walls: Array<{ id: string; name: string; private: boolean; ownerId: string }>
  polaroids: Array<{ id: string; wallId: string; name: string; message: string; x: number; y: number; zIndex: number }>
}

/** Reads a user's replica (IndexedDB `moori-<userId>`) from one of their pages. */
export function readReplica(page: Page, userId: string): Promise<ReplicaSnapshot> {
  return page.evaluate(async (name) => {
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      const open = indexedDB.open(name)
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(new Error(String(open.error)))
    })
    const all = <T,>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll()
        request.onsuccess = () => resolve(request.result as T[])
        request.onerror = () => reject(new Error(String(request.error)))
      })
    const [outbox, failed, scopes, walls, polaroids] = await Promise.all([
      all<unknown>('outbox'),
      all<{ entry: { key: string }; message: string; notified: number }>('failedMutations'),
      all<{ key: string; status: string; lastPulledAt: number | null; channel?: string }>('scopes'),
      all<{ id: string; name: string; private: boolean; ownerId: string }>('walls'),
      all<{ id: string; wallId: string; name: string; message: string; x: number; y: number; zIndex: number }>('polaroids'),
    ])
    db.close()
    return {
      outbox: outbox.length,
      failed: failed.map((f) => ({ key: f.entry.key, message: f.message, notified: f.notified })),
      scopes: scopes.map(({ key, status, lastPulledAt, channel }) => ({ key, status, lastPulledAt, channel })),
      walls: walls.map(({ id, name, private: isPrivate, ownerId }) => ({ id, name, private: isPrivate, ownerId })),
      polaroids: polaroids.map(({ id, wallId, name, message, x, y, zIndex }) => ({ id, wallId, name, message, x, y, zIndex })),
    }
  }, `moori-${userId}`)
}

export async function serverState(wallIds: string[]): Promise<{ walls: ServerWall[]; polaroids: ServerPolaroid[] }> {
  const walls = await admin.from('walls').select('id, name, owner_id, private, deleted_at').in('id', wallIds)
  const polaroids = await admin
    .from('polaroids')
    .select('id, wall_id, name, message, x, y, z_index, image_path, created_by, deleted_at')
    .in('wall_id', wallIds)
  if (walls.error) throw walls.error
  if (polaroids.error) throw polaroids.error
  return { walls: walls.data, polaroids: polaroids.data }
}

/** How many stored files a polaroid's id has in its creator's folder (a retried upload must not add one). */
async function storedCopies(polaroid: ServerPolaroid): Promise<number> {
  const { data, error } = await admin.storage.from('polaroid-images').list(`${polaroid.created_by}/polaroids`, { search: polaroid.id })
  if (error) throw error
  return data.filter((file) => file.name.startsWith(polaroid.id)).length
}

const samePlace = (a: { x: number; y: number }, b: { x?: number; y?: number }) => a.x === b.x && a.y === b.y

export interface Verdict {
  lost: string[]
  duplicated: string[]
  /** Accepted actions the server refused, each among its user's failed changes (and told). */
  refusedByServer: string[]
  replicaDiffs: string[]
  loading: string[]
  untold: string[]
}

/** Checks the server against the ledger; `failed` holds each user's failed-mutation keys. */
export async function checkServer(
  ledger: Ledger,
  wallIds: string[],
  failed: Map<string, Set<string>>,
): Promise<Pick<Verdict, 'lost' | 'duplicated' | 'refusedByServer'>> {
  const { walls, polaroids } = await serverState(wallIds)
  const lost: string[] = []
  const duplicated: string[] = []
  const polaroidById = new Map(polaroids.map((p) => [p.id, p]))
  const wallById = new Map(walls.map((w) => [w.id, w]))
  const refusedByServer = new Set<string>()
  const refused = (action: Action, key: string) => {
    const hit = failed.get(action.userId)?.has(key) ?? false
    if (hit) refusedByServer.add(`#${action.n} ${action.kind} by ${action.actor} (${key})`)
    return hit
  }
  const attempts = ledger.actions
  const wallDeleted = (wallId: string) => Boolean(wallById.get(wallId)?.deleted_at)

  // Adds and new walls are checked whether or not the UI confirmed them in time: one the server holds
  // was accepted, however late, and must be there once and stay unless someone deleted it.
  const checked = attempts.filter((a) => a.accepted || a.kind === 'add' || a.kind === 'createWall')
  for (const action of checked) {
    const what = `#${action.n} ${action.kind} by ${action.actor}${action.accepted ? '' : ' (confirmed late)'}`
    if (action.kind === 'add') {
      const copies = polaroids.filter((p) => p.name === action.name)
      if (copies.length > 1) duplicated.push(`${what}: ${copies.length} polaroids named ${action.name}`)
      const row = action.polaroidId ? polaroidById.get(action.polaroidId) : copies[0]
      if (!action.accepted && !row) continue
      if (!row) {
        if (!refused(action, `polaroids:${action.polaroidId}`)) lost.push(`${what}: ${action.name} is not on the server and not among the failed changes`)
        continue
      }
      const deletedOnPurpose = attempts.some((a) => a.kind === 'delete' && a.polaroidId === row.id) || wallDeleted(row.wall_id)
      if (row.deleted_at && !deletedOnPurpose) lost.push(`${what}: ${action.name} was deleted without anyone deleting it`)
      if (row.image_path && (await storedCopies(row)) !== 1) duplicated.push(`${what}: ${action.name} has ${await storedCopies(row)} stored files`)
    } else if (action.kind === 'delete') {
      const row = polaroidById.get(action.polaroidId!)
      if (row && !row.deleted_at && !refused(action, `polaroids:${row.id}`)) lost.push(`${what}: ${row.name} is still on the server`)
    } else if (action.kind === 'createWall') {
      const copies = walls.filter((w) => w.name === action.name)
      if (copies.length > 1) duplicated.push(`${what}: ${copies.length} walls named ${action.name}`)
      if (copies.length === 0 && action.accepted && !refused(action, `walls:${action.wallId}`)) lost.push(`${what}: ${action.name} is not on the server`)
    } else if (action.kind === 'deleteWall') {
      const wall = wallById.get(action.wallId)
      if (wall && !wall.deleted_at && !refused(action, `walls:${wall.id}`)) lost.push(`${what}: the wall is still there`)
    }
  }

  // Values that last: the last accepted write must be what the server holds, unless a write after it
  // (accepted or not) or a write by someone else may have come later, or it was refused visibly.
  const lastWins = (
    kind: Action['kind'],
    key: (a: Action) => string | undefined,
    matches: (a: Action) => boolean,
    describe: (a: Action) => string,
    refusedKey: (a: Action) => string,
  ) => {
    const groups = new Map<string, Action[]>()
    for (const action of attempts.filter((a) => a.kind === kind)) {
      const k = key(action)
      if (k) groups.set(k, [...(groups.get(k) ?? []), action])
    }
    for (const group of groups.values()) {
      const lastAccepted = group.findLast((a) => a.accepted)
      if (!lastAccepted || !matchesAlive(lastAccepted)) continue
      const later = group.slice(group.indexOf(lastAccepted) + 1)
      const users = new Set(group.map((a) => a.userId))
      if (matches(lastAccepted) || later.some(matches) || refused(lastAccepted, refusedKey(lastAccepted))) continue
      if (users.size > 1 && group.some(matches)) continue
      lost.push(`#${lastAccepted.n} ${kind} by ${lastAccepted.actor}: ${describe(lastAccepted)}`)
    }
  }
  const matchesAlive = (action: Action) => {
    if (action.polaroidId) {
      const row = polaroidById.get(action.polaroidId)
      return Boolean(row && !row.deleted_at && !wallDeleted(row.wall_id))
    }
    return Boolean(wallById.get(action.wallId) && !wallDeleted(action.wallId))
  }
  lastWins(
    'move',
    (a) => a.polaroidId,
    (a) => samePlace(polaroidById.get(a.polaroidId!)!, a),
    (a) => `${a.polaroidId} should be at ${a.x},${a.y}, the server has ${polaroidById.get(a.polaroidId!)!.x},${polaroidById.get(a.polaroidId!)!.y}`,
    (a) => `polaroids:${a.polaroidId}`,
  )
  lastWins(
    'edit',
    (a) => a.polaroidId,
    (a) => polaroidById.get(a.polaroidId!)!.message === a.message,
    (a) => `${a.polaroidId} should say ${a.message}, the server has ${polaroidById.get(a.polaroidId!)!.message}`,
    (a) => `polaroids:${a.polaroidId}`,
  )
  lastWins(
    'privacy',
    (a) => a.wallId,
    (a) => wallById.get(a.wallId)!.private === a.private,
    (a) => `${a.wallId} should be ${a.private ? 'private' : 'public'}`,
    (a) => `walls:${a.wallId}`,
  )
  // Each finding says what the run did to the same thing, to start the search from.
  const history = (finding: string) => {
    const n = Number(/^#(\d+)/.exec(finding)?.[1])
    const action = attempts.find((a) => a.n === n)
    if (!action) return finding
    const related = attempts.filter((a) => (action.polaroidId ? a.polaroidId === action.polaroidId : a.wallId === action.wallId && !a.polaroidId))
    const steps = related.map((a) => `#${a.n} ${a.kind}${a.accepted ? '' : ' (not accepted)'} by ${a.actor}${a.x !== undefined ? ` to ${a.x},${a.y}` : ''}`)
    return `${finding} [${steps.join('; ')}]`
  }
  return { lost: lost.map(history), duplicated: duplicated.map(history), refusedByServer: [...refusedByServer] }
}

/** What a user may see of the walls involved, as the replica should hold it. */
export function visibleTo(
  userId: string,
  server: { walls: ServerWall[]; polaroids: ServerPolaroid[] },
): { walls: Map<string, ServerWall>; polaroids: ServerPolaroid[] } {
  const walls = new Map(server.walls.filter((w) => !w.deleted_at && (!w.private || w.owner_id === userId)).map((w) => [w.id, w]))
  return { walls, polaroids: server.polaroids.filter((p) => !p.deleted_at && walls.has(p.wall_id)) }
}

/** Differences between a replica and what its user may see of the given walls. */
export function replicaDiffs(
  who: string,
  userId: string,
  replica: ReplicaSnapshot,
  server: { walls: ServerWall[]; polaroids: ServerPolaroid[] },
  wallIds: string[],
): string[] {
  const diffs: string[] = []
  const visible = visibleTo(userId, server)
  const involved = new Set(wallIds)
  for (const wallId of wallIds) {
    const local = replica.walls.find((w) => w.id === wallId)
    const remote = visible.walls.get(wallId)
    if (!remote && local) diffs.push(`${who}: holds wall ${wallId}, which it may not see`)
    if (remote && !local) diffs.push(`${who}: lacks wall ${wallId}`)
    if (remote && local && (remote.name !== local.name || remote.private !== local.private)) {
      diffs.push(`${who}: wall ${wallId} is ${JSON.stringify(local)}, the server says ${remote.name}/${remote.private}`)
    }
  }
  const mine = replica.polaroids.filter((p) => involved.has(p.wallId))
  const theirs = new Map(visible.polaroids.map((p) => [p.id, p]))
  for (const local of mine) {
    const remote = theirs.get(local.id)
    if (!remote) diffs.push(`${who}: holds polaroid ${local.id} (${local.name}), which is gone or hidden`)
    else if (remote.x !== local.x || remote.y !== local.y || remote.z_index !== local.zIndex || remote.name !== local.name || remote.message !== local.message) {
      diffs.push(`${who}: polaroid ${local.id} is ${JSON.stringify(local)}, the server has ${JSON.stringify(remote)}`)
    }
    theirs.delete(local.id)
  }
  for (const missing of theirs.values()) diffs.push(`${who}: lacks polaroid ${missing.id} (${missing.name})`)
  return diffs
}
