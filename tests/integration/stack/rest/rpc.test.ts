// Remote procedure calls through supabase-js: the app's functions (move_polaroid, delete_own_wall) by
// POST, a GET call with arguments in the query string, and — with functions this test adds to its own
// in-memory database — scalar, set-returning and table results with select, filters, order, paging,
// count and embeds, overload choice by argument names, and PGRST202 for unknown functions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { restFetch, rowOf, seedPolaroid, seedWall } from './restFixtures'

describe('REST rpc', () => {
  let stack: TestStack
  let alice: TestUser
  let bob: TestUser

  beforeAll(async () => {
    stack = await startTestStack()
    alice = await createTestUser(stack)
    bob = await createTestUser(stack)
    await stack.db.exec(`
      create function public.walls_named(prefix text) returns setof public.walls
        language sql stable as $$ select * from public.walls where name like prefix || '%' $$;
      create function public.numbers(n integer) returns setof integer
        language sql immutable as $$ select generate_series(1, n) $$;
      create function public.add_numbers(a integer, b integer default 10) returns integer
        language sql immutable as $$ select a + b $$;
      create function public.add_numbers(a integer, b integer, c integer) returns integer
        language sql immutable as $$ select a + b + c $$;
      create function public.wall_stats(owner uuid) returns table (wall_name text, polaroid_count bigint)
        language sql stable as $$
          select w.name, (select count(*) from public.polaroids p where p.wall_id = w.id)
            from public.walls w where w.owner_id = owner order by w.name $$;
      create function public.count_items(ids text[]) returns integer
        language sql immutable as $$ select coalesce(array_length(ids, 1), 0) $$;
      create function public.first_wall(owner uuid) returns public.walls
        language sql stable as $$ select * from public.walls where owner_id = owner order by name limit 1 $$;
      create function public.echo(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
    `)
  })

  afterAll(async () => {
    await stack.close()
  })

  it('moves a polaroid with move_polaroid (POST, named arguments, void → 204)', async () => {
    const wall = await seedWall(stack, alice.id)
    const polaroid = await seedPolaroid(stack, wall, alice.id)
    const moved = await alice.client.rpc('move_polaroid', {
      p_id: polaroid,
      new_x: 12.5,
      new_y: -3,
      new_z_index: 7,
    })
    expect(moved.error).toBeNull()
    expect(moved.status).toBe(204)
    expect(moved.data).toBeNull()
    expect(await rowOf(stack, 'polaroids', polaroid)).toMatchObject({ x: 12.5, y: -3, z_index: 7 })
  })

  it('deletes a wall and its polaroids with delete_own_wall', async () => {
    const wall = await seedWall(stack, alice.id)
    const polaroid = await seedPolaroid(stack, wall, bob.id)
    const { error } = await alice.client.rpc('delete_own_wall', { wall_id: wall })
    expect(error).toBeNull()
    expect((await rowOf(stack, 'walls', wall))!.deleted_at).not.toBeNull()
    expect((await rowOf(stack, 'polaroids', polaroid))!.deleted_at).not.toBeNull()
  })

  it("passes the function's own error through (P0001 → 400, 42501 → 401 for guests)", async () => {
    const missing = await alice.client.rpc('move_polaroid', {
      p_id: 'no_such_item',
      new_x: 0,
      new_y: 0,
      new_z_index: 1,
    })
    expect(missing.status).toBe(400)
    expect(missing.error).toMatchObject({ code: 'P0001', message: 'This item no longer exists.' })
    const guest = await stack.client().rpc('delete_own_wall', { wall_id: 'whatever1' })
    expect(guest.status).toBe(401)
    expect(guest.error).toMatchObject({
      code: '42501',
      message: 'User must be authenticated to delete walls',
    })
  })

  it('calls by GET with arguments in the query string, arrays as {a,b}', async () => {
    const valid = await stack.client().rpc('is_client_id', { value: 'abcdefgh12' }, { get: true })
    expect(valid.error).toBeNull()
    expect(valid.data).toBe(true)
    const invalid = await stack.client().rpc('is_client_id', { value: 'no spaces allowed' }, { get: true })
    expect(invalid.data).toBe(false)
    const counted = await stack.client().rpc('count_items', { ids: ['a', 'b', 'c'] }, { get: true })
    expect(counted.data).toBe(3)
    const added = await stack.client().rpc('add_numbers', { a: 1, b: 2 }, { get: true })
    expect(added.data).toBe(3)
  })

  it('chooses the overload by argument names and applies defaults', async () => {
    expect((await stack.client().rpc('add_numbers', { a: 1 })).data).toBe(11)
    expect((await stack.client().rpc('add_numbers', { a: 1, b: 2, c: 3 })).data).toBe(6)
    const wrong = await stack.client().rpc('add_numbers', { a: 1, z: 2 })
    expect(wrong.status).toBe(404)
    expect(wrong.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.add_numbers(a, z) in the schema cache',
    })
  })

  it('returns set-returning results as arrays that accept select, filters, order, paging and count', async () => {
    const owner = await createTestUser(stack)
    await seedWall(stack, owner.id, { name: 'Zeta rpc' })
    await seedWall(stack, owner.id, { name: 'Zulu rpc' })
    await seedWall(stack, owner.id, { name: 'Zulu private rpc', private: true })
    const { data, error, count, status } = await stack
      .client()
      .rpc('walls_named', { prefix: 'Z' }, { count: 'exact' })
      .select('name, owner:profiles!walls_owner_id_fkey(username)')
      .ilike('name', '%rpc')
      .order('name', { ascending: false })
      .range(0, 0)
    expect(error).toBeNull()
    expect(status).toBe(206)
    expect(count).toBe(2) // the private wall stays hidden from guests: RLS applies inside the function
    expect(data).toEqual([{ name: 'Zulu rpc', owner: { username: owner.username } }])
    const single = await stack.client().rpc('walls_named', { prefix: 'Zeta' }).select('name').single()
    expect(single.data).toEqual({ name: 'Zeta rpc' })

    const numbers = await stack.client().rpc('numbers', { n: 4 })
    expect(numbers.data).toEqual([1, 2, 3, 4])
    const limited = await stack.client().rpc('numbers', { n: 4 }).limit(2)
    expect(limited.data).toEqual([1, 2])
    const stats = await stack
      .client()
      .rpc('wall_stats', { owner: owner.id })
      .gte('wall_name', 'Zu')
      .select('wall_name')
    expect(stats.data).toEqual([{ wall_name: 'Zulu rpc' }])
    const head = await stack.client().rpc('numbers', { n: 5 }, { head: true, count: 'exact' })
    expect(head.data).toBeNull()
    expect(head.count).toBe(5)
  })

  it('returns a single composite as an object and passes a lone json argument whole', async () => {
    const owner = await createTestUser(stack)
    await seedWall(stack, owner.id, { name: 'B wall' })
    await seedWall(stack, owner.id, { name: 'A wall' })
    const { data } = await stack.client().rpc('first_wall', { owner: owner.id }).select('name')
    expect(data).toEqual({ name: 'A wall' })
    const echo = await stack.client().rpc('echo', { any: ['thing', 1] })
    expect(echo.data).toEqual({ any: ['thing', 1] })
  })

  it('answers unknown functions with 404 PGRST202 and a suggestion', async () => {
    const { error, status } = await stack.client().rpc('move_polaroids', { p_id: 'x' })
    expect(status).toBe(404)
    expect(error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.move_polaroids(p_id) in the schema cache',
      hint: 'Perhaps you meant to call the function public.move_polaroid',
    })
    const raw = await restFetch(stack, '/rpc/nothing_like_this', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(raw.status).toBe(404)
    expect(raw.json).toMatchObject({ code: 'PGRST202' })
  })

  it('honours Content-Profile: only public is exposed', async () => {
    const { error, status } = await stack
      .client()
      .schema('private')
      .rpc('is_client_id', { value: 'abcdefgh12' })
    expect(status).toBe(406)
    expect(error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: private' })
    const get = await stack
      .client()
      .schema('private')
      .rpc('is_client_id', { value: 'abcdefgh12' }, { get: true })
    expect(get.status).toBe(406)
  })

  it('runs GET calls read-only, like PostgREST', async () => {
    await stack.db.exec(`create function public.bump() returns integer language plpgsql as $$
      begin update public.walls set description = 'bumped' where false; return 1; end $$`)
    const post = await alice.client.rpc('bump')
    expect(post.data).toBe(1)
    const get = await alice.client.rpc('bump', {}, { get: true })
    expect(get.status).toBe(405)
    expect(get.error!.code).toBe('25006')
  })
})
