import { describe, expect, it } from 'vitest'
import { fromServer } from '../model/mapping'
import { earlyAuthOf, earlyWallFromRest, fetchWallEarly, wallRestUrl } from './fetchWallEarly'

const owner = {
  id: 'u1',
  username: 'Ana',
  display_name: 'Ana B',
  avatar_path: null,
  bio: null,
  hide_presence: false,
  created_at: '2026-11-01T00:00:00+00:00',
  updated_at: '2026-11-01T00:00:00+00:00',
  txid: 12,
}
const polaroid = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  wall_id: 'w1',
  name: id,
  message: '',
  image_path: `polaroid-images/w1/${id}.jpg`,
  external_url: null,
  original_page_url: null,
  timestamp: '1764000000000',
  created_by: 'u1',
  username: 'Ana',
  x: 10,
  y: 20,
  z_index: 1,
  created_at: '2026-11-01T00:00:00+00:00',
  updated_at: '2026-11-01T00:00:00+00:00',
  deleted_at: null,
  txid: 13,
  ...fields,
})
const sticker = {
  id: 's1',
  wall_id: 'w1',
  name: 'Scarf',
  image_path: 'wardrobe-stickers/u1/s1.png',
  timestamp: 1764000000001,
  created_by: 'u1',
  username: 'Ana',
  x: 5,
  y: 6,
  z_index: 2,
  original_item_id: null,
  original_item_name: null,
  original_item_description: null,
  needs_cutout: false,
  created_at: '2026-11-01T00:00:00+00:00',
  updated_at: '2026-11-01T00:00:00+00:00',
  deleted_at: null,
  txid: 14,
}
const wall = {
  id: 'w1',
  name: 'Lisbon',
  description: null,
  owner_id: 'u1',
  private: true,
  created_at: '2026-11-01T00:00:00+00:00',
  updated_at: '2026-11-01T00:00:00+00:00',
  deleted_at: null,
  txid: 11,
  owner,
  polaroids: [polaroid('p1'), polaroid('p2', { deleted_at: '2026-11-02T00:00:00+00:00' })],
  wall_stickers: [sticker],
}

const rowOf = (mapped: { kind: 'row'; row: unknown } | { kind: 'tombstone' }) => (mapped.kind === 'row' ? mapped.row : null)

describe('earlyWallFromRest', () => {
  it('gives the rows the sync engine would store for the same server rows', () => {
    const early = earlyWallFromRest([wall], 'w1')!
    expect(early.source).toBe('network')
    expect(early.wall).toEqual(rowOf(fromServer('walls', wall)))
    expect(early.wall).toMatchObject({ id: 'w1', ownerId: 'u1', private: true, txid: '11' })
    expect(early.wall).not.toHaveProperty('owner')
    expect(early.owner).toMatchObject({ id: 'u1', username: 'Ana', usernameLower: 'ana', displayName: 'Ana B' })
    // A row that arrives deleted (a tombstone to the sync engine) is not shown.
    expect(early.polaroids.map((p) => p.id)).toEqual(['p1'])
    expect(early.polaroids[0]).toMatchObject({ wallId: 'w1', timestamp: 1764000000000, zIndex: 1, x: 10, y: 20 })
    expect(early.stickers).toEqual([rowOf(fromServer('stickers', sticker))])
    expect([...early.pending]).toEqual([])
  })

  it('has nothing when the answer holds no such wall or is not a list of rows', () => {
    expect(earlyWallFromRest([], 'w1')).toBeNull()
    expect(earlyWallFromRest([wall], 'other')).toBeNull()
    expect(earlyWallFromRest({ message: 'JWT expired' }, 'w1')).toBeNull()
    expect(earlyWallFromRest([{ ...wall, deleted_at: '2026-11-02T00:00:00+00:00' }], 'w1')).toBeNull()
  })

  it('keeps only rows of that wall, and a wall whose owner did not come along', () => {
    const early = earlyWallFromRest([{ ...wall, owner: null, polaroids: [polaroid('x', { wall_id: 'w2' }), 'junk'] }], 'w1')!
    expect(early.owner).toBeNull()
    expect(early.polaroids).toEqual([])
  })
})

