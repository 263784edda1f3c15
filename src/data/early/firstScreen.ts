// The first screen's data, started by the boot script before the app's code has arrived: on a wall
// route, the wall's rows from the replica (readWallEarly), or on a first visit (no replica) from one
// REST request (fetchWallEarly), and the photos of the cards the first screenful shows, so the browser
// fetches them while the JavaScript still loads, each at the size its card will ask for
// (photoPreloads). The wall's hooks take the rows as their starting value (or as soon as they arrive); their live queries replace them when they answer. On a first visit to
// the home page, likewise the Discover cards from one REST request (fetchDiscoverEarly), and on a profile
// page who it is and their walls (fetchProfileEarly). A signed-in
// person's first visit also asks for their own profile (fetchOwnProfileEarly), which the route guard,
// the header and home need before they can show anything of theirs.
import { afterFirstScreen } from '@/lib/afterFirstScreen'
import { fetchDiscoverEarly, type EarlyDiscoverCard } from './fetchDiscoverEarly'
import { fetchOwnProfileEarly, type EarlyOwnProfile } from './fetchOwnProfileEarly'
import { fetchProfileEarly, type EarlyProfile } from './fetchProfileEarly'
import { fetchWallEarly, type EarlyAuth } from './fetchWallEarly'
import { photoPreloads, startPhotoPreloads } from './photoPreloads'
import { readOwnProfileEarly, type EarlyOwnReplica } from './readOwnProfileEarly'
import { isMissingReplica, openExisting, readWallEarly, type EarlyWall } from './readWallEarly'

interface EarlyRead {
  databaseName: string
  wallId: string
  /** The replica was not there (a first visit): the rows come from the server. */
  firstVisit?: boolean
  result?: EarlyWall | null
  /** Told when the server's answer arrives (a first visit's rows come after the hooks have mounted). */
  listeners: Set<(wall: EarlyWall) => void>
}

let early: EarlyRead | null = null
/** A first visit's Discover cards, from the server. */
interface EarlyDiscover {
  databaseName: string
  cards?: EarlyDiscoverCard[]
  listeners: Set<(cards: EarlyDiscoverCard[]) => void>
}
let discover: EarlyDiscover | null = null
/** A signed-in first visit's own profile, from the server. */
interface EarlyOwn {
  databaseName: string
  userId: string
  answer?: EarlyOwnProfile
  listeners: Set<(answer: EarlyOwnProfile) => void>
}
let own: EarlyOwn | null = null
/** A first visit's profile page, from the server. */
interface EarlyProfilePage {
  databaseName: string
  usernameLower: string
  answer?: EarlyProfile
  listeners: Set<(answer: EarlyProfile) => void>
}
let profilePage: EarlyProfilePage | null = null
/** A signed-in person's own profile as their replica holds it (a warm or offline open). */
let ownReplica: { databaseName: string; userId: string; state: EarlyOwnReplica } | null = null
/** What the boot script found: a replica that is not there yet (a first visit) has nothing to show. */
let probe: { databaseName: string; missing: boolean } | null = null
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
  // Set up before any answer, so the account can wait for it from its first render.
  const mine: EarlyOwn | null = auth.userId ? { databaseName, userId: auth.userId, listeners: new Set() } : null
  own = mine
  const wallId = wallIdOfPath(pathname)
  const wallRead: EarlyRead | null = wallId ? { databaseName, wallId, listeners: new Set() } : null
  // Other screens only ask whether the replica is there (home, on a first visit, for its Discover cards).
  const home: EarlyDiscover | null = !wallId && pathname === '/' ? { databaseName, listeners: new Set() } : null
  const profileRead: EarlyProfilePage | null =
    !wallId && profileUsername ? { databaseName, usernameLower: profileUsername.toLowerCase(), listeners: new Set() } : null
  profilePage = profileRead
  if (wallRead) {
    early = wallRead
    afterFirstScreen(releaseEarlyWall)
  } else {
    discover = home
  }
  // One connection answers whether the replica is there and serves both early reads; closed after them.
  openExisting(databaseName).then(
    (db) => {
      probe = { databaseName, missing: false }
      const reads: Array<Promise<unknown>> = []
      if (wallRead) reads.push(readWall(wallRead, db, server))
      if (mine) reads.push(readOwnReplica(mine, db))
      void Promise.allSettled(reads).then(() => db.close())
    },
    (error: unknown) => {
      // A device without the replica (a first visit) asks the server; unsure counts as holding one.
      const missing = isMissingReplica(error)
      probe = { databaseName, missing }
      if (wallRead) {
        wallRead.result = null
        wallRead.firstVisit = missing
      }
      if (!missing) return
      if (mine) void fetchOwnProfile(mine, supabaseUrl, auth, fetcher)
      if (wallRead) void fetchFirstVisit(wallRead, server, auth, fetcher)
      if (home) void fetchDiscover(home, supabaseUrl, auth, fetcher)
      if (profileRead && profileUsername) void fetchProfilePage(profileRead, profileUsername, supabaseUrl, auth, fetcher)
    },
  )
}

