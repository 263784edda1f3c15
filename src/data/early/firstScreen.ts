// The first screen's data, started by the boot script before the app's code has arrived: on a wall
// route, the wall's rows from the replica (readWallEarly), or on a first visit (no replica) from one
// REST request (fetchWallEarly), and the photos of the cards the first screenful shows, so the browser
// fetches them while the JavaScript still loads, each at the size its card will ask for
// (photoPreloads). On a first visit to the home page, likewise the Discover cards from one REST request
// (fetchDiscoverEarly), and on a profile page who it is and their walls (fetchProfileEarly). A
// signed-in person's first visit also asks for their own profile (fetchOwnProfileEarly), which the
// route guard, the header and home need before they can show anything of theirs.
// Each kind of answer waits in a slot of its own (earlySlot.ts), keyed by the replica's database and
// what it is for. The screens' hooks take a replica's rows as their live query's starting value, and
// show a server's answer until the replica has answered (useEarlyOrReplica), which lets it go.
import { afterFirstScreen } from '@/lib/afterFirstScreen'
import { earlySlot, type EarlyKey, type EarlySlot } from './earlySlot'
import { fetchDiscoverEarly, type EarlyDiscoverCard } from './fetchDiscoverEarly'
import { fetchOwnProfileEarly, type EarlyOwnProfile } from './fetchOwnProfileEarly'
import { fetchProfileEarly, type EarlyProfile } from './fetchProfileEarly'
import { fetchWallEarly, type EarlyAuth } from './fetchWallEarly'
import { photoPreloads, startPhotoPreloads } from './photoPreloads'
import { readOwnProfileEarly, type EarlyOwnReplica } from './readOwnProfileEarly'
import { isMissingReplica, openExisting, readWallEarly, type EarlyWall } from './readWallEarly'

/** Which wall of which replica. */
export type WallKey = { databaseName: string; wallId: string }
/** Whose own profile, in their replica. */
export type OwnKey = { databaseName: string; userId: string }
/** Which profile page (by its username in lower case: a page's name is case-blind). */
export type ProfilePageKey = { databaseName: string; usernameLower: string }
/** The replica itself. */
export type ReplicaKey = { databaseName: string }

/** The key of `username`'s profile page, whatever the case of the name. */
export const profilePageKey = (databaseName: string, username: string): ProfilePageKey => ({
  databaseName,
  usernameLower: username.toLowerCase(),
})

/** A wall route's rows: from the replica (a warm open), or on a first visit from the server. */
export const earlyWalls = earlySlot<WallKey, EarlyWall>()
/** A first visit's Discover cards, from the server. */
export const earlyDiscoverCards = earlySlot<ReplicaKey, EarlyDiscoverCard[]>()
/** A signed-in first visit's own profile, from the server. */
export const earlyOwnProfiles = earlySlot<OwnKey, EarlyOwnProfile>()
/** A first visit's profile page, from the server. */
export const earlyProfilePages = earlySlot<ProfilePageKey, EarlyProfile>()
/** A signed-in person's own profile as their replica holds it (a warm or offline open), until the
 * first screen is shown (the account's live query follows every change after that). */
export const earlyOwnReplicas = earlySlot<OwnKey, EarlyOwnReplica>()
/** What the boot script found: is the replica missing (a first visit, which has nothing to show)? */
const replicaMissing = earlySlot<ReplicaKey, boolean>()

/** The first screenful's photos, each at the size its card will ask for: never the whole photo for a
 * card with a srcset, which Chrome would then show instead of the size it picks (at three times the bytes). */
function preloadPhotos(wall: EarlyWall, server: EarlyServer): void {
  const viewport = { width: window.innerWidth, height: window.innerHeight }
  startPhotoPreloads(photoPreloads(wall, { supabaseUrl: server.url, imageTransforms: server.imageTransforms, viewport }))
}

/** The server the boot script asks: its URL, and whether Storage resizes photos there. */
export interface EarlyServer {
  url: string
  imageTransforms: boolean
}

/** The wall id of a wall route (/wall/:id and the polaroid route over it). */
export function wallIdOfPath(pathname: string): string | null {
  const match = /^\/wall\/([^/]+)(?:\/polaroid\/[^/]+)?\/?$/.exec(pathname)
  return match ? decodeURIComponent(match[1]!) : null
}

/**
 * Starts reading what `pathname`'s screen shows from `databaseName`, or on a first visit to a wall, home
 * or a profile page (`profileUsername`: the route table says which paths are profiles) from the server as
 * `auth` may see it; never throws.
 */
