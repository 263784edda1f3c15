// Reads through supabase-js against the running stack: every select shape the app uses (walls with their
// owner, wardrobe items with tags, polaroids of a wall newest first), embeds in both directions, the
// filter operators, logic trees, ordering, paging, counting and single/maybeSingle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { pluck, seedPolaroid, seedTag, seedWall, seedWardrobeItem } from './restFixtures'

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString()

describe('REST reads', () => {
  let stack: TestStack
  let alice: TestUser
  let bob: TestUser
  let beach: string
  let garden: string
  let board: string
  let polaroids: string[]
  let shirt: string
  let hiddenItem: string

  beforeAll(async () => {
    stack = await startTestStack()
    alice = await createTestUser(stack)
    bob = await createTestUser(stack)
    beach = await seedWall(stack, alice.id, {
      name: 'Sunny Beach',
      description: 'Sand and sea',
      createdAt: daysAgo(3),
    })
    garden = await seedWall(stack, alice.id, { name: 'Secret Garden', private: true, createdAt: daysAgo(2) })
    board = await seedWall(stack, bob.id, { name: "Bob's Board", description: null, createdAt: daysAgo(1) })
    polaroids = [
      await seedPolaroid(stack, beach, alice.id, { name: 'first', createdAt: daysAgo(2), x: 1 }),
      await seedPolaroid(stack, beach, alice.id, { name: 'second', createdAt: daysAgo(1), x: 5 }),
      await seedPolaroid(stack, beach, bob.id, { name: 'third', x: 9 }),
    ]
    await seedPolaroid(stack, garden, alice.id, { name: 'hidden' })
    shirt = await seedWardrobeItem(stack, alice.id, { name: 'Red shirt', isPublic: true })
    await seedTag(stack, shirt, 'color', 'red')
    await seedTag(stack, shirt, 'category', 'shirt')
    hiddenItem = await seedWardrobeItem(stack, alice.id, { name: 'Private coat' })
    await seedTag(stack, hiddenItem, 'color', 'red')
  })

  afterAll(async () => {
    await stack.close()
  })

  it('reads walls with the owner embedded through the named foreign key', async () => {
    const { data, error, status } = await stack
      .client()
      .from('walls')
      .select('*, owner:profiles!walls_owner_id_fkey(id, username, display_name, avatar_path)')
      .order('created_at')
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(pluck(data, 'id')).toEqual([beach, board])
    expect(data![0]).toMatchObject({ id: beach, name: 'Sunny Beach', owner_id: alice.id, private: false })
    expect((data![0] as Record<string, unknown>).owner).toEqual({
      id: alice.id,
      username: alice.username,
      display_name: null,
      avatar_path: null,
    })
    expect(Object.keys(data![0] as object)).toEqual([
      'id',
      'name',
      'description',
      'owner_id',
      'private',
      'created_at',
      'updated_at',
      'deleted_at',
      'txid',
      'owner',
    ])
  })

  it('embeds one-to-many as arrays and many-to-one as objects, nested', async () => {
    const { data, error } = await stack
      .client()
      .from('wardrobe_items')
      .select('id, name, clothing_tags(tag_type, tag_value, item:wardrobe_items(id, name))')
      .order('tag_type', { referencedTable: 'clothing_tags' })
    expect(error).toBeNull()
    expect(data).toEqual([
      {
        id: shirt,
        name: 'Red shirt',
        clothing_tags: [
          { tag_type: 'category', tag_value: 'shirt', item: { id: shirt, name: 'Red shirt' } },
          { tag_type: 'color', tag_value: 'red', item: { id: shirt, name: 'Red shirt' } },
        ],
      },
    ])
  })

  it('embeds the owner of private rows only for the owner (RLS applies inside embeds)', async () => {
    const { data } = await alice.client
      .from('clothing_tags')
      .select('tag_value, wardrobe_items(name)')
      .eq('tag_value', 'red')
    expect(data!.map((t) => (t.wardrobe_items as unknown as { name: string }).name).sort()).toEqual([
      'Private coat',
      'Red shirt',
    ])
    const { data: guest } = await stack
      .client()
      .from('clothing_tags')
      .select('tag_value, wardrobe_items(name)')
      .eq('tag_value', 'red')
    expect(guest).toEqual([{ tag_value: 'red', wardrobe_items: { name: 'Red shirt' } }])
    const { data: walls } = await stack
      .client()
      .from('profiles')
      .select('id, walls(name)')
      .eq('id', alice.id)
      .single()
    expect(walls!.walls).toEqual([{ name: 'Sunny Beach' }])
  })

  it('lists the polaroids of a wall newest first', async () => {
    const { data, error } = await stack
      .client()
      .from('polaroids')
      .select('id, name, creator:profiles(username), walls(name)')
      .eq('wall_id', beach)
      .order('created_at', { ascending: false })
    expect(error).toBeNull()
    expect(pluck(data, 'id')).toEqual([...polaroids].reverse())
    expect(data![0]).toEqual({
      id: polaroids[2],
      name: 'third',
      creator: { username: bob.username },
      walls: { name: 'Sunny Beach' },
    })
  })

  it('filters with in, is, neq, ilike (both wildcards), like, gt/lte and repeated keys', async () => {
    const client = alice.client
    const ids = async (q: PromiseLike<{ data: Array<{ id: string }> | null; error: unknown }>) => {
      const { data, error } = await q
      expect(error).toBeNull()
      return pluck(data, 'id').sort()
    }
    expect(await ids(client.from('walls').select('id').in('id', [beach, board, 'no,such(id)']))).toEqual(
      [beach, board].sort(),
    )
    expect(await ids(client.from('walls').select('id').is('description', null))).toEqual(
      [garden, board].sort(),
    )
    expect(await ids(client.from('walls').select('id').not('description', 'is', null))).toEqual([beach])
    expect(await ids(client.from('walls').select('id').is('private', true))).toEqual([garden])
    expect(await ids(client.from('walls').select('id').neq('owner_id', alice.id))).toEqual([board])
    expect(await ids(client.from('walls').select('id').ilike('name', '%GARDEN%'))).toEqual([garden])
    expect(await ids(client.from('walls').select('id').ilike('name', '*beach'))).toEqual([beach])
    expect(await ids(client.from('walls').select('id').like('name', 'Sunny%'))).toEqual([beach])
    expect(await ids(client.from('walls').select('id').like('name', 'sunny%'))).toEqual([])
    expect(
      await ids(client.from('polaroids').select('id').eq('wall_id', beach).gt('x', 1).lte('x', 9)),
    ).toEqual([polaroids[1]!, polaroids[2]!].sort())
    expect(
      await ids(client.from('polaroids').select('id').gte('x', 1).lt('x', 9).eq('wall_id', beach)),
    ).toEqual([polaroids[0]!, polaroids[1]!].sort())
    expect(await ids(client.from('walls').select('id').not('id', 'in', `(${beach},${board})`))).toEqual([
      garden,
    ])
  })

  it('combines or, and and not, with values containing spaces and quotes', async () => {
    const client = alice.client
    const { data } = await client
      .from('walls')
      .select('name')
      .or('name.eq.Sunny Beach,description.is.null')
      .order('name')
    expect(pluck(data, 'name')).toEqual(["Bob's Board", 'Secret Garden', 'Sunny Beach'])
    const { data: nested } = await client
      .from('walls')
      .select('name')
      .or('and(private.is.true,name.ilike.*garden*),name.eq."Bob\'s Board"')
      .order('name')
    expect(pluck(nested, 'name')).toEqual(["Bob's Board", 'Secret Garden'])
    const { data: anded } = await stack
      .client()
      .from('walls')
      .select('name')
      .eq('owner_id', alice.id)
      .or('name.eq.Sunny Beach,name.eq.Nope')
    expect(anded).toEqual([{ name: 'Sunny Beach' }])
    const { data: inList } = await client
      .from('walls')
      .select('name')
      .or(`id.in.(${garden},"${board}"),name.eq.x`)
      .order('name')
    expect(pluck(inList, 'name')).toEqual(["Bob's Board", 'Secret Garden'])
  })

  it('applies not.or and and= trees from the query string', async () => {
    const headers = { apikey: stack.anonKey, Authorization: `Bearer ${alice.accessToken}` }
    const res = await fetch(
      `${stack.url}/rest/v1/walls?select=name&not.or=(private.is.true,name.eq.Sunny+Beach)`,
      { headers },
    )
    expect(await res.json()).toEqual([{ name: "Bob's Board" }])
    const res2 = await fetch(
      `${stack.url}/rest/v1/walls?select=name&and=(private.is.false,or(name.like.Sunny*,name.like.Bob*))&order=name.desc`,
      { headers },
    )
    expect(await res2.json()).toEqual([{ name: 'Sunny Beach' }, { name: "Bob's Board" }])
    const res3 = await fetch(
      `${stack.url}/rest/v1/walls?select=name,polaroids(id)&or=(polaroids.name.eq.third,name.eq.Secret+Garden)`,
      {
        headers,
      },
    )
    expect(((await res3.json()) as Array<{ name: string }>).map((w) => w.name).sort()).toEqual([
      'Secret Garden',
      'Sunny Beach',
    ])
  })

  it('filters, orders and limits embedded resources without filtering the parents', async () => {
    const { data, error } = await stack
      .client()
      .from('walls')
      .select('id, polaroids(name)')
      .eq('id', beach)
      .order('created_at', { referencedTable: 'polaroids', ascending: false })
      .limit(2, { referencedTable: 'polaroids' })
    expect(error).toBeNull()
    expect(data).toEqual([{ id: beach, polaroids: [{ name: 'third' }, { name: 'second' }] }])
    const { data: filtered } = await stack
      .client()
      .from('walls')
      .select('id, polaroids(name)')
      .eq('polaroids.name', 'second')
      .order('created_at')
    expect(filtered).toEqual([
      { id: beach, polaroids: [{ name: 'second' }] },
      { id: board, polaroids: [] },
    ])
    const { data: offset } = await stack
      .client()
      .from('walls')
      .select('id, polaroids(name)')
      .eq('id', beach)
      .order('x', { referencedTable: 'polaroids' })
      .range(1, 1, { referencedTable: 'polaroids' })
    expect(offset).toEqual([{ id: beach, polaroids: [{ name: 'second' }] }])
  })

  it('keeps only parents with a match for !inner embeds, and filters on embed nullness', async () => {
    const { data } = await stack
      .client()
      .from('walls')
      .select('name, owner:profiles!inner(username)')
      .eq('owner.username', bob.username!)
    expect(data).toEqual([{ name: "Bob's Board", owner: { username: bob.username } }])
    const { data: tagged } = await alice.client
      .from('wardrobe_items')
      .select('name, clothing_tags!inner(tag_value)')
      .eq('clothing_tags.tag_type', 'category')
    expect(tagged).toEqual([{ name: 'Red shirt', clothing_tags: [{ tag_value: 'shirt' }] }])
    const { data: withoutPolaroids } = await stack
      .client()
      .from('walls')
      .select('name, polaroids(id)')
      .is('polaroids', null)
    expect(withoutPolaroids).toEqual([{ name: "Bob's Board", polaroids: [] }])
    const { data: hiddenEmbed } = await stack
      .client()
      .from('walls')
      .select('name, owner:profiles!inner()')
      .eq('owner.username', alice.username!)
    expect(hiddenEmbed).toEqual([{ name: 'Sunny Beach' }])
  })

  it('orders by several columns with nulls placement, and by a to-one embed', async () => {
    const { data } = await alice.client
      .from('walls')
      .select('name')
      .order('description', { ascending: true, nullsFirst: true })
      .order('name')
    expect(pluck(data, 'name')).toEqual(["Bob's Board", 'Secret Garden', 'Sunny Beach'])
    const { data: last } = await alice.client
      .from('walls')
      .select('name')
      .order('description', { ascending: false, nullsFirst: false })
      .order('name', { ascending: false })
    expect(pluck(last, 'name')).toEqual(['Sunny Beach', 'Secret Garden', "Bob's Board"])
    const res = await fetch(
      `${stack.url}/rest/v1/polaroids?select=name,creator:profiles(username)&wall_id=eq.${beach}&order=creator(username).desc,name.asc`,
      {
        headers: { apikey: stack.anonKey },
      },
    )
    const rows = (await res.json()) as Array<{ name: string }>
    const expected = [
      { name: 'first', u: alice.username! },
      { name: 'second', u: alice.username! },
      { name: 'third', u: bob.username! },
    ].sort((a, b) => (a.u === b.u ? a.name.localeCompare(b.name) : b.u.localeCompare(a.u)))
    expect(rows.map((r) => r.name)).toEqual(expected.map((e) => e.name))
  })

  it('renames columns with aliases and reads JSON paths and casts', async () => {
    const { data } = await stack.client().from('walls').select('title:name, id::text').eq('id', beach)
    expect(data).toEqual([{ title: 'Sunny Beach', id: beach }])
    const { data: ts } = await stack.client().from('polaroids').select('x::text').eq('id', polaroids[1]!)
    expect(ts).toEqual([{ x: '5' }])
  })

  it('pages with limit, range and offset, and counts exactly', async () => {
    const client = stack.client()
    const { data: first } = await client.from('polaroids').select('name').order('created_at').limit(1)
    expect(first).toEqual([{ name: 'first' }])
    const {
      data: page,
      count,
      status,
    } = await client
      .from('polaroids')
      .select('name', { count: 'exact' })
      .eq('wall_id', beach)
      .order('created_at')
      .range(1, 2)
    expect(page).toEqual([{ name: 'second' }, { name: 'third' }])
    expect(count).toBe(3)
    expect(status).toBe(206)
    const {
      data: all,
      count: allCount,
      status: fullStatus,
    } = await client.from('walls').select('id', { count: 'exact' })
    expect(all).toHaveLength(2)
    expect(allCount).toBe(2)
    expect(fullStatus).toBe(200)
    const { data: none, count: zero } = await client
      .from('walls')
      .select('id', { count: 'exact' })
      .eq('id', 'nothing_here')
    expect(none).toEqual([])
    expect(zero).toBe(0)
  })

  it('counts with head: no body, only the total', async () => {
    const { data, count, error, status } = await stack
      .client()
      .from('walls')
      .select('*', { count: 'exact', head: true })
    expect(error).toBeNull()
    expect(data).toBeNull()
    expect(count).toBe(2)
    expect(status).toBe(200)
    const { count: mine } = await alice.client
      .from('walls')
      .select('*', { count: 'exact', head: true })
      .eq('owner_id', alice.id)
    expect(mine).toBe(2)
    const { count: planned } = await alice.client
      .from('polaroids')
      .select('id', { count: 'planned', head: true })
    expect(planned).toBe(4)
  })

  it('answers single() with an object, or 406 PGRST116 with PostgREST’s message', async () => {
    const client = stack.client()
    const one = await client.from('walls').select('id, name').eq('id', beach).single()
    expect(one.error).toBeNull()
    expect(one.data).toEqual({ id: beach, name: 'Sunny Beach' })
    const none = await client.from('walls').select('id').eq('id', garden).single()
    expect(none.status).toBe(406)
    expect(none.data).toBeNull()
    expect(none.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    })
    const many = await client.from('walls').select('id').single()
    expect(many.status).toBe(406)
    expect(many.error!.details).toBe('The result contains 2 rows')
  })

  it('answers maybeSingle() with the row or null', async () => {
    const client = stack.client()
    const none = await client.from('walls').select('id').eq('id', garden).maybeSingle()
    expect(none.error).toBeNull()
    expect(none.data).toBeNull()
    const one = await client.from('walls').select('id').eq('id', board).maybeSingle()
    expect(one.data).toEqual({ id: board })
  })
})
