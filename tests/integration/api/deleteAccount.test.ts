// DELETE /api/account against the real stack: afterwards nothing of the user is left, checked as the
// database superuser: no auth user, no profile, walls, polaroids, stickers, wardrobe items, tags or
// jobs, and no stored objects in any bucket; other people's things stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../../src/lib/ids'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { addItem, addPolaroid, addWall, callApi, png, upload } from './apiFixtures'

let stack: TestStack
let alice: TestUser
let bob: TestUser
let aliceItem: string
let bobWall: string

async function count(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)
  return rows[0]!.n
}

async function everythingOf(userId: string, itemId: string) {
  return {
    authUsers: await count('auth.users where id = $1', [userId]),
    profiles: await count('public.profiles where id = $1', [userId]),
    walls: await count('public.walls where owner_id = $1', [userId]),
    polaroids: await count('public.polaroids where created_by = $1', [userId]),
    stickers: await count('public.wall_stickers where created_by = $1', [userId]),
    items: await count('public.wardrobe_items where user_id = $1', [userId]),
    tags: await count('public.clothing_tags where wardrobe_item_id = $1', [itemId]),
    jobs: await count('public.processing_jobs where user_id = $1', [userId]),
    objects: await count(`storage.objects where name like $1`, [`${userId}/%`]),
  }
}

beforeAll(async () => {
  stack = await startTestStack()
  alice = await createTestUser(stack)
  bob = await createTestUser(stack)

  const wall = await addWall(alice, 'Alice wall')
  await addPolaroid(alice, wall, { name: 'Mine' })
  bobWall = await addWall(bob, 'Bob wall')
  await addPolaroid(bob, bobWall, { name: 'Bob pin' })
  await addPolaroid(alice, bobWall, { name: 'Alice on Bob wall' })
  aliceItem = (await addItem(alice, { name: 'Shirt', tags: ['Casual'] })).id
  const sticker = await upload(
    alice,
    'wardrobe-stickers',
    `${alice.id}/stickers/${aliceItem}.png`,
    await png(),
  )
  const { error } = await alice.client
    .from('wall_stickers')
    .insert({ id: newId(), wall_id: bobWall, name: 'Shirt', image_path: sticker, created_by: alice.id })
  expect(error).toBeNull()
  await upload(alice, 'ootd-images', `${alice.id}/ootd/look.jpg`)
  await upload(alice, 'polaroid-images', `${alice.id}/avatars/deep/nested/avatar.jpg`)
  await stack.db.query(`insert into public.processing_jobs (id, user_id, kind) values ($1, $2, 'ootd')`, [
    newId(),
    alice.id,
  ])
})

afterAll(async () => {
  await stack?.close()
})

describe('DELETE /api/account', () => {
  it('refuses callers without a valid session', async () => {
    expect((await callApi(stack, '/account', { method: 'DELETE' })).status).toBe(401)
    expect((await callApi(stack, '/account', { method: 'DELETE', token: 'nope' })).status).toBe(401)
    expect((await everythingOf(alice.id, aliceItem)).authUsers).toBe(1)
  })

  it('removes the account, every row and every stored file of the caller, and nothing of others', async () => {
    const before = await everythingOf(alice.id, aliceItem)
    expect(before).toEqual({
      authUsers: 1,
      profiles: 1,
      walls: 1,
      polaroids: 2,
      stickers: 1,
      items: 1,
      tags: 1,
      jobs: 1,
      objects: 6,
    })
    const bobObjects = await count('storage.objects where name like $1', [`${bob.id}/%`])

    const response = await callApi(stack, '/account', { method: 'DELETE', token: alice.accessToken })
    expect(response.status).toBe(204)

    expect(await everythingOf(alice.id, aliceItem)).toEqual({
      authUsers: 0,
      profiles: 0,
      walls: 0,
      polaroids: 0,
      stickers: 0,
      items: 0,
      tags: 0,
      jobs: 0,
      objects: 0,
    })
    expect(await count('storage.objects where name like $1', [`${bob.id}/%`])).toBe(bobObjects)
    expect(await count('public.walls where id = $1', [bobWall])).toBe(1)
    expect(await count('public.polaroids where wall_id = $1', [bobWall])).toBe(1)

    // The session is gone with the user.
    expect((await callApi(stack, '/me', { token: alice.accessToken })).status).toBe(401)
  })
})
