// Writes through supabase-js: insert (one row, arrays with `columns=`, `missing=default`), upsert with
// merge and ignore resolutions and on_conflict, update and delete with and without representation,
// counting, and the promises PostgREST keeps (single() rolls back, tx=rollback, max-affected).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { countRows, newId, restFetch, rowOf, seedPolaroid, seedWall, seedWardrobeItem } from './restFixtures'

describe('REST writes', () => {
  let stack: TestStack
  let alice: TestUser

  beforeAll(async () => {
    stack = await startTestStack()
    alice = await createTestUser(stack)
  })

  afterAll(async () => {
    await stack.close()
  })

  it('inserts one object with return=minimal by default: 201 and no body', async () => {
    const id = newId('wall')
    const { data, error, status } = await alice.client
      .from('walls')
      .insert({ id, name: 'Minimal', owner_id: alice.id })
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toBeNull()
    expect(await rowOf(stack, 'walls', id)).toMatchObject({
      name: 'Minimal',
      private: false,
      description: null,
    })
  })

  it('returns the inserted row with embeds when asked (select + single)', async () => {
    const id = newId('wall')
    const { data, error, status } = await alice.client
      .from('walls')
      .insert({ id, name: 'Shown', owner_id: alice.id, private: true })
      .select('id, name, private, owner:profiles!walls_owner_id_fkey(username)')
      .single()
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toEqual({ id, name: 'Shown', private: true, owner: { username: alice.username } })
  })

  it('inserts arrays: a key missing in one row is NULL, or the default with defaultToNull: false', async () => {
    const [a, b] = [newId('wall'), newId('wall')]
    const { data, error } = await alice.client
      .from('walls')
      .insert([
        { id: a, name: 'With description', owner_id: alice.id, description: 'yes' },
        { id: b, name: 'Without', owner_id: alice.id },
      ])
      .select('id, description')
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: a, description: 'yes' },
      { id: b, description: null },
    ])

    const [c, d] = [newId('wall'), newId('wall')]
    const nulls = await alice.client.from('walls').insert([
      { id: c, name: 'Private', owner_id: alice.id, private: true },
      { id: d, name: 'Unset', owner_id: alice.id },
    ])
    expect(nulls.status).toBe(400)
    expect(nulls.error!.code).toBe('23502')
    expect(await rowOf(stack, 'walls', c)).toBeUndefined()

    const defaults = await alice.client
      .from('walls')
      .insert(
        [
          { id: c, name: 'Private', owner_id: alice.id, private: true },
          { id: d, name: 'Unset', owner_id: alice.id },
        ],
        { defaultToNull: false },
      )
      .select('id, private')
    expect(defaults.error).toBeNull()
    expect(defaults.data).toEqual([
      { id: c, private: true },
      { id: d, private: false },
    ])
  })

  it('upserts with merge-duplicates on the primary key and on explicit on_conflict columns', async () => {
    const id = await seedWall(stack, alice.id, { name: 'Before' })
    const merged = await alice.client
      .from('walls')
      .upsert({ id, name: 'After', owner_id: alice.id })
      .select('id, name')
    expect(merged.error).toBeNull()
    expect(merged.status).toBe(201)
    expect(merged.data).toEqual([{ id, name: 'After' }])

    const fresh = newId('wall')
    const both = await alice.client
      .from('walls')
      .upsert(
        [
          { id, name: 'Again', owner_id: alice.id },
          { id: fresh, name: 'New', owner_id: alice.id },
        ],
        { onConflict: 'id' },
      )
      .select('id, name')
    expect(both.error).toBeNull()
    expect(both.data).toEqual([
      { id, name: 'Again' },
      { id: fresh, name: 'New' },
    ])
  })

  it('upserts with ignore-duplicates: existing rows stay as they are', async () => {
    const id = await seedWall(stack, alice.id, { name: 'Keep me' })
    const fresh = newId('wall')
    const { error, status } = await alice.client.from('walls').upsert(
      [
        { id, name: 'Overwritten?', owner_id: alice.id },
        { id: fresh, name: 'Added', owner_id: alice.id },
      ],
      { onConflict: 'id', ignoreDuplicates: true },
    )
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect((await rowOf(stack, 'walls', id))!.name).toBe('Keep me')
    expect((await rowOf(stack, 'walls', fresh))!.name).toBe('Added')
  })

  it('updates with filters: 204 by default, 200 with the rows when selected', async () => {
    const id = await seedWall(stack, alice.id, { name: 'Old name' })
    const minimal = await alice.client.from('walls').update({ description: 'Described' }).eq('id', id)
    expect(minimal.error).toBeNull()
    expect(minimal.status).toBe(204)
    const shown = await alice.client
      .from('walls')
      .update({ name: 'New name' })
      .eq('id', id)
      .select('id, name, description')
    expect(shown.status).toBe(200)
    expect(shown.data).toEqual([{ id, name: 'New name', description: 'Described' }])
    const counted = await alice.client
      .from('walls')
      .update({ name: 'Counted' }, { count: 'exact' })
      .eq('id', id)
    expect(counted.count).toBe(1)
    const nothing = await alice.client
      .from('walls')
      .update({ name: 'Nobody' })
      .eq('id', 'no_such_wall')
      .select()
    expect(nothing.data).toEqual([])
  })

  it('deletes with filters, returning the deleted rows or a count', async () => {
    const wall = await seedWall(stack, alice.id)
    const [p1, p2] = [await seedPolaroid(stack, wall, alice.id), await seedPolaroid(stack, wall, alice.id)]
    const shown = await alice.client.from('polaroids').delete().eq('id', p1).select('id, wall_id')
    expect(shown.error).toBeNull()
    expect(shown.status).toBe(200)
    expect(shown.data).toEqual([{ id: p1, wall_id: wall }])
    const counted = await alice.client.from('polaroids').delete({ count: 'exact' }).eq('wall_id', wall)
    expect(counted.status).toBe(204)
    expect(counted.count).toBe(1)
    expect(await rowOf(stack, 'polaroids', p2)).toBeUndefined()
  })

  it('rolls back a write that breaks single() and answers 406', async () => {
    const [a, b] = [newId('wall'), newId('wall')]
    const { error, status } = await alice.client
      .from('walls')
      .insert([
        { id: a, name: 'One', owner_id: alice.id },
        { id: b, name: 'Two', owner_id: alice.id },
      ])
      .select()
      .single()
    expect(status).toBe(406)
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' })
    expect(await rowOf(stack, 'walls', a)).toBeUndefined()
    const updated = await alice.client
      .from('walls')
      .update({ name: 'x' })
      .eq('id', 'no_such_wall')
      .select()
      .single()
    expect(updated.status).toBe(406)
    expect(updated.error!.details).toBe('The result contains 0 rows')
  })

  it('honours Prefer: tx=rollback and max-affected', async () => {
    const id = newId('wall')
    const rolledBack = await alice.client
      .from('walls')
      .insert({ id, name: 'Ghost', owner_id: alice.id })
      .select('name')
      .rollback()
    expect(rolledBack.error).toBeNull()
    expect(rolledBack.data).toEqual([{ name: 'Ghost' }])
    expect(await rowOf(stack, 'walls', id)).toBeUndefined()

    const item1 = await seedWardrobeItem(stack, alice.id, { name: 'limit-me' })
    const item2 = await seedWardrobeItem(stack, alice.id, { name: 'limit-me' })
    // supabase-js types gate .maxAffected() on PostgREST 13; send the same Prefer it would.
    const limited = await restFetch(stack, '/wardrobe_items?name=eq.limit-me', {
      method: 'DELETE',
      token: alice.accessToken,
      headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=1' },
    })
    expect(limited.status).toBe(400)
    expect(limited.json).toMatchObject({ code: 'PGRST124', details: 'The query affects 2 rows' })
    expect(await rowOf(stack, 'wardrobe_items', item1)).toBeDefined()
    expect(await rowOf(stack, 'wardrobe_items', item2)).toBeDefined()
  })

  it('answers return=headers-only with a Location and limits PATCH/DELETE with order+limit', async () => {
    const id = newId('wall')
    const res = await restFetch(stack, '/walls', {
      method: 'POST',
      token: alice.accessToken,
      headers: { 'Content-Type': 'application/json', Prefer: 'return=headers-only' },
      body: JSON.stringify({ id, name: 'Located', owner_id: alice.id }),
    })
    expect(res.status).toBe(201)
    expect(res.text).toBe('')
    expect(res.headers.get('location')).toBe(`/walls?id=eq.${id}`)

    const owner = await createTestUser(stack)
    const first = await seedWall(stack, owner.id, { name: 'a-first', createdAt: '2026-01-01T00:00:00Z' })
    const second = await seedWall(stack, owner.id, { name: 'a-second', createdAt: '2026-01-02T00:00:00Z' })
    const patched = await restFetch(
      stack,
      `/walls?owner_id=eq.${owner.id}&order=created_at.desc&limit=1&select=id`,
      {
        method: 'PATCH',
        token: owner.accessToken,
        headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
        body: JSON.stringify({ description: 'latest' }),
      },
    )
    expect(patched.json).toEqual([{ id: second }])
    expect((await rowOf(stack, 'walls', first))!.description).toBeNull()
  })

  it('accepts embed filters and paging it does not need when nothing is returned', async () => {
    const wall = await seedWall(stack, alice.id)
    await seedPolaroid(stack, wall, alice.id, { name: 'kept' })
    const res = await restFetch(
      stack,
      `/walls?id=eq.${wall}&select=id,polaroids(id)&polaroids.name=eq.kept&polaroids.limit=1&name=not.is.null`,
      {
        method: 'PATCH',
        token: alice.accessToken,
        headers: { 'Content-Type': 'application/json' },
        body: '{"description":"d"}',
      },
    )
    expect(res.status).toBe(204)
    expect((await rowOf(stack, 'walls', wall))!.description).toBe('d')
    const shown = await alice.client
      .from('walls')
      .update({ description: 'e' })
      .eq('id', wall)
      .eq('polaroids.name', 'kept')
      .select('id, polaroids(name)')
    expect(shown.data).toEqual([{ id: wall, polaroids: [{ name: 'kept' }] }])
  })

  it('treats an empty PATCH body object as nothing to change', async () => {
    const id = await seedWall(stack, alice.id, { name: 'Untouched' })
    const before = await rowOf(stack, 'walls', id)
    const { error, data } = await alice.client.from('walls').update({}).eq('id', id).select('name')
    expect(error).toBeNull()
    expect(data).toEqual([])
    expect(await rowOf(stack, 'walls', id)).toEqual(before)
    expect(await countRows(stack, 'walls')).toBeGreaterThan(0)
  })
})
