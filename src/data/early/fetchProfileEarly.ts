// A profile page asked of the server by the boot script on a first visit (no replica on the device yet),
// so the page shows who it is and their walls without waiting for the sync worker to load, pull the
// profile's scope (which also brings their whole wardrobe) and write it. One REST request with plain
// fetch: the profile by username with the walls the caller may see, each with its four newest polaroids
// and its polaroid count, as the `profile` pull's window holds them (sync_pull's branch and
// sync_wall_stats), mapped by the sync engine's mapper. The count is the number of its polaroids' ids:
// hosted PostgREST has aggregates (`count()`) turned off, and so does the local stack. Nothing is
// written to the replica: useProfile shows this until the scope's pull is in. RLS decides what the
// answer holds, as it does for the pull.
import { fromServer } from '../model/mapping'
import type { PolaroidRow, ProfileRow, WallRow } from '../model/rows'
import { getEarly, type EarlyAuth } from './fetchWallEarly'

/** A wall on the profile page, as its card shows it. */
interface EarlyProfileWall {
  wall: WallRow
  polaroidCount: number
  /** Up to four, newest first. */
  previews: PolaroidRow[]
}

/** What the server said of one username. */
export interface EarlyProfile {
  usernameLower: string
  /** null: there is no one of that name (or they deleted their account), as the pull would find too. */
  profile: ProfileRow | null
  /** Newest wall first. */
  walls: EarlyProfileWall[]
}

/** A username as profiles may have one (the server's check): anything else is never asked for. */
const USERNAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{1,29}$/

const PREVIEWS = 4

/** The one request; null for a name no profile can have. `ilike` matches the name whatever its case, as
 * the unique index on lower(username) does, with its one wildcard a username may hold (`_`) escaped. */
export function profileRestUrl(supabaseUrl: string, username: string): string | null {
  if (!USERNAME.test(username)) return null
  const query = new URLSearchParams({
    select: '*,walls!owner_id(*,previews:polaroids(*),polaroid_ids:polaroids(id))',
    username: `ilike.${username.replaceAll('_', '\\_')}`,
    deleted_at: 'is.null',
    'walls.deleted_at': 'is.null',
    'walls.order': 'created_at.desc',
    'walls.previews.deleted_at': 'is.null',
    'walls.previews.order': 'created_at.desc,id.asc',
    'walls.previews.limit': String(PREVIEWS),
    'walls.polaroid_ids.deleted_at': 'is.null',
  })
  return `${supabaseUrl}/rest/v1/profiles?${query.toString()}`
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)


function wallOf(server: unknown, ownerId: string): EarlyProfileWall | null {
  if (!isRecord(server)) return null
  const wall = fromServer('walls', server)
  if (wall.kind !== 'row' || wall.row.ownerId !== ownerId) return null
  const previews = (Array.isArray(server.previews) ? server.previews : []).flatMap((row: unknown) => {
    const polaroid = isRecord(row) ? fromServer('polaroids', row) : null
    return polaroid?.kind === 'row' && polaroid.row.wallId === wall.row.id ? [polaroid.row] : []
  })
  return { wall: wall.row, polaroidCount: Math.max(Array.isArray(server.polaroid_ids) ? server.polaroid_ids.length : 0, previews.length), previews: previews.slice(0, PREVIEWS) }
}

/** The answer as the profile page reads it; null when it is not a list of rows (an error's body). */
export function earlyProfileFromRest(body: unknown, username: string): EarlyProfile | null {
  if (!Array.isArray(body)) return null
  const usernameLower = username.toLowerCase()
  const server = body.find((row): row is Record<string, unknown> => isRecord(row) && String(row.username).toLowerCase() === usernameLower)
  const profile = server ? fromServer('profiles', server) : null
  if (!server || profile?.kind !== 'row') return { usernameLower, profile: null, walls: [] }
  const walls = (Array.isArray(server.walls) ? server.walls : []).flatMap((row: unknown) => {
    const card = wallOf(row, profile.row.id)
    return card ? [card] : []
  })
  walls.sort((a, b) => b.wall.createdAt.localeCompare(a.wall.createdAt))
  return { usernameLower, profile: profile.row, walls }
}

/** Asks the server for the profile page; null on any failure, or for a name no one can have (the
 * worker's pull decides then). */
export function fetchProfileEarly(
  supabaseUrl: string,
  username: string,
  auth: EarlyAuth,
  fetcher: typeof fetch = fetch,
): Promise<EarlyProfile | null> {
  const url = profileRestUrl(supabaseUrl, username)
  if (!url) return Promise.resolve(null)
  return getEarly(url, auth, fetcher, (body) => earlyProfileFromRest(body, username))
}