describe('wallRestUrl', () => {
  it('asks for the wall with its owner and live items in one request', () => {
    const url = new URL(wallRestUrl('https://x.supabase.co', 'a b'))
    expect(url.pathname).toBe('/rest/v1/walls')
    expect(url.searchParams.get('select')).toBe('*,owner:profiles!owner_id(*),polaroids(*),wall_stickers(*)')
    expect(url.searchParams.get('id')).toBe('eq.a b')
    expect(url.searchParams.get('deleted_at')).toBe('is.null')
    expect(url.searchParams.get('polaroids.deleted_at')).toBe('is.null')
    expect(url.searchParams.get('wall_stickers.deleted_at')).toBe('is.null')
  })
})

describe('earlyAuthOf', () => {
  const now = 1_800_000_000_000
  it("uses the stored session's token while it is valid, else anon", () => {
    expect(earlyAuthOf('anon', null, now)).toEqual({ anonKey: 'anon', accessToken: null, userId: null })
    expect(earlyAuthOf('anon', { accessToken: 't', expiresAt: now / 1000 + 3600 }, now).accessToken).toBe('t')
    expect(earlyAuthOf('anon', { accessToken: 't', expiresAt: now / 1000 - 1 }, now).accessToken).toBeNull()
    // About to expire: it could on the way.
    expect(earlyAuthOf('anon', { accessToken: 't', expiresAt: now / 1000 + 5 }, now).accessToken).toBeNull()
  })

  it('knows who is signed in even when the token has expired (their profile is readable by anyone)', () => {
    const user = { id: 'u1' }
    expect(earlyAuthOf('anon', { accessToken: 't', expiresAt: now / 1000 - 1, user }, now)).toEqual({
      anonKey: 'anon',
      accessToken: null,
      userId: 'u1',
    })
  })
})

describe('fetchWallEarly', () => {
  const answering = (status: number, body: unknown) => {
    const calls: Array<{ url: string; init?: RequestInit }> = []
    const fetcher = ((url: string, init?: RequestInit) => {
      calls.push({ url, init })
      return Promise.resolve(new Response(JSON.stringify(body), { status }))
    }) as unknown as typeof fetch
    return { calls, fetcher }
  }

  it("sends the anon key and the user's token, and maps the answer", async () => {
    const { calls, fetcher } = answering(200, [wall])
    const early = await fetchWallEarly('http://stack', 'w1', { anonKey: 'anon', accessToken: 'token' }, fetcher)
    expect(early?.polaroids.map((p) => p.id)).toEqual(['p1'])
    expect(calls).toHaveLength(1)
    expect(calls[0]!.init?.headers).toMatchObject({ apikey: 'anon', Authorization: 'Bearer token' })
  })

  it('goes as anon without a session', async () => {
    const { calls, fetcher } = answering(200, [])
    expect(await fetchWallEarly('http://stack', 'w1', { anonKey: 'anon', accessToken: null }, fetcher)).toBeNull()
    expect(calls[0]!.init?.headers).toMatchObject({ Authorization: 'Bearer anon' })
  })

  it('has nothing after a refusal, a broken answer or no network (the worker fills the screen then)', async () => {
    const auth = { anonKey: 'anon', accessToken: null }
    expect(await fetchWallEarly('http://stack', 'w1', auth, answering(401, { message: 'JWT expired' }).fetcher)).toBeNull()
    const broken = (() => Promise.resolve(new Response('<html>', { status: 200 }))) as unknown as typeof fetch
    expect(await fetchWallEarly('http://stack', 'w1', auth, broken)).toBeNull()
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch
    expect(await fetchWallEarly('http://stack', 'w1', auth, offline)).toBeNull()
  })
})
