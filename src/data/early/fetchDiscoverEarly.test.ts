import { describe, expect, it } from 'vitest'
import { fromServer } from '../model/mapping'
import { discoverRestUrl, earlyDiscoverFromRest, fetchDiscoverEarly } from './fetchDiscoverEarly'

const wall = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  name: `Wall ${id}`,
  description: null,
  owner_id: 'u1',
  private: false,
  created_at: '2026-11-01T00:00:00+00:00',
  updated_at: '2026-11-01T00:00:00+00:00',
  deleted_at: null,
  txid: 1,
  ...fields,
})
const row = (id: string, createdAt: string, fields: Record<string, unknown> = {}) => ({
  id,
  wall_id: 'w1',
  name: id,
  message: '',
  image_path: null,
  external_url: 'https://example.com/p.jpg',
  timestamp: 5,
  created_by: 'u1',
  x: 0,
  y: 0,
  z_index: 1,
  created_at: createdAt,
  updated_at: createdAt,
  deleted_at: null,
  txid: 2,
  walls: wall('w1'),
  profiles: { id: 'u1', username: 'Ana', display_name: null, avatar_path: null, txid: 3 },
  ...fields,
})

describe('earlyDiscoverFromRest', () => {
  it("gives useDiscover's cards, with the sync engine's rows, newest first", () => {
    const older = row('p1', '2026-11-02T00:00:00+00:00')
    const newer = row('p2', '2026-11-03T00:00:00+00:00', { profiles: null })
    const cards = earlyDiscoverFromRest([older, newer])!
    expect(cards.map((c) => c.polaroid.id)).toEqual(['p2', 'p1'])
    const mapped = fromServer('polaroids', older)
    expect(cards[1]!.polaroid).toEqual(mapped.kind === 'row' ? mapped.row : null)
    expect(cards[1]!.polaroid).not.toHaveProperty('walls')
    expect(cards[1]!.wall).toMatchObject({ id: 'w1', name: 'Wall w1', ownerId: 'u1' })
    expect(cards[1]!.author).toMatchObject({ id: 'u1', username: 'Ana', usernameLower: 'ana' })
    expect(cards[0]!.author).toBeNull()
    // A first visit has no replica, so no photo of its waits to upload: each card's link is known at once.
    expect(cards.map((c) => c.pendingUpload)).toEqual([false, false])
  })

  it('leaves out deleted polaroids, cards without their wall, and what is not a row', () => {
    const cards = earlyDiscoverFromRest([
      row('gone', '2026-11-02T00:00:00+00:00', { deleted_at: '2026-11-04T00:00:00+00:00' }),
      row('orphan', '2026-11-02T00:00:00+00:00', { walls: null }),
      row('wallgone', '2026-11-02T00:00:00+00:00', { walls: wall('w1', { deleted_at: '2026-11-04T00:00:00+00:00' }) }),
      'junk',
    ])
    expect(cards).toEqual([])
    expect(earlyDiscoverFromRest({ message: 'nope' })).toBeNull()
  })
})

describe('discoverRestUrl', () => {
  it("asks for the discover pull's window in one request", () => {
    const url = new URL(discoverRestUrl('http://stack'))
    expect(url.pathname).toBe('/rest/v1/polaroids')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      select: '*,walls!inner(*),profiles!created_by(*)',
      deleted_at: 'is.null',
      'walls.deleted_at': 'is.null',
      order: 'created_at.desc,id.asc',
      limit: '240',
    })
  })
})

describe('fetchDiscoverEarly', () => {
  it('has nothing after a refusal or without a network', async () => {
    const auth = { anonKey: 'anon', accessToken: null }
    const refused = (() => Promise.resolve(new Response('{}', { status: 500 }))) as unknown as typeof fetch
    expect(await fetchDiscoverEarly('http://stack', auth, refused)).toBeNull()
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch
    expect(await fetchDiscoverEarly('http://stack', auth, offline)).toBeNull()
  })
})
