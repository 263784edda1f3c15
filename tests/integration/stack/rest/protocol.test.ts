// The HTTP contract around the queries: API key and JWT checks (401 with PostgREST codes), profiles,
// HEAD, the Range header, Content-Range and 206/416, content negotiation, methods, the request GUCs
// functions can read, the schema cache following DDL, and ambiguous embeds (300 PGRST201).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signJwt } from '../../../../supabase/local/keys'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { restFetch, seedWall } from './restFixtures'

describe('REST protocol', () => {
  let stack: TestStack
  let alice: TestUser

  beforeAll(async () => {
    stack = await startTestStack()
    alice = await createTestUser(stack)
    for (const name of ['Alpha', 'Beta', 'Gamma']) await seedWall(stack, alice.id, { name })
  })

  afterAll(async () => {
    await stack.close()
  })

  it('requires an API key and a valid JWT', async () => {
    const noKey = await restFetch(stack, '/walls', { key: null })
    expect(noKey.status).toBe(401)
    expect(noKey.json).toMatchObject({ message: 'No API key found in request' })
    const wrongKey = await restFetch(stack, '/walls', { key: 'not-a-key' })
    expect(wrongKey.status).toBe(401)
    expect(wrongKey.json).toMatchObject({ message: 'Invalid API key' })

    const secret = stack.context.config.jwtSecret
    const expired = await signJwt(secret, { sub: alice.id, role: 'authenticated' }, -60)
    const late = await restFetch(stack, '/walls', { token: expired })
    expect(late.status).toBe(401)
    expect(late.json).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' })
    const forged = await signJwt(
      'another-secret-that-is-long-enough-to-sign',
      { sub: alice.id, role: 'authenticated' },
      60,
    )
    const bad = await restFetch(stack, '/walls', { token: forged })
    expect(bad.status).toBe(401)
    expect((bad.json as { code: string }).code).toBe('PGRST301')
    const anonBearer = await restFetch(stack, '/walls?select=name&order=name')
    expect(anonBearer.status).toBe(200)
    expect(anonBearer.json).toEqual([{ name: 'Alpha' }, { name: 'Beta' }, { name: 'Gamma' }])
  })

  it('serves only the public schema (406 PGRST106 otherwise)', async () => {
    const { error, status } = await stack.client().schema('private').from('walls').select('*')
    expect(status).toBe(406)
    expect(error).toEqual({
      code: 'PGRST106',
      details: null,
      hint: 'Only the following schemas are exposed: public',
      message: 'Invalid schema: private',
    })
    const write = await restFetch(stack, '/walls', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Profile': 'auth' },
      body: '{}',
    })
    expect(write.status).toBe(406)
    const explicit = await restFetch(stack, '/walls?select=name&limit=1', {
      headers: { 'Accept-Profile': 'public' },
    })
    expect(explicit.status).toBe(200)
  })

  it('answers HEAD without a body, and reports ranges in Content-Range', async () => {
    const head = await restFetch(stack, '/walls?select=*', {
      method: 'HEAD',
      headers: { Prefer: 'count=exact' },
    })
    expect(head.status).toBe(200)
    expect(head.text).toBe('')
    expect(head.headers.get('content-range')).toBe('0-2/3')

    const ranged = await restFetch(stack, '/walls?select=name&order=name', {
      headers: { Range: '1-1', 'Range-Unit': 'items' },
    })
    expect(ranged.json).toEqual([{ name: 'Beta' }])
    expect(ranged.headers.get('content-range')).toBe('1-1/*')

    const counted = await restFetch(stack, '/walls?select=name&order=name&offset=1&limit=5', {
      headers: { Prefer: 'count=exact' },
    })
    expect(counted.status).toBe(206)
    expect(counted.headers.get('content-range')).toBe('1-2/3')

    const empty = await restFetch(stack, '/walls?name=eq.none', { headers: { Prefer: 'count=exact' } })
    expect(empty.json).toEqual([])
    expect(empty.headers.get('content-range')).toBe('*/0')

    const beyond = await restFetch(stack, '/walls?offset=10', { headers: { Prefer: 'count=exact' } })
    expect(beyond.status).toBe(416)
    expect(beyond.json).toMatchObject({
      code: 'PGRST103',
      details: 'An offset of 10 was requested, but there are only 3 rows.',
    })
    const inverted = await restFetch(stack, '/walls', { headers: { Range: '5-2' } })
    expect(inverted.status).toBe(416)
  })

  it('negotiates the response format and refuses unsupported methods', async () => {
    const csv = await restFetch(stack, '/walls', { headers: { Accept: 'text/csv' } })
    expect(csv.status).toBe(406)
    expect((csv.json as { code: string }).code).toBe('PGRST107')
    const any = await restFetch(stack, '/walls?select=name&limit=1', {
      headers: { Accept: 'application/json, text/plain, */*' },
    })
    expect(any.status).toBe(200)
    expect(any.headers.get('content-type')).toContain('application/json')
    const object = await restFetch(stack, '/walls?select=name&name=eq.Beta', {
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    })
    expect(object.json).toEqual({ name: 'Beta' })
    const put = await restFetch(stack, '/walls', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(put.status).toBe(405)
    const rpcPatch = await restFetch(stack, '/rpc/is_client_id', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(rpcPatch.status).toBe(405)
    const root = await restFetch(stack, '/')
    expect(root.status).toBe(200)
    expect(Object.keys((root.json as { paths: object }).paths)).toContain('/walls')
  })

  it('runs each request as its role with request.* settings like PostgREST', async () => {
    await stack.db.exec(`
      create function public.request_info() returns json language sql stable as $$
        select json_build_object(
          'role', current_user,
          'uid', auth.uid(),
          'method', current_setting('request.method', true),
          'path', current_setting('request.path', true),
          'client', current_setting('request.headers', true)::json ->> 'x-client-info',
          'read_only', current_setting('transaction_read_only'))
      $$;
      notify pgrst, 'reload schema';
    `)
    const post = await alice.client.rpc('request_info')
    expect(post.data).toMatchObject({
      role: 'authenticated',
      uid: alice.id,
      method: 'POST',
      path: '/rpc/request_info',
      read_only: 'off',
    })
    expect((post.data as { client: string }).client).toContain('supabase-js')
    const get = await stack.client().rpc('request_info', {}, { get: true })
    expect(get.data).toMatchObject({ role: 'anon', uid: null, method: 'GET', read_only: 'on' })
    const service = await stack.admin().rpc('request_info')
    expect(service.data).toMatchObject({ role: 'service_role' })
  })

  it('follows DDL: new tables and columns are served at once; ambiguous embeds get 300 PGRST201', async () => {
    await stack.db.exec(`
      create table public.follows (
        id text primary key,
        follower uuid not null references public.profiles (id),
        followee uuid not null references public.profiles (id)
      );
      grant all on public.follows to anon, authenticated, service_role;
    `)
    await stack.db.query(`insert into public.follows values ('f1', $1, $1)`, [alice.id])
    const ambiguous = await stack.client().from('follows').select('id, profiles(username)')
    expect(ambiguous.status).toBe(300)
    expect(ambiguous.error).toMatchObject({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'follows' and 'profiles'",
    })
    expect(ambiguous.error!.details).toHaveLength(2)
    expect(ambiguous.error!.hint).toContain("'profiles!follows_followee_fkey'")
    const hinted = await stack
      .client()
      .from('follows')
      .select('id, who:profiles!follower(username), whom:profiles!follows_followee_fkey(username)')
    expect(hinted.data).toEqual([
      { id: 'f1', who: { username: alice.username }, whom: { username: alice.username } },
    ])
    const reverse = await stack
      .client()
      .from('profiles')
      .select('id, follows!follower(id)')
      .eq('id', alice.id)
    expect(reverse.data).toEqual([{ id: alice.id, follows: [{ id: 'f1' }] }])

    await stack.db.exec(`alter table public.follows add column note text default 'hi'`)
    const added = await stack.client().from('follows').select('id, note')
    expect(added.data).toEqual([{ id: 'f1', note: 'hi' }])
  })
})
