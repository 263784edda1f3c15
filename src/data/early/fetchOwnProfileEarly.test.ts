import { describe, expect, it } from 'vitest'
import { earlyOwnProfileFromRest, fetchOwnProfileEarly, ownProfileRestUrl } from './fetchOwnProfileEarly'

const server = {
  id: 'u1',
  username: 'Ada',
  display_name: 'Ada L.',
  avatar_path: null,
  bio: null,
  hide_presence: false,
  created_at: '2026-11-01T00:00:00+00:00',
  updated_at: '2026-11-01T00:00:00+00:00',
  deleted_at: null,
  txid: '41',
}

describe('ownProfileRestUrl', () => {
  it("asks for the person's profile by id, not a deleted one", () => {
    const url = new URL(ownProfileRestUrl('http://stack', 'u1'))
    expect(url.pathname).toBe('/rest/v1/profiles')
    expect(url.searchParams.get('id')).toBe('eq.u1')
    expect(url.searchParams.get('deleted_at')).toBe('is.null')
  })
})

describe('earlyOwnProfileFromRest', () => {
  it('maps the row as the replica would hold it', () => {
    const answer = earlyOwnProfileFromRest([server], 'u1')
    expect(answer?.userId).toBe('u1')
    expect(answer?.profile).toMatchObject({ id: 'u1', username: 'Ada', usernameLower: 'ada', displayName: 'Ada L.', txid: '41' })
  })

  it('says "none" for an empty answer and for someone else\'s row, and nothing for an error body', () => {
    expect(earlyOwnProfileFromRest([], 'u1')).toEqual({ userId: 'u1', profile: null })
    expect(earlyOwnProfileFromRest([server], 'u2')).toEqual({ userId: 'u2', profile: null })
    expect(earlyOwnProfileFromRest({ message: 'JWT expired' }, 'u1')).toBeNull()
  })
})

describe('fetchOwnProfileEarly', () => {
  it("sends the session's token, and gives nothing for a refused answer or a failed request", async () => {
    const seen: Array<Record<string, string>> = []
    const ok = ((_url: string, init: RequestInit) => {
      seen.push(init.headers as Record<string, string>)
      return Promise.resolve(new Response(JSON.stringify([server]), { status: 200 }))
    }) as unknown as typeof fetch
    const answer = await fetchOwnProfileEarly('http://stack', 'u1', { anonKey: 'anon', accessToken: 'tok' }, ok)
    expect(answer?.profile?.username).toBe('Ada')
    expect(seen[0]).toMatchObject({ apikey: 'anon', Authorization: 'Bearer tok' })

    const refused = (() => Promise.resolve(new Response('{}', { status: 401 }))) as unknown as typeof fetch
    expect(await fetchOwnProfileEarly('http://stack', 'u1', { anonKey: 'anon', accessToken: null }, refused)).toBeNull()
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch
    expect(await fetchOwnProfileEarly('http://stack', 'u1', { anonKey: 'anon', accessToken: null }, offline)).toBeNull()
  })
})
