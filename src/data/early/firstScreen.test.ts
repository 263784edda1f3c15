import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openReplicaDatabase } from '../db'
import { serverWall } from '../testing/serverWall'
import type { EarlyOwnProfile } from './fetchOwnProfileEarly'
import {
  earlyOwnProfiles,
  earlyOwnReplicas,
  earlyProfilePages,
  earlyWalls,
  firstVisitWallOf,
  profilePageKey,
  replicaMissingAtBoot,
  startFirstScreenRead,
} from './firstScreen'
import type { EarlyProfile } from './fetchProfileEarly'
import type { EarlyWall } from './readWallEarly'

// What the screens' hooks read, by the slots' keys.
const earlyWall = (databaseName: string, wallId: string) => earlyWalls.get({ databaseName, wallId })
const onEarlyWall = (databaseName: string, wallId: string, listener: (wall: EarlyWall) => void) =>
  earlyWalls.subscribe({ databaseName, wallId }, listener)
const earlyOwnProfile = (databaseName: string, userId: string) => earlyOwnProfiles.get({ databaseName, userId })
const onEarlyOwnProfile = (databaseName: string, userId: string, listener: (answer: EarlyOwnProfile) => void) =>
  earlyOwnProfiles.subscribe({ databaseName, userId }, listener)
const earlyOwnReplica = (databaseName: string, userId: string) => earlyOwnReplicas.get({ databaseName, userId })
const earlyProfilePage = (databaseName: string, username: string) => earlyProfilePages.get(profilePageKey(databaseName, username))
const onEarlyProfilePage = (databaseName: string, username: string, listener: (answer: EarlyProfile) => void) =>
  earlyProfilePages.subscribe(profilePageKey(databaseName, username), listener)

/** A fetch that answers with `body` once `release` is called, recording what it was asked. */
function heldFetch(body: unknown) {
  const urls: string[] = []
  let release = () => {}
  const answered = new Promise<void>((resolve) => (release = resolve))
  const fetcher = (async (url: string) => {
    urls.push(url)
    await answered
    const answer = typeof body === 'function' ? (body as (url: string) => unknown)(url) : body
    return new Response(JSON.stringify(answer), { status: 200 })
  }) as unknown as typeof fetch
  return { urls, fetcher, release }
}