/** The wall's rows from the replica, and their photos preloaded; no rows when the read fails. */
async function readWall(current: EarlyRead, db: IDBDatabase, server: EarlyServer) {
  const wall = await readWallEarly(db, current.wallId).catch(() => null)
  current.result = wall
  if (wall) preloadPhotos(wall, server)
}

/** The own profile as the replica holds it, until the first screen is shown. */
async function readOwnReplica(current: EarlyOwn, db: IDBDatabase) {
  const { databaseName, userId } = current
  afterFirstScreen(() => (ownReplica = null))
  const state = await readOwnProfileEarly(db, userId).catch(() => null)
  if (state) ownReplica = { databaseName, userId, state }
}

/** Home on a first visit: the Discover cards from the server. */
async function fetchDiscover(current: EarlyDiscover, supabaseUrl: string, auth: EarlyAuth, fetcher: typeof fetch) {
  const cards = await fetchDiscoverEarly(supabaseUrl, auth, fetcher)
  if (!cards) return
  current.cards = cards
  for (const listener of [...current.listeners]) listener(cards)
}

/** A first visit: the wall from the server; nothing happens when that fails (the worker's pull shows it). */
async function fetchFirstVisit(current: EarlyRead, server: EarlyServer, auth: EarlyAuth, fetcher: typeof fetch) {
  const wall = await fetchWallEarly(server.url, current.wallId, auth, fetcher)
  if (!wall) return
  current.result = wall
  preloadPhotos(wall, server)
  for (const listener of [...current.listeners]) listener(wall)
}

/** A profile page on a first visit: who it is and their walls, from the server. */
async function fetchProfilePage(current: EarlyProfilePage, username: string, supabaseUrl: string, auth: EarlyAuth, fetcher: typeof fetch) {
  const answer = await fetchProfileEarly(supabaseUrl, username, auth, fetcher)
  if (!answer) return
  current.answer = answer
  for (const listener of [...current.listeners]) listener(answer)
}

/** A signed-in first visit: the person's own profile from the server, in the same burst as the rows. */
async function fetchOwnProfile(current: EarlyOwn, supabaseUrl: string, auth: EarlyAuth, fetcher: typeof fetch) {
  const answer = await fetchOwnProfileEarly(supabaseUrl, current.userId, auth, fetcher)
  if (!answer) return
  current.answer = answer
  for (const listener of [...current.listeners]) listener(answer)
}

/**
 * Calls `listener` with the server's rows of `wallId` when they arrive on a first visit (a replica's
 * rows are there before any hook asks: `earlyWall`). Returns the unsubscribe function.
 */
export function onEarlyWall(databaseName: string, wallId: string, listener: (wall: EarlyWall) => void): () => void {
  const current = early
  if (!current || current.databaseName !== databaseName || current.wallId !== wallId) return () => {}
  current.listeners.add(listener)
  return () => current.listeners.delete(listener)
}

/** The early rows of `wallId` in `databaseName`, if they have arrived (and were read from that replica). */
export function earlyWall(databaseName: string, wallId: string): EarlyWall | undefined {
  if (!early || early.databaseName !== databaseName || early.wallId !== wallId) return undefined
  return early.result ?? undefined
}

/**
 * The wall whose server copy shows `rowId` (the wall itself, or one of its cards) on a first visit, while
 * the replica's pull of it is not in; null otherwise. A change to that row waits for the pull.
 */