export function startFirstScreenRead(
  pathname: string,
  databaseName: string,
  server: EarlyServer,
  auth: EarlyAuth,
  fetcher: typeof fetch = fetch,
  profileUsername: string | null = null,
): void {
  const supabaseUrl = server.url
  if (typeof indexedDB === 'undefined') return
  const replica = { databaseName }
  replicaMissing.expect(replica)
  // Set up before any answer, so the account can wait for it from its first render.
  const own: OwnKey | null = auth.userId ? { databaseName, userId: auth.userId } : null
  expectOrClear(earlyOwnProfiles, own)
  expectOrClear(earlyOwnReplicas, own)
  const wallId = wallIdOfPath(pathname)
  const wall: WallKey | null = wallId ? { databaseName, wallId } : null
  // Other screens only ask whether the replica is there (home, on a first visit, for its Discover cards).
  const home: ReplicaKey | null = !wallId && pathname === '/' ? replica : null
  const profilePage = !wallId && profileUsername ? profilePageKey(databaseName, profileUsername) : null
  expectOrClear(earlyWalls, wall)
  expectOrClear(earlyDiscoverCards, home)
  expectOrClear(earlyProfilePages, profilePage)
  // Once the screen is shown a replica's copy is not needed any more. A first visit's copy from the
  // server is kept until the replica has the wall: the wall's page may mount only later (a signed-in
  // person's first visit waits for their profile).
  if (wall) {
    afterFirstScreen(() => {
      if (!replicaMissingAtBoot(databaseName)) earlyWalls.release(wall)
    })
  }
  // One connection answers whether the replica is there and serves both early reads; closed after them.
  openExisting(databaseName).then(
    (db) => {
      replicaMissing.answer(replica, false)
      const reads: Array<Promise<unknown>> = []
      if (wall) reads.push(readWall(wall, db, server))
      if (own) reads.push(readOwnReplica(own, db))
      void Promise.allSettled(reads).then(() => db.close())
    },
    (error: unknown) => {
      // A device without the replica (a first visit) asks the server; unsure counts as holding one.
      const missing = isMissingReplica(error)
      replicaMissing.answer(replica, missing)
      if (!missing) return
      if (own) void fetchOwnProfile(own, supabaseUrl, auth, fetcher)
      if (wall) void fetchFirstVisit(wall, server, auth, fetcher)
      if (home) void fetchDiscover(home, supabaseUrl, auth, fetcher)
      if (profilePage && profileUsername) void fetchProfilePage(profilePage, profileUsername, supabaseUrl, auth, fetcher)
    },
  )
}

/** The slot waits for `key`'s answer, or holds none when this screen has no answer of its kind. */
function expectOrClear<Key extends EarlyKey>(slot: EarlySlot<Key, unknown>, key: Key | null): void {
  if (key) slot.expect(key)
  else slot.clear()
}

/** The wall's rows from the replica, and their photos preloaded; no rows when the read fails. */
async function readWall(key: WallKey, db: IDBDatabase, server: EarlyServer) {
  const wall = await readWallEarly(db, key.wallId).catch(() => null)
  if (!wall) return
  earlyWalls.answer(key, wall)
  preloadPhotos(wall, server)
}

/** The own profile as the replica holds it, until the first screen is shown. */
async function readOwnReplica(key: OwnKey, db: IDBDatabase) {
  afterFirstScreen(() => earlyOwnReplicas.release(key))
  const state = await readOwnProfileEarly(db, key.userId).catch(() => null)
  if (state) earlyOwnReplicas.answer(key, state)
}

/** Home on a first visit: the Discover cards from the server. */
async function fetchDiscover(key: ReplicaKey, supabaseUrl: string, auth: EarlyAuth, fetcher: typeof fetch) {
  const cards = await fetchDiscoverEarly(supabaseUrl, auth, fetcher)
  if (cards) earlyDiscoverCards.answer(key, cards)
}

/** A first visit: the wall from the server; nothing happens when that fails (the worker's pull shows it). */
async function fetchFirstVisit(key: WallKey, server: EarlyServer, auth: EarlyAuth, fetcher: typeof fetch) {
  const wall = await fetchWallEarly(server.url, key.wallId, auth, fetcher)
  if (!wall) return
  earlyWalls.answer(key, wall)
  preloadPhotos(wall, server)
}

/** A profile page on a first visit: who it is and their walls, from the server. */
async function fetchProfilePage(key: ProfilePageKey, username: string, supabaseUrl: string, auth: EarlyAuth, fetcher: typeof fetch) {
  const answer = await fetchProfileEarly(supabaseUrl, username, auth, fetcher)
  if (answer) earlyProfilePages.answer(key, answer)
}

/** A signed-in first visit: the person's own profile from the server, in the same burst as the rows. */
async function fetchOwnProfile(key: OwnKey, supabaseUrl: string, auth: EarlyAuth, fetcher: typeof fetch) {
  const answer = await fetchOwnProfileEarly(supabaseUrl, key.userId, auth, fetcher)
  if (answer) earlyOwnProfiles.answer(key, answer)
}

/**
 * The wall whose server copy shows `rowId` (the wall itself, or one of its cards) on a first visit, while
 * the replica's pull of it is not in; null otherwise. A change to that row waits for the pull.
 */
export function firstVisitWallOf(databaseName: string, table: 'walls' | 'polaroids' | 'stickers', rowId: string): string | null {
  const held = earlyWalls.held()
  const shown = held?.key.databaseName === databaseName ? held.value : undefined
  if (!held || shown?.source !== 'network') return null
  const rows: ReadonlyArray<{ id: string }> = table === 'walls' ? (shown.wall ? [shown.wall] : []) : table === 'polaroids' ? shown.polaroids : shown.stickers
  return rows.some((row) => row.id === rowId) ? held.key.wallId : null
}

/**
 * True when the boot script found no database of that name: the first screen can only come from the
 * network, so the sync worker has no reason to wait for it (it does wait while this is unknown).
 */
export function replicaMissingAtBoot(databaseName: string): boolean {
  return replicaMissing.get({ databaseName }) === true
}