/** The <link rel=preload> elements the boot script adds to the document's head. */
const preloaded: Array<Record<string, string>> = []
beforeEach(() => {
  vi.stubGlobal('window', { innerWidth: 1280, innerHeight: 800 })
  vi.stubGlobal('document', {
    createElement: () => ({}),
    head: { append: (link: Record<string, string>) => preloaded.push(link) },
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  preloaded.length = 0
})

const stack = { url: 'http://stack', imageTransforms: true }
const auth = { anonKey: 'anon', accessToken: null }

describe('startFirstScreenRead on a first visit to a wall (no replica)', () => {
  it('asks the server once, and hands its rows to whoever waits for them', async () => {
    const server = heldFetch([serverWall])
    startFirstScreenRead('/wall/w1', 'moori-first-visit-1', stack, auth, server.fetcher)
    const got = new Promise<EarlyWall>((resolve) => onEarlyWall('moori-first-visit-1', 'w1', resolve))
    await vi.waitFor(() => expect(server.urls).toHaveLength(1))
    expect(server.urls[0]).toMatch(/^http:\/\/stack\/rest\/v1\/walls\?/)
    expect(replicaMissingAtBoot('moori-first-visit-1')).toBe(true)
    expect(earlyWall('moori-first-visit-1', 'w1')).toBeUndefined()

    server.release()
    const wall = await got
    expect(wall.source).toBe('network')
    expect(wall.polaroids.map((p) => p.name)).toEqual(['Linen shirt'])
    expect(earlyWall('moori-first-visit-1', 'w1')).toBe(wall)
    expect(earlyWall('moori-first-visit-1', 'other')).toBeUndefined()
    // The photo at the size its card asks for (the same srcset and sizes), never the whole photo, which
    // the browser would show instead.
    expect(preloaded).toHaveLength(1)
    expect(preloaded[0]).toMatchObject({ rel: 'preload', as: 'image', imageSizes: '147px' })
    expect(preloaded[0]!.imageSrcset).toMatch(/^http:\/\/stack\/storage\/v1\/render\/image\/public\/polaroid-images\/w1\/p1\.jpg\?width=240/)
    expect(preloaded[0]!.href).toBeUndefined()
    // Nothing of it went into a replica: the database is still not there.
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('moori-first-visit-1')
  })

  it("ignores the server's answer once the replica has taken the wall over", async () => {
    const server = heldFetch([serverWall])
    startFirstScreenRead('/wall/w1', 'moori-first-visit-late', stack, auth, server.fetcher)
    await vi.waitFor(() => expect(server.urls).toHaveLength(1))
    const got: EarlyWall[] = []
    onEarlyWall('moori-first-visit-late', 'w1', (wall) => got.push(wall))
    earlyWalls.release({ databaseName: 'moori-first-visit-late', wallId: 'w1' })
    server.release()
    // The answer has come when its photo is preloaded.
    await vi.waitFor(() => expect(preloaded).toHaveLength(1))
    expect(earlyWall('moori-first-visit-late', 'w1')).toBeUndefined()
    expect(got).toEqual([])
    expect(firstVisitWallOf('moori-first-visit-late', 'polaroids', 'p1')).toBeNull()
  })

  it('does not ask the server when the device holds the replica', async () => {
    const db = openReplicaDatabase('first-screen-warm')
    await db.open()
    db.close()
    const server = heldFetch([serverWall])
    startFirstScreenRead('/wall/w1', db.name, stack, auth, server.fetcher)
    await vi.waitFor(() => expect(earlyWall(db.name, 'w1')).toMatchObject({ source: 'replica', wall: null }))
    expect(server.urls).toEqual([])
    await db.delete()
  })
})

describe("startFirstScreenRead on a signed-in person's first visit", () => {
  const ada = { id: 'u1', username: 'Ada', display_name: null, avatar_path: null, bio: null, txid: '41' }
  const signedIn = { anonKey: 'anon', accessToken: 'tok', userId: 'u1' }
  const answers = (url: string) => (url.includes('/rest/v1/profiles?') ? [ada] : [serverWall])

  it('asks for their own profile beside the wall, and hands it to whoever waits for it', async () => {
    const server = heldFetch(answers)
    startFirstScreenRead('/wall/w1', 'moori-first-visit-own', stack, signedIn, server.fetcher)
    const got = new Promise<EarlyOwnProfile>((resolve) => onEarlyOwnProfile('moori-first-visit-own', 'u1', resolve))
    await vi.waitFor(() => expect(server.urls).toHaveLength(2))
    expect(server.urls.some((url) => url.startsWith('http://stack/rest/v1/profiles?'))).toBe(true)
    expect(earlyOwnProfile('moori-first-visit-own', 'u1')).toBeUndefined()
    server.release()
    expect((await got).profile?.username).toBe('Ada')
    expect(earlyOwnProfile('moori-first-visit-own', 'u1')?.profile?.usernameLower).toBe('ada')
    expect(earlyOwnProfile('moori-first-visit-own', 'someone-else')).toBeUndefined()
  })

  it('asks on the home page and on any other screen too', async () => {
    for (const path of ['/', '/ada', '/create-wall']) {
      const server = heldFetch(answers)
      const name = `moori-first-visit-own-${path.length}`
      startFirstScreenRead(path, name, stack, signedIn, server.fetcher)
      server.release()
      await vi.waitFor(() => expect(earlyOwnProfile(name, 'u1')?.profile?.username).toBe('Ada'))
    }
  })

  it('reads their own profile from the replica on a warm open, with whether `me` was pulled', async () => {
    const db = openReplicaDatabase('first-screen-own-replica')
    await db.open()
    await db.profiles.put({ id: 'u1', username: 'Ada', usernameLower: 'ada' } as never)
    await db.scopes.put({ key: 'me', lastUsedAt: 1, lastPulledAt: 2 } as never)
    db.close()
    const server = heldFetch(answers)
    startFirstScreenRead('/wall/w1', db.name, stack, signedIn, server.fetcher)
    await vi.waitFor(() => expect(earlyOwnReplica(db.name, 'u1')).toMatchObject({ profile: { username: 'Ada' }, me: 'ready' }))
    expect(earlyOwnReplica(db.name, 'someone-else')).toBeUndefined()
    expect(server.urls).toEqual([])
    await db.delete()
  })

  it("opens the replica once for a wall's rows and their own profile, and closes it after both", async () => {
    const db = openReplicaDatabase('first-screen-one-open')
    await db.open()
    await db.walls.put({ id: 'w1', name: 'Lisbon', ownerId: 'u1' } as never)
    await db.profiles.put({ id: 'u1', username: 'Ada', usernameLower: 'ada' } as never)
    db.close()
    const opens = vi.spyOn(indexedDB, 'open')
    try {
      startFirstScreenRead('/wall/w1', db.name, stack, signedIn, heldFetch(answers).fetcher)
      await vi.waitFor(() => expect(earlyWall(db.name, 'w1')?.wall?.name).toBe('Lisbon'))
      await vi.waitFor(() => expect(earlyOwnReplica(db.name, 'u1')?.profile?.username).toBe('Ada'))
      expect(opens).toHaveBeenCalledTimes(1)
      // Closed once both have answered: a closed connection starts no transaction.
      const connection = (opens.mock.results[0]!.value as IDBOpenDBRequest).result
      await vi.waitFor(() => expect(() => connection.transaction('walls')).toThrow())
    } finally {
      opens.mockRestore()
    }
    await db.delete()
  })

  it('reads no profile where the replica has none yet, and `me` not pulled', async () => {
    const db = openReplicaDatabase('first-screen-own-replica-none')
    await db.open()
    db.close()
    startFirstScreenRead('/', db.name, stack, signedIn, heldFetch(answers).fetcher)
    await vi.waitFor(() => expect(earlyOwnReplica(db.name, 'u1')).toEqual({ profile: null, me: 'loading' }))
    await db.delete()
  })

  it('does not ask when the device holds the replica (the profile is in it)', async () => {
    const db = openReplicaDatabase('first-screen-own-warm')
    await db.open()
    db.close()
    const server = heldFetch(answers)
    startFirstScreenRead('/', db.name, stack, signedIn, server.fetcher)
    await vi.waitFor(() => expect(replicaMissingAtBoot(db.name)).toBe(false))
    server.release()
    expect(server.urls).toEqual([])
    await db.delete()
  })
})

describe('startFirstScreenRead on a first visit to a profile page', () => {
  const ada = { id: 'u1', username: 'Ada', display_name: null, avatar_path: null, bio: null, hide_presence: false, created_at: '2026-11-01T00:00:00+00:00', updated_at: '2026-11-01T00:00:00+00:00', deleted_at: null, txid: '1', walls: [] }

  it('asks the server for the page, and hands it to whoever waits for it, whatever the case of the name', async () => {
    const server = heldFetch([ada])
    startFirstScreenRead('/ada', 'moori-first-visit-profile', stack, auth, server.fetcher, 'ada')
    const got = new Promise<EarlyProfile>((resolve) => onEarlyProfilePage('moori-first-visit-profile', 'ADA', resolve))
    await vi.waitFor(() => expect(server.urls).toHaveLength(1))
    expect(server.urls[0]).toMatch(/^http:\/\/stack\/rest\/v1\/profiles\?/)
    expect(earlyProfilePage('moori-first-visit-profile', 'ada')).toBeUndefined()
    server.release()
    expect((await got).profile?.id).toBe('u1')
    expect(earlyProfilePage('moori-first-visit-profile', 'Ada')?.profile?.username).toBe('Ada')
    expect(earlyProfilePage('moori-first-visit-profile', 'someone-else')).toBeUndefined()
  })

  it('does not ask when the device holds the replica, nor on a path that names no one', async () => {
    const db = openReplicaDatabase('first-screen-profile-warm')
    await db.open()
    db.close()
    const server = heldFetch([ada])
    startFirstScreenRead('/ada', db.name, stack, auth, server.fetcher, 'ada')
    startFirstScreenRead('/create-wall', 'moori-first-visit-none', stack, auth, server.fetcher, null)
    await vi.waitFor(() => expect(replicaMissingAtBoot('moori-first-visit-none')).toBe(true))
    expect(server.urls).toEqual([])
    await db.delete()
  })
})
