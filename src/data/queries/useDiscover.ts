// The Discover feed: the newest polaroids of walls the user can see (the `discover` scope's members),
// with each wall's name and author.
import { earlyDiscoverCards } from '../early/firstScreen'
import { DISCOVER_WINDOW, type EarlyDiscoverCard } from '../early/fetchDiscoverEarly'
import { useReplicaBase, useReplicaDb } from '../ReplicaContext'
import { useEarlyOrReplica } from './useEarlyOrReplica'
import { useLive } from './useEqualLiveQuery'
import { pendingImages, scopeRows } from './scopeMembers'
import { readScopeStatus, useRetainScope, type ScopeStatus } from './useScope'
import type { ProfileRow, WallRow } from '../model/rows'

export type DiscoverCard = EarlyDiscoverCard

/** The discover pull's window (sync_pull's branch). */
const DISCOVER_LIMIT = DISCOVER_WINDOW

interface DiscoverView {
  status: ScopeStatus
  cards: DiscoverCard[]
  /** The replica has answered (the cards are what the device has, even while a pull runs). */
  read: boolean
}

export function useDiscover(): DiscoverView {
  const { databaseName } = useReplicaBase()
  const db = useReplicaDb()
  useRetainScope('discover')
  const data = useLive(db && (async () => {
    const scope = await readScopeStatus(db, 'discover')
    const polaroids = await scopeRows(db, 'discover', 'polaroids')
    polaroids.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id))
    const wallIds = [...new Set(polaroids.map((p) => p.wallId))]
    const authorIds = [...new Set(polaroids.map((p) => p.createdBy))]
    const [walls, authors, pending] = await Promise.all([
      db.walls.bulkGet(wallIds),
      db.profiles.bulkGet(authorIds),
      pendingImages(db, polaroids.map((p) => p.imagePath)),
    ])
    const wallById = new Map(walls.filter((w): w is WallRow => Boolean(w)).map((w) => [w.id, w]))
    const authorById = new Map(authors.filter((a): a is ProfileRow => Boolean(a)).map((a) => [a.id, a]))
    const cards = polaroids
      .filter((p) => wallById.has(p.wallId))
      .slice(0, DISCOVER_LIMIT)
      .map((polaroid) => ({
        polaroid,
        wall: wallById.get(polaroid.wallId) ?? null,
        author: authorById.get(polaroid.createdBy) ?? null,
        pendingUpload: polaroid.imagePath !== null && pending.has(polaroid.imagePath),
      }))
    return { status: cards.length > 0 ? ('ready' as const) : scope.status, cards, read: true }
  }), [db])
  // A first visit: the cards as the server answered the boot script, until the scope's pull is in.
  return useEarlyOrReplica(
    earlyDiscoverCards,
    { databaseName },
    { view: data ?? LOADING, answered: data?.status === 'ready' },
    (cards) => (cards.length > 0 ? { status: 'ready', cards, read: true } : null),
  )
}

const LOADING: DiscoverView = { status: 'loading', cards: [], read: false }
