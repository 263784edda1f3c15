// A wall's rows asked of the server by the boot script on a first visit (no replica on the device yet),
// so the wall renders from them without waiting for the sync worker to load, pull and write. One REST
// request with plain fetch (PostgREST embeds the owner, the polaroids and the stickers), mapped by the
// sync engine's own mapper into the rows the replica would hold. Nothing here writes the replica: the
// worker's pull does, and the wall's hooks let its rows take over (src/data/queries/useWall.ts,
// wallItemsStore.ts). RLS decides what the answer holds: a private wall comes back for its owner only.
import { fromServer } from '../model/mapping'
import type { EarlyWall } from './readWallEarly'

export interface EarlyAuth {
  anonKey: string
  /** The stored session's access token, when there is one that has not expired. */
  accessToken: string | null
  /** Who the stored session says is signed in (even with an expired token): their own profile comes early. */
  userId?: string | null
}

/** The one request: the wall (not deleted), its owner, and its live polaroids and stickers. */
export function wallRestUrl(supabaseUrl: string, wallId: string): string {
  const query = new URLSearchParams({
    select: '*,owner:profiles!owner_id(*),polaroids(*),wall_stickers(*)',
    id: `eq.${wallId}`,
    deleted_at: 'is.null',
    'polaroids.deleted_at': 'is.null',
    'wall_stickers.deleted_at': 'is.null',
  })
  return `${supabaseUrl}/rest/v1/walls?${query.toString()}`
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function rowsOf<T>(list: unknown, map: (row: Record<string, unknown>) => T | null): T[] {
  if (!Array.isArray(list)) return []
  return list.flatMap((row) => {
    const mapped = isRecord(row) && typeof row.id === 'string' ? map(row) : null
    return mapped ? [mapped] : []
  })
}

function mapped<T>(result: { kind: 'row'; row: T } | { kind: 'tombstone' }): T | null {
  return result.kind === 'row' ? result.row : null
}

/**
 * The early wall from PostgREST's answer (an array of at most one wall); null when the answer holds no
 * wall of that id (not there, deleted, or not the caller's to see) or is not what was asked for.
 */
export function earlyWallFromRest(body: unknown, wallId: string): EarlyWall | null {
  if (!Array.isArray(body)) return null
  const server = body.find((row): row is Record<string, unknown> => isRecord(row) && row.id === wallId)
  if (!server) return null
  const wall = mapped(fromServer('walls', server))
  if (!wall) return null
  const owner = isRecord(server.owner) ? mapped(fromServer('profiles', server.owner)) : null
  const ofThisWall = <T extends { wallId: string }>(row: T | null) => (row && row.wallId === wallId ? row : null)
  return {
    wall,
    owner,
    polaroids: rowsOf(server.polaroids, (row) => ofThisWall(mapped(fromServer('polaroids', row)))),
    stickers: rowsOf(server.wall_stickers, (row) => ofThisWall(mapped(fromServer('stickers', row)))),
    // Nothing of a first visit waits to upload.
    pending: new Set(),
    pulled: false,
    source: 'network',
  }
}

/** A token this close to its end may expire on the way: the request goes as anon instead. */
const EXPIRY_MARGIN_MS = 30_000

/** Who the request is made as: the stored session's user while its token is valid (auth-js refreshes
 * an expired one only once loaded), else anon. */
export function earlyAuthOf(
  anonKey: string,
  session: { accessToken: string; expiresAt: number; user?: { id: string } } | null,
  now = Date.now(),
): EarlyAuth {
  const valid = session !== null && session.expiresAt * 1000 > now + EXPIRY_MARGIN_MS
  return { anonKey, accessToken: valid ? session.accessToken : null, userId: session?.user?.id ?? null }
}

/** The Authorization a request carries: the user's token while it is valid, else the anon key. */
function bearerFor(auth: EarlyAuth): string {
  return auth.accessToken ?? auth.anonKey
}

/** One early GET to the REST API, its answer read by `read`; null on any failure (the worker's pull
 * fills the screen then). Shared by the wall, Discover and own-profile requests. */
export async function getEarly<T>(
  url: string,
  auth: EarlyAuth,
  fetcher: typeof fetch,
  read: (body: unknown) => T | null,
): Promise<T | null> {
  try {
    const response = await fetcher(url, {
      headers: { apikey: auth.anonKey, Authorization: `Bearer ${bearerFor(auth)}`, Accept: 'application/json' },
      credentials: 'omit',
    })
    if (!response.ok) return null
    return read(await response.json())
  } catch {
    return null
  }
}

/** Asks the server for the wall; null on any failure. */
export function fetchWallEarly(
  supabaseUrl: string,
  wallId: string,
  auth: EarlyAuth,
  fetcher: typeof fetch = fetch,
): Promise<EarlyWall | null> {
  return getEarly(wallRestUrl(supabaseUrl, wallId), auth, fetcher, (body) => earlyWallFromRest(body, wallId))
}
