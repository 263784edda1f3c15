// Bad input gets PostgREST's error (status + {code, message, details, hint}) and writes nothing:
// malformed select/filters/order, unknown tables/columns/relationships, bad JSON and payload keys.
// Injection attempts through every part of a request (path, select, filters incl. logic trees, order,
// on_conflict, columns, JSON keys, Range, headers) either fail cleanly or match nothing, and afterwards
// every table is still there with the same rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { countRows, newId, restFetch, rowOf, seedWall, tableExists } from './restFixtures'

const drop = `'); drop table public.walls; --`

describe('REST bad input and injection', () => {
  let stack: TestStack
  let alice: TestUser
  let wall: string
  let before: Record<string, number>

  const counts = async () => ({
    walls: await countRows(stack, 'walls'),
    profiles: await countRows(stack, 'profiles'),
    polaroids: await countRows(stack, 'polaroids'),
  })

  beforeAll(async () => {
    stack = await startTestStack()
    alice = await createTestUser(stack)
    wall = await seedWall(stack, alice.id, { name: 'Target' })
    before = await counts()
  })

  afterAll(async () => {
    expect(await tableExists(stack, 'walls')).toBe(true)
    expect(await tableExists(stack, 'profiles')).toBe(true)
    expect(await counts()).toEqual(before)
    await stack.close()
  })

  it('answers a malformed select with 400 PGRST100', async () => {
    for (const select of [
      'id,owner:profiles!(id',
      'id,,name',
      'id)',
      'owner(id',
      'id::nonsense_type',
      'na"me',
    ]) {
      const { error, status } = await stack.client().from('walls').select(select)
      expect(status, select).toBe(400)
      expect(error!.code, select).toBe('PGRST100')
      expect(error!.message, select).toContain('failed to parse select parameter')
    }
  })

  it('answers unknown columns with 400 42703 wherever they appear', async () => {
    const client = stack.client()
    const inSelect = await client.from('walls').select('id, nope')
    expect(inSelect.status).toBe(400)
    expect(inSelect.error).toMatchObject({ code: '42703', message: 'column walls.nope does not exist' })
    const inFilter = await client.from('walls').select('id').eq('nope', 1)
    expect(inFilter.error!.code).toBe('42703')
    const inOrder = await client.from('walls').select('id').order('nope')
    expect(inOrder.error!.code).toBe('42703')
    const inEmbed = await client.from('walls').select('id, owner:profiles(nope)')
    expect(inEmbed.error).toMatchObject({ code: '42703', message: 'column profiles.nope does not exist' })
    const inOr = await client.from('walls').select('id').or('nope.eq.1,id.eq.2')
    expect(inOr.error!.code).toBe('42703')
  })

  it('answers unknown tables with 404 PGRST205 and a JSON body, unknown embeds with 400 PGRST200', async () => {
    const table = await stack.client().from('wallz').select('*')
    expect(table.status).toBe(404)
    expect(table.error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.wallz' in the schema cache",
      hint: "Perhaps you meant the table 'public.walls'",
    })
    const raw = await restFetch(stack, '/wallz')
    expect(raw.status).toBe(404)
    expect(raw.text.length).toBeGreaterThan(0)
    const embed = await stack.client().from('walls').select('id, wardrobe_items(id)')
    expect(embed.status).toBe(400)
    expect(embed.error).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'walls' and 'wardrobe_items' in the schema cache",
    })
    const hinted = await stack.client().from('walls').select('id, profiles!nope(id)')
    expect(hinted.error!.code).toBe('PGRST200')
    const notEmbedded = await stack.client().from('walls').select('id').eq('polaroids.name', 'x')
    expect(notEmbedded.status).toBe(400)
    expect(notEmbedded.error!.code).toBe('PGRST108')
  })

  it('answers malformed filters, orders, limits and values', async () => {
    const bad = [
      '/walls?id=abc',
      '/walls?id=eq',
      '/walls?id=is.maybe',
      '/walls?id=in.a,b',
      '/walls?or=(id.eq.1',
      '/walls?or=id.eq.1',
      '/walls?order=name.sideways',
      '/walls?limit=ten',
      '/walls?offset=-1',
    ]
    for (const path of bad) {
      const res = await restFetch(stack, path)
      expect(res.status, path).toBe(400)
      expect((res.json as { code: string }).code, path).toBe('PGRST100')
    }
    const badUuid = await stack.client().from('walls').select('id').eq('owner_id', 'not-a-uuid')
    expect(badUuid.status).toBe(400)
    expect(badUuid.error!.code).toBe('22P02')
    const aggregate = await stack.client().from('walls').select('count()')
    expect(aggregate.error!.code).toBe('PGRST123')
  })

  it('answers bad JSON bodies with 400 PGRST102 and unknown payload keys with 400 PGRST204', async () => {
    const init = { method: 'POST', token: alice.accessToken, headers: { 'Content-Type': 'application/json' } }
    for (const body of ['not json', '', '42', '[1, 2]', '{"id": ']) {
      const res = await restFetch(stack, '/walls', { ...init, body })
      expect(res.status, body).toBe(400)
      expect((res.json as { code: string }).code, body).toBe('PGRST102')
    }
    const mismatched = await restFetch(stack, '/walls', { ...init, body: '[{"id":"a1234567"},{"name":"b"}]' })
    expect(mismatched.json).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' })
    const unknownKey = await alice.client
      .from('walls')
      .insert({ id: newId('wall'), name: 'x', owner_id: alice.id, bogus: 1 })
    expect(unknownKey.status).toBe(400)
    expect(unknownKey.error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'bogus' column of 'walls' in the schema cache",
    })
    const unknownColumns = await alice.client
      .from('walls')
      .insert([{ id: newId('wall'), name: 'x', owner_id: alice.id, bogus: 1 }])
    expect(unknownColumns.error!.code).toBe('PGRST204')
    const textBody = await restFetch(stack, '/walls', {
      ...init,
      headers: { 'Content-Type': 'text/plain' },
      body: '{}',
    })
    expect(textBody.status).toBe(415)
  })

  it('binds filter values, including inside or=() and in.()', async () => {
    const client = alice.client
    const values = [drop, `x' or '1'='1`, `x"); drop table walls; --`, '$1', '%', '\\', 'null']
    for (const value of values) {
      const eq = await client.from('walls').select('id').eq('name', value)
      expect(eq.error, value).toBeNull()
      expect(eq.data, value).toEqual([])
      // supabase-js does not escape quotes inside in.() values: such a list is refused (400), never run.
      const inList = await client.from('walls').select('id').in('name', [value, 'other'])
      expect(inList.error === null ? inList.data : inList.status, value).toEqual(
        inList.error === null ? [] : 400,
      )
    }
    const orAttack = await client.from('walls').select('id').or(`name.eq.${drop},name.eq.x`)
    expect(orAttack.error === null ? orAttack.data : []).toEqual([])
    const quoted = await client.from('walls').select('id').or(`name.eq."x\\" or 1=1 --",name.eq.y`)
    expect(quoted.error === null ? quoted.data : []).toEqual([])
    const like = await client.from('walls').select('id').like('name', `%'; drop table walls; --`)
    expect(like.data).toEqual([])
  })

  it('refuses identifiers that are not in the schema: columns, select, order, embeds, tables, functions', async () => {
    const client = alice.client
    const attempts = [
      client.from('walls').select('id').eq(`name${drop}`, 'x'),
      client.from('walls').select(`id, name${drop}`),
      client.from('walls').select(`id, "name""; drop table walls; --"`),
      client.from('walls').select('id').order(`name; drop table walls`),
      client.from('walls').select('id').order(`name${drop}`),
      client.from('walls').select(`id, profiles!walls_owner_id_fkey${drop}(id)`),
      client.from(`walls${drop}`).select('id'),
      client
        .from('walls')
        .select('id')
        .filter('name', `eq); drop table walls; --` as 'eq', 'x'),
    ]
    for (const attempt of attempts) {
      const { error, status } = await attempt
      expect(error).not.toBeNull()
      expect([400, 404]).toContain(status)
    }
    // A quoted alias is only an output key: it is quoted as an identifier and names nothing.
    const aliased = await client
      .from('walls')
      .select(`"x' from walls; drop table walls; --":name`)
      .eq('id', wall)
    expect(aliased.error).toBeNull()
    expect(aliased.data).toEqual([{ "x' from walls; drop table walls; --": 'Target' }])
    const rpc = await client.rpc(`delete_own_wall${drop}`, { wall_id: wall })
    expect(rpc.status).toBe(404)
  })

  it('refuses hostile on_conflict and columns lists and JSON keys without writing', async () => {
    const id = newId('wall')
    const conflict = await alice.client
      .from('walls')
      .upsert(
        { id, name: 'x', owner_id: alice.id },
        { onConflict: `id) do update set name = 'pwned'; drop table walls; --` },
      )
    expect(conflict.status).toBe(400)
    expect(conflict.error!.code).toBe('PGRST100')
    const unknown = await alice.client
      .from('walls')
      .upsert({ id, name: 'x', owner_id: alice.id }, { onConflict: 'name; drop' })
    expect(unknown.status).toBe(400)
    expect(unknown.error).toMatchObject({ code: '42703', message: 'column walls.name; drop does not exist' })
    const post = (columns: string) =>
      restFetch(stack, `/walls?columns=${encodeURIComponent(columns)}`, {
        method: 'POST',
        token: alice.accessToken,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify([{ id, name: 'x', owner_id: alice.id }]),
      })
    const broken = await post(`id,"name"); drop table walls; --"`)
    expect(broken.status).toBe(400)
    expect((broken.json as { code: string }).code).toBe('PGRST100')
    const unknownColumn = await post(`id,"name; drop table walls"`)
    expect(unknownColumn.status).toBe(400)
    expect(unknownColumn.json).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'name; drop table walls' column of 'walls' in the schema cache",
    })
    const key = await alice.client
      .from('walls')
      .update({ [`name" = 'pwned'; drop table walls; --`]: 'x' })
      .eq('id', wall)
    expect(key.error!.code).toBe('PGRST204')
    expect(await rowOf(stack, 'walls', id)).toBeUndefined()
    expect((await rowOf(stack, 'walls', wall))!.name).toBe('Target')
  })

  it('ignores or refuses hostile headers, limits and paths', async () => {
    const range = await restFetch(stack, '/walls?select=id', { headers: { Range: '0-1; drop table walls' } })
    expect(range.status).toBe(200)
    const profile = await restFetch(stack, '/walls', {
      headers: { 'Accept-Profile': `public; drop table walls` },
    })
    expect(profile.status).toBe(406)
    expect((profile.json as { code: string }).code).toBe('PGRST106')
    const prefer = await restFetch(stack, '/walls?select=id', {
      headers: { Prefer: `count=exact; drop table walls` },
    })
    expect(prefer.status).toBe(200)
    const limit = await restFetch(stack, `/walls?limit=${encodeURIComponent('1; drop table walls')}`)
    expect(limit.status).toBe(400)
    const path = await restFetch(stack, `/${encodeURIComponent('walls"; drop table walls; --')}`)
    expect(path.status).toBe(404)
    const nested = await restFetch(stack, '/walls/extra')
    expect(nested.status).toBe(404)
    expect((nested.json as { code: string }).code).toBe('PGRST125')
    const json = await restFetch(
      stack,
      `/walls?select=name->>${encodeURIComponent(`x'); drop table walls; --`)}`,
    )
    expect(json.status).toBe(400)
  })
})
