// The signed-in person's own profile, asked of the server by the boot script on a first visit (no
// replica on the device yet), beside the first screen's rows: the route guard, the header's account menu
// and home wait for it, and without it they wait for the sync worker to load and pull `me`. One REST
// request with plain fetch, mapped by the sync engine's mapper into the row the replica would hold;
// nothing is written to the replica (the account lets the `me` pull take over: src/auth/useAccount.ts).
// Profiles are readable by everyone (RLS), so the answer is the same whether the token is still valid.
import { fromServer } from '../model/mapping'
import type { ProfileRow } from '../model/rows'
import { getEarly, type EarlyAuth } from './fetchWallEarly'

/** What the server said: the profile, or null when the person has none (yet). */
export interface EarlyOwnProfile {
  userId: string
  profile: ProfileRow | null
}

/** The one request: the person's profile if it is not deleted (the `me` pull's member). */
export function ownProfileRestUrl(supabaseUrl: string, userId: string): string {
  const query = new URLSearchParams({ select: '*', id: `eq.${userId}`, deleted_at: 'is.null' })
  return `${supabaseUrl}/rest/v1/profiles?${query.toString()}`
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The answer as the account reads it; null when it is not a list of rows (an error's body). */
export function earlyOwnProfileFromRest(body: unknown, userId: string): EarlyOwnProfile | null {
  if (!Array.isArray(body)) return null
  const server = body.find((row): row is Record<string, unknown> => isRecord(row) && row.id === userId)
  const mapped = server ? fromServer('profiles', server) : null
  return { userId, profile: mapped?.kind === 'row' ? mapped.row : null }
}

/** Asks the server for the profile; null on any failure (the account waits for the `me` pull then). */
export function fetchOwnProfileEarly(
  supabaseUrl: string,
  userId: string,
  auth: EarlyAuth,
  fetcher: typeof fetch = fetch,
): Promise<EarlyOwnProfile | null> {
  return getEarly(ownProfileRestUrl(supabaseUrl, userId), auth, fetcher, (body) => earlyOwnProfileFromRest(body, userId))
}