export function firstVisitWallOf(databaseName: string, table: 'walls' | 'polaroids' | 'stickers', rowId: string): string | null {
  const shown = early?.databaseName === databaseName ? early.result : null
  if (!early || shown?.source !== 'network') return null
  const rows: ReadonlyArray<{ id: string }> = table === 'walls' ? (shown.wall ? [shown.wall] : []) : table === 'polaroids' ? shown.polaroids : shown.stickers
  return rows.some((row) => row.id === rowId) ? early.wallId : null
}

/** A first visit's Discover cards from the server, if they have arrived (for that replica's user). */
export function earlyDiscover(databaseName: string): EarlyDiscoverCard[] | undefined {
  return discover?.databaseName === databaseName ? discover.cards : undefined
}

/** Calls `listener` with the server's Discover cards when they arrive. Returns the unsubscribe function. */
export function onEarlyDiscover(databaseName: string, listener: (cards: EarlyDiscoverCard[]) => void): () => void {
  const current = discover
  if (!current || current.databaseName !== databaseName) return () => {}
  current.listeners.add(listener)
  return () => current.listeners.delete(listener)
}

/**
 * True when the boot script found no database of that name: the first screen can only come from the
 * network, so the sync worker has no reason to wait for it (it does wait while this is unknown).
 */
export function replicaMissingAtBoot(databaseName: string): boolean {
  return probe?.databaseName === databaseName && probe.missing
}

/**
 * Once the screen is shown, the early copy is not needed any more. A first
 * visit's copy from the server is kept until the replica has the wall (`earlyWallTakenOver`): the
 * wall's page may mount only later (a signed-in person's first visit waits for their profile).
 */
function releaseEarlyWall(): void {
  if (!early?.firstVisit) early = null
}

/** The replica holds the wall now: a first visit's copy from the server must not seed it again. */
export function earlyWallTakenOver(databaseName: string, wallId: string): void {
  if (early?.databaseName === databaseName && early.wallId === wallId) early = null
}

/** A first visit's own profile as the server answered it (for that replica's user), once it has. */
export function earlyOwnProfile(databaseName: string, userId: string): EarlyOwnProfile | undefined {
  return own?.databaseName === databaseName && own.userId === userId ? own.answer : undefined
}

/** The own profile as the replica held it when the page opened, if the boot script has read it; until
 * the first screen is shown (the account's live query follows every change after that). */
export function earlyOwnReplica(databaseName: string, userId: string): EarlyOwnReplica | undefined {
  return ownReplica?.databaseName === databaseName && ownReplica.userId === userId ? ownReplica.state : undefined
}

/** Calls `listener` with the own profile's answer when it arrives. Returns the unsubscribe function. */
export function onEarlyOwnProfile(
  databaseName: string,
  userId: string,
  listener: (answer: EarlyOwnProfile) => void,
): () => void {
  const current = own
  if (!current || current.databaseName !== databaseName || current.userId !== userId) return () => {}
  current.listeners.add(listener)
  return () => current.listeners.delete(listener)
}

/** The replica has pulled `me`: the server's copy of the own profile must not answer again. */
export function earlyOwnProfileTakenOver(databaseName: string): void {
  if (own?.databaseName === databaseName) own = null
}

/** The replica holds the Discover cards now. */
export function earlyDiscoverTakenOver(databaseName: string): void {
  if (discover?.databaseName === databaseName) discover = null
}

/** A first visit's profile page as the server answered it (for that replica's user), once it has. */
export function earlyProfilePage(databaseName: string, username: string): EarlyProfile | undefined {
  const current = profilePage
  return current?.databaseName === databaseName && current.usernameLower === username.toLowerCase() ? current.answer : undefined
}

/** Calls `listener` with the profile page's answer when it arrives. Returns the unsubscribe function. */
export function onEarlyProfilePage(databaseName: string, username: string, listener: (answer: EarlyProfile) => void): () => void {
  const current = profilePage
  if (!current || current.databaseName !== databaseName || current.usernameLower !== username.toLowerCase()) return () => {}
  current.listeners.add(listener)
  return () => current.listeners.delete(listener)
}

/** The replica has pulled the profile's scope: the server's copy must not answer again. */
export function earlyProfilePageTakenOver(databaseName: string, username: string): void {
  if (profilePage?.databaseName === databaseName && profilePage.usernameLower === username.toLowerCase()) profilePage = null
}
