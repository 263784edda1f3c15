// The Discover cards asked of the server by the boot script on a first visit to the home page (no
// replica yet), so the first screen shows them without waiting for the sync worker to load, pull and
// write. One REST request with plain fetch: the newest visible polaroids with their walls and authors,
// the window the `discover` scope pulls (sync_pull's branch: 240, newest first, walls not deleted),
// mapped by the sync engine's mapper. Nothing is written to the replica; useDiscover shows these until
// the scope's pull is in. RLS decides what the answer holds, as it does for the pull.
import { fromServer } from '../model/mapping'
import type { PolaroidRow, ProfileRow, WallRow } from '../model/rows'
import { getEarly, type EarlyAuth } from './fetchWallEarly'

/** One Discover card's rows (the shape useDiscover gives its screen). */
export interface EarlyDiscoverCard {
  polaroid: PolaroidRow
  wall: WallRow | null
  author: ProfileRow | null
  /** The photo waits on this device for its upload (never so for a card from the server on a first visit,
   * with no replica): a card that knows it can show its photo's link in its first render. */
  pendingUpload: boolean
}

/** The window of the `discover` scope's pull. */
export const DISCOVER_WINDOW = 240

export function discoverRestUrl(supabaseUrl: string): string {
  const query = new URLSearchParams({
    select: '*,walls!inner(*),profiles!created_by(*)',
    deleted_at: 'is.null',
    'walls.deleted_at': 'is.null',
    order: 'created_at.desc,id.asc',
    limit: String(DISCOVER_WINDOW),
  })
  return `${supabaseUrl}/rest/v1/polaroids?${query.toString()}`
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The cards from PostgREST's answer, newest first; null when it is not a list of rows. */
export function earlyDiscoverFromRest(body: unknown): EarlyDiscoverCard[] | null {
  if (!Array.isArray(body)) return null
  const cards: EarlyDiscoverCard[] = []
  for (const server of body) {
    if (!isRecord(server) || typeof server.id !== 'string' || !isRecord(server.walls)) continue
    const polaroid = fromServer('polaroids', server)
    const wall = fromServer('walls', server.walls)
    if (polaroid.kind !== 'row' || wall.kind !== 'row' || wall.row.id !== polaroid.row.wallId) continue
    const author = isRecord(server.profiles) ? fromServer('profiles', server.profiles) : null
    cards.push({ polaroid: polaroid.row, wall: wall.row, author: author?.kind === 'row' ? author.row : null, pendingUpload: false })
  }
  cards.sort((a, b) => b.polaroid.createdAt.localeCompare(a.polaroid.createdAt) || a.polaroid.id.localeCompare(b.polaroid.id))
  return cards
}

/** Asks the server for the cards; null on any failure (the worker's pull fills the screen then). */
export function fetchDiscoverEarly(
  supabaseUrl: string,
  auth: EarlyAuth,
  fetcher: typeof fetch = fetch,
): Promise<EarlyDiscoverCard[] | null> {
  return getEarly(discoverRestUrl(supabaseUrl), auth, fetcher, earlyDiscoverFromRest)
}
