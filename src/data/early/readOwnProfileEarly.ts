// The signed-in person's own profile read with plain IndexedDB while the app's code is still loading:
// the route guard, the header's chip and home wait for it, and Dexie's open and first answer take a
// few hundred milliseconds more on a phone. With this the first screen renders the moment React does;
// the account's live query takes over when it answers. Nothing is written.
import type { ScopeState } from '../model/outbox'
import type { ProfileRow } from '../model/rows'
import { scopeStatusOf, type ScopeStatus } from '../model/scopeStatus'
import { request } from './readWallEarly'

/** What the replica holds: the profile (null when it has none) and whether `me` was pulled. */
export interface EarlyOwnReplica {
  profile: ProfileRow | null
  me: ScopeStatus
}

/** Read from the replica `db` (open, and left open: the wall's read shares it); null when it has an
 * older layout. */
export async function readOwnProfileEarly(db: IDBDatabase, userId: string): Promise<EarlyOwnReplica | null> {
  if (!db.objectStoreNames.contains('profiles') || !db.objectStoreNames.contains('scopes')) return null
  const tx = db.transaction(['profiles', 'scopes'], 'readonly')
  const [profile, me] = await Promise.all([
    request(tx.objectStore('profiles').get(userId)) as Promise<ProfileRow | undefined>,
    request(tx.objectStore('scopes').get('me')) as Promise<ScopeState | undefined>,
  ])
  return { profile: profile ?? null, me: scopeStatusOf(me).status }
}
