import { describe, expect, it } from 'vitest'
import { earlyProfileFromRest, fetchProfileEarly, profileRestUrl } from './fetchProfileEarly'

const ada = {
  id: 'u1',
  username: 'Ada_L',
  display_name: 'Ada L.',
  avatar_path: null,
  bio: null,
  hide_presence: false,
  created_at: '2026-11-01T00:00:00+00:00',
  updated_at: '2026-11-01T00:00:00+00:00',
  deleted_at: null,
  txid: '41',
}

function wall(id: string, createdAt: string, previews: unknown[], count: number, ownerId = 'u1') {
  return {
    id,
    name: `Wall ${id}`,
    description: null,
    owner_id: ownerId,
    private: false,
    created_at: createdAt,
    updated_at: createdAt,
    deleted_at: null,
    txid: '42',
    previews,
    polaroid_ids: Array.from({ length: count }, (_, i) => ({ id: `${id}-p${i}` })),
  }
}

function polaroid(id: string, wallId: string, createdAt: string) {
  return {
    id,
    wall_id: wallId,
    name: id,
    message: null,
    image_path: `polaroid-images/${wallId}/${id}.jpg`,
    created_by: 'u1',
    x: 0,
    y: 0,
    z_index: 1,
    timestamp: 1,
    created_at: createdAt,
    updated_at: createdAt,
    deleted_at: null,
    txid: '43',
  }
}

describe('profileRestUrl', () => {
  it('asks for the profile by name in any case, with its walls, four newest previews each and their count', () => {
    const url = new URL(profileRestUrl('http://stack', 'Ada_L')!)
    expect(url.pathname).toBe('/rest/v1/profiles')
    // `_` is the one wildcard a username may hold: escaped, so Ada_L never finds AdaXL.
    expect(url.searchParams.get('username')).toBe('ilike.Ada\\_L')
    expect(url.searchParams.get('select')).toBe('*,walls!owner_id(*,previews:polaroids(*),polaroid_ids:polaroids(id))')
    expect(url.searchParams.get('deleted_at')).toBe('is.null')
    expect(url.searchParams.get('walls.deleted_at')).toBe('is.null')
    expect(url.searchParams.get('walls.previews.deleted_at')).toBe('is.null')
    expect(url.searchParams.get('walls.previews.limit')).toBe('4')
    expect(url.searchParams.get('walls.previews.order')).toBe('created_at.desc,id.asc')
    expect(url.searchParams.get('walls.polaroid_ids.deleted_at')).toBe('is.null')
  })

  it('asks nothing for a name no profile can have', () => {
    for (const name of ['a', 'x%', 'a*b', 'with space', 'é-accent', 'a'.repeat(31)]) expect(profileRestUrl('http://stack', name)).toBeNull()
  })
})

describe('earlyProfileFromRest', () => {
  it('maps the profile and its walls as the replica would hold them, newest wall first', () => {
    const body = [
      {
        ...ada,
        walls: [
          wall('w1', '2026-11-02T00:00:00+00:00', [polaroid('p2', 'w1', '2026-11-03T00:00:00+00:00'), polaroid('p1', 'w1', '2026-11-02T00:00:00+00:00')], 7),
          wall('w2', '2026-11-05T00:00:00+00:00', [], 0),
        ],
      },
    ]
    const answer = earlyProfileFromRest(body, 'ada_l')
    expect(answer?.usernameLower).toBe('ada_l')
    expect(answer?.profile).toMatchObject({ id: 'u1', username: 'Ada_L', usernameLower: 'ada_l', displayName: 'Ada L.' })
    expect(answer?.walls.map((w) => [w.wall.id, w.polaroidCount, w.previews.map((p) => p.id)])).toEqual([
      ['w2', 0, []],
      ['w1', 7, ['p2', 'p1']],
    ])
  })

  it("drops what is not the profile's: another owner's wall, another wall's polaroid", () => {
    const body = [{ ...ada, walls: [wall('w1', '2026-11-02T00:00:00+00:00', [polaroid('p9', 'w9', '2026-11-03T00:00:00+00:00')], 1), wall('w3', '2026-11-02T00:00:00+00:00', [], 0, 'u2')] }]
    const answer = earlyProfileFromRest(body, 'Ada_L')
    expect(answer?.walls.map((w) => [w.wall.id, w.previews.length])).toEqual([['w1', 0]])
  })

  it('says "no one" for an empty answer, and nothing for an error body', () => {
    expect(earlyProfileFromRest([], 'Nobody')).toEqual({ usernameLower: 'nobody', profile: null, walls: [] })
    expect(earlyProfileFromRest({ message: 'JWT expired' }, 'Ada_L')).toBeNull()
  })
})

describe('fetchProfileEarly', () => {
  it('asks once and gives the page; nothing for a refused answer, a failed request or a name no one has', async () => {
    const urls: string[] = []
    const ok = ((url: string) => {
      urls.push(url)
      return Promise.resolve(new Response(JSON.stringify([{ ...ada, walls: [] }]), { status: 200 }))
    }) as unknown as typeof fetch
    expect((await fetchProfileEarly('http://stack', 'Ada_L', { anonKey: 'anon', accessToken: null }, ok))?.profile?.id).toBe('u1')
    expect(await fetchProfileEarly('http://stack', 'no space', { anonKey: 'anon', accessToken: null }, ok)).toBeNull()
    expect(urls).toHaveLength(1)
    const refused = (() => Promise.resolve(new Response('{}', { status: 400 }))) as unknown as typeof fetch
    expect(await fetchProfileEarly('http://stack', 'Ada_L', { anonKey: 'anon', accessToken: null }, refused)).toBeNull()
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch
    expect(await fetchProfileEarly('http://stack', 'Ada_L', { anonKey: 'anon', accessToken: null }, offline)).toBeNull()
  })
})
