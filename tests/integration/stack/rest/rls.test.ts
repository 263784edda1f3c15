// The row-level security rules of the schema, exercised again through HTTP as two signed-in users and a
// guest: what each may see, and that forged ownership, other people's rows and invalid values are refused
// with PostgREST's statuses and codes (42501 → 403, or 401 for guests; 23514 → 400; 23505 → 409).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { newId, pluck, rowOf, seedPolaroid, seedWall, seedWardrobeItem } from './restFixtures'

describe('REST row-level security', () => {
  let stack: TestStack
  let alice: TestUser
  let bob: TestUser
  let carol: TestUser
  let openWall: string
  let privateWall: string

  beforeAll(async () => {
    stack = await startTestStack()
    alice = await createTestUser(stack)
    bob = await createTestUser(stack)
    carol = await createTestUser(stack)
    openWall = await seedWall(stack, alice.id, { name: 'Open' })
    privateWall = await seedWall(stack, alice.id, { name: 'Closed', private: true })
    await seedPolaroid(stack, privateWall, alice.id, { name: 'secret polaroid' })
  })

  afterAll(async () => {
    await stack.close()
  })

  it('hides private walls (and their polaroids) from other users and guests', async () => {
    const ownerView = await alice.client.from('walls').select('id').eq('owner_id', alice.id)
    expect(pluck(ownerView.data, 'id').sort()).toEqual([openWall, privateWall].sort())
    for (const client of [bob.client, stack.client()]) {
      const { data, error } = await client.from('walls').select('id').eq('owner_id', alice.id)
      expect(error).toBeNull()
      expect(data).toEqual([{ id: openWall }])
      const direct = await client.from('walls').select('id').eq('id', privateWall).maybeSingle()
      expect(direct.data).toBeNull()
      const polaroids = await client.from('polaroids').select('id').eq('wall_id', privateWall)
      expect(polaroids.data).toEqual([])
    }
    const embedded = await bob.client.from('profiles').select('walls(name)').eq('id', alice.id).single()
    expect(embedded.data).toEqual({ walls: [{ name: 'Open' }] })
  })

  it('refuses a wall with a forged owner_id: 403 for users, 401 for guests, code 42501', async () => {
    const id = newId('wall')
    const forged = await bob.client.from('walls').insert({ id, name: 'Not mine', owner_id: alice.id })
    expect(forged.status).toBe(403)
    expect(forged.error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "walls"',
    })
    const guest = await stack.client().from('walls').insert({ id, name: 'Guest', owner_id: alice.id })
    expect(guest.status).toBe(401)
    expect(guest.error!.code).toBe('42501')
    expect(await rowOf(stack, 'walls', id)).toBeUndefined()
  })

  it('lets users add polaroids as themselves to open walls only, never as someone else', async () => {
    const own = newId('pol')
    const added = await bob.client
      .from('polaroids')
      .insert({ id: own, wall_id: openWall, created_by: bob.id, external_url: 'https://example.com/a.jpg' })
      .select('id, username')
      .single()
    expect(added.error).toBeNull()
    expect(added.data).toEqual({ id: own, username: bob.username })

    const forged = newId('pol')
    const asAlice = await bob.client.from('polaroids').insert({
      id: forged,
      wall_id: openWall,
      created_by: alice.id,
      external_url: 'https://example.com/a.jpg',
    })
    expect(asAlice.status).toBe(403)
    expect(asAlice.error!.code).toBe('42501')
    const onPrivate = await bob.client.from('polaroids').insert({
      id: forged,
      wall_id: privateWall,
      created_by: bob.id,
      external_url: 'https://example.com/a.jpg',
    })
    expect(onPrivate.status).toBe(403)
    expect(await rowOf(stack, 'polaroids', forged)).toBeUndefined()
  })

  it("refuses to move someone else's polaroid on someone else's wall, with the function's message", async () => {
    const polaroid = await seedPolaroid(stack, openWall, carol.id, { x: 1 })
    const move = { p_id: polaroid, new_x: 99, new_y: 99, new_z_index: 2 }
    const refused = await bob.client.rpc('move_polaroid', move)
    expect(refused.status).toBe(403)
    expect(refused.error).toMatchObject({
      code: '42501',
      message: 'You can only move your own items or items on Mooris you own.',
    })
    expect((await rowOf(stack, 'polaroids', polaroid))!.x).toBe(1)
    const byWallOwner = await alice.client.rpc('move_polaroid', move)
    expect(byWallOwner.error).toBeNull()
    expect((await rowOf(stack, 'polaroids', polaroid))!.x).toBe(99)
  })

  it('refuses an 81-character wall name with 400 and code 23514', async () => {
    const id = newId('wall')
    const { error, status } = await alice.client
      .from('walls')
      .insert({ id, name: 'x'.repeat(81), owner_id: alice.id })
    expect(status).toBe(400)
    expect(error!.code).toBe('23514')
    expect(error!.message).toContain('walls_name_trimmed_length')
    const fits = await alice.client.from('walls').insert({ id, name: 'x'.repeat(80), owner_id: alice.id })
    expect(fits.error).toBeNull()
  })

  it('refuses a username that differs from an existing one only in case: 409 and code 23505', async () => {
    const fresh = await createTestUser(stack, { username: null })
    const { error, status } = await fresh.client
      .from('profiles')
      .insert({ id: fresh.id, username: alice.username!.toUpperCase() })
    expect(status).toBe(409)
    expect(error!.code).toBe('23505')
    const ok = await fresh.client
      .from('profiles')
      .insert({ id: fresh.id, username: `${alice.username!}_2` })
      .select('username')
    expect(ok.error).toBeNull()
  })

  it("changes nothing when flipping is_public on another user's wardrobe item", async () => {
    const item = await seedWardrobeItem(stack, alice.id, { isPublic: false })
    const { data, error, status } = await bob.client
      .from('wardrobe_items')
      .update({ is_public: true })
      .eq('id', item)
      .select()
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([])
    expect((await rowOf(stack, 'wardrobe_items', item))!.is_public).toBe(false)
    const own = await alice.client
      .from('wardrobe_items')
      .update({ is_public: true })
      .eq('id', item)
      .select('is_public')
    expect(own.data).toEqual([{ is_public: true }])
  })

  it("neither deletes nor soft-deletes another user's wall", async () => {
    const wall = await seedWall(stack, alice.id)
    const deleted = await bob.client.from('walls').delete().eq('id', wall).select()
    expect(deleted.data).toEqual([])
    const viaRpc = await bob.client.rpc('delete_own_wall', { wall_id: wall })
    expect(viaRpc.status).toBe(403)
    expect(viaRpc.error).toMatchObject({ code: '42501', message: 'You can only delete Mooris you own.' })
    const row = await rowOf(stack, 'walls', wall)
    expect(row).toBeDefined()
    expect(row!.deleted_at).toBeNull()
  })

  it('refuses changing owner_id even for the owner (trigger guard, 42501 → 403)', async () => {
    const wall = await seedWall(stack, alice.id)
    const { error, status } = await alice.client.from('walls').update({ owner_id: bob.id }).eq('id', wall)
    expect(status).toBe(403)
    expect(error).toMatchObject({ code: '42501', message: 'owner_id cannot be changed.' })
  })

  it('lets guests read public rows but write nothing', async () => {
    const guest = stack.client()
    const update = await guest.from('walls').update({ name: 'Guest was here' }).eq('id', openWall).select()
    expect(update.data).toEqual([])
    expect((await rowOf(stack, 'walls', openWall))!.name).toBe('Open')
    const { data } = await guest.from('profiles').select('username').eq('id', alice.id).single()
    expect(data).toEqual({ username: alice.username })
  })
})
