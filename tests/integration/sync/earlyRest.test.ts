// The first visit's REST requests (src/data/early: the wall's rows, the Discover cards, a profile page,
// a signed-in person's own profile) against the real
// stack: each answers in one request with the rows the worker's pull of the same scope would store for
// the same caller, so the screen that renders from them does not change when the replica takes over;
// row-level security decides what each caller gets, as it does for the pull.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchDiscoverEarly } from '../../../src/data/early/fetchDiscoverEarly'
import { fetchOwnProfileEarly } from '../../../src/data/early/fetchOwnProfileEarly'
import { fetchProfileEarly } from '../../../src/data/early/fetchProfileEarly'
import { fetchWallEarly } from '../../../src/data/early/fetchWallEarly'
import { fromServer } from '../../../src/data/model/mapping'
import type { SyncedRows, SyncedTable } from '../../../src/data/model/rows'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { seedPolaroid, seedWall } from '../stack/rest/restFixtures'

let stack: TestStack
let alice: TestUser
let bob: TestUser
let open: string
let secret: string

beforeAll(async () => {
  stack = await startTestStack()
  alice = await createTestUser(stack)
  bob = await createTestUser(stack)
  open = await seedWall(stack, alice.id, { name: 'Open wall' })
  secret = await seedWall(stack, alice.id, { name: 'Secret wall', private: true })
  await seedPolaroid(stack, open, alice.id, { name: 'first', x: 10 })
  await seedPolaroid(stack, open, bob.id, { name: 'by bob', x: 20 })
  const gone = await seedPolaroid(stack, open, alice.id, { name: 'deleted' })
  await stack.db.query('update public.polaroids set deleted_at = now() where id = $1', [gone])
  await seedPolaroid(stack, secret, alice.id, { name: 'hidden' })
  await stack.db.query(
    `insert into public.wall_stickers (id, wall_id, created_by, name, image_path, x, y)
     values ('stk_early_1', $1, $2, 'Scarf', $3, 5, 6)`,
    [open, alice.id, `wardrobe-stickers/${alice.id}/s.png`],
  )
})

afterAll(async () => {
  await stack?.close()
})

/** What the worker's pull of `scope` stores, as `user` (anon when null): the rows that are not tombstones. */
async function pulled<T extends SyncedTable>(
  user: TestUser | null,
  scope: string,
  table: T,
  serverTable: string,
): Promise<Array<SyncedRows[T]>> {
  const client = user ? user.client : stack.client()
  const answer: { data: unknown; error: unknown } = await client.rpc('sync_pull', { scope, since: '0' })
  if (answer.error) throw answer.error as Error
  const reply = answer.data as { rows: Record<string, Array<Record<string, unknown>>> }
  const rows = (reply.rows[serverTable] ?? []).map((row) => fromServer(table, row))
  return rows.flatMap((r) => (r.kind === 'row' ? [r.row] : []))
}

const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id))
const as = (user: TestUser | null) => ({ anonKey: stack.anonKey, accessToken: user?.accessToken ?? null })

describe("a first visit's wall request", () => {
  it('gives the rows the pull stores: the wall, its owner, its live polaroids and stickers', async () => {
    const early = await fetchWallEarly(stack.url, open, as(null))
    expect(early).not.toBeNull()
    expect(early!.wall).toEqual((await pulled(null, `wall:${open}`, 'walls', 'walls'))[0])
    expect(byId(early!.polaroids)).toEqual(byId(await pulled(null, `wall:${open}`, 'polaroids', 'polaroids')))
    expect(early!.polaroids.map((p) => p.name).sort()).toEqual(['by bob', 'first'])
    expect(early!.stickers).toEqual(await pulled(null, `wall:${open}`, 'stickers', 'wall_stickers'))
    expect(early!.stickers).toHaveLength(1)
    const profiles = await pulled(null, `wall:${open}`, 'profiles', 'profiles')
    expect(early!.owner).toEqual(profiles.find((p) => p.id === alice.id))
  })

  it('shows a private wall to its owner only', async () => {
    expect(await fetchWallEarly(stack.url, secret, as(null))).toBeNull()
    expect(await fetchWallEarly(stack.url, secret, as(bob))).toBeNull()
    const mine = await fetchWallEarly(stack.url, secret, as(alice))
    expect(mine?.polaroids.map((p) => p.name)).toEqual(['hidden'])
  })
})

describe("a first visit's Discover request", () => {
  it("gives the pull's window, newest first, for each caller", async () => {
    for (const user of [null, bob, alice]) {
      const cards = (await fetchDiscoverEarly(stack.url, as(user)))!
      const polaroids = await pulled(user, 'discover', 'polaroids', 'polaroids')
      expect(cards.map((c) => c.polaroid.id).sort()).toEqual(polaroids.map((p) => p.id).sort())
      expect(byId(cards.map((c) => c.polaroid))).toEqual(byId(polaroids))
      const walls = await pulled(user, 'discover', 'walls', 'walls')
      for (const card of cards) expect(card.wall).toEqual(walls.find((w) => w.id === card.polaroid.wallId))
      expect(cards.some((c) => c.polaroid.name === 'hidden')).toBe(user === alice)
    }
  })
})

describe("a signed-in first visit's own profile request", () => {
  it('gives the profile the `me` pull stores, with the token or (expired) as anon', async () => {
    const mine = await pulled(alice, 'me', 'profiles', 'profiles')
    expect(mine).toHaveLength(1)
    expect((await fetchOwnProfileEarly(stack.url, alice.id, as(alice)))?.profile).toEqual(mine[0])
    expect((await fetchOwnProfileEarly(stack.url, alice.id, as(null)))?.profile).toEqual(mine[0])
  })

  it('says "none" for someone who has not set up a profile, as the pull does', async () => {
    const newcomer = await createTestUser(stack, { username: null })
    expect(await pulled(newcomer, 'me', 'profiles', 'profiles')).toEqual([])
    expect(await fetchOwnProfileEarly(stack.url, newcomer.id, as(newcomer))).toEqual({ userId: newcomer.id, profile: null })
  })

  it('says "none" for a deleted profile, which the pull does not hold either', async () => {
    const leaving = await createTestUser(stack)
    await stack.db.query('update public.profiles set deleted_at = now() where id = $1', [leaving.id])
    expect(await pulled(leaving, 'me', 'profiles', 'profiles')).toEqual([])
    expect((await fetchOwnProfileEarly(stack.url, leaving.id, as(leaving)))?.profile).toBeNull()
  })
})

describe("a first visit's profile page request", () => {
  const liveCount = async (wallId: string) =>
    Number(
      (await stack.db.query<{ n: string }>('select count(*) as n from public.polaroids where wall_id = $1 and deleted_at is null', [wallId])).rows[0]!.n,
    )

  it('gives what the profile pull stores, for each caller: the profile, the walls they may see, four newest previews and the count', async () => {
    const busy = await seedWall(stack, alice.id, { name: 'Busy wall', createdAt: '2026-11-20T00:00:00+00:00' })
    for (let i = 0; i < 6; i++) await seedPolaroid(stack, busy, alice.id, { name: `busy ${i}`, createdAt: `2026-11-2${i}T01:00:00+00:00` })
    const name = alice.username!
    for (const user of [null, bob, alice]) {
      const page = (await fetchProfileEarly(stack.url, name.toUpperCase(), as(user)))!
      const scope = `profile:${name.toLowerCase()}`
      expect(page.profile).toEqual((await pulled(user, scope, 'profiles', 'profiles')).find((p) => p.id === alice.id))
      const walls = await pulled(user, scope, 'walls', 'walls')
      expect(byId(page.walls.map((w) => w.wall))).toEqual(byId(walls))
      expect(page.walls.some((w) => w.wall.id === secret)).toBe(user === alice)
      const polaroids = await pulled(user, scope, 'polaroids', 'polaroids')
      for (const card of page.walls) {
        expect(byId(card.previews)).toEqual(byId(polaroids.filter((p) => p.wallId === card.wall.id)))
        expect(card.polaroidCount).toBe(await liveCount(card.wall.id))
      }
      const shown = page.walls.find((w) => w.wall.id === busy)!
      expect(shown.polaroidCount).toBe(6)
      expect(shown.previews.map((p) => p.name)).toEqual(['busy 5', 'busy 4', 'busy 3', 'busy 2'])
      expect(page.walls.find((w) => w.wall.id === open)?.polaroidCount).toBe(2)
    }
  })

  it('finds no one for a name that is not there or deleted, and matches `_` as itself', async () => {
    const under = await createTestUser(stack, { username: 'ab_cd' })
    await createTestUser(stack, { username: 'abxcd' })
    expect((await fetchProfileEarly(stack.url, 'AB_CD', as(null)))?.profile?.id).toBe(under.id)
    expect((await fetchProfileEarly(stack.url, 'abycd', as(null)))?.profile).toBeNull()
    await stack.db.query('update public.profiles set deleted_at = now() where id = $1', [under.id])
    expect((await fetchProfileEarly(stack.url, 'ab_cd', as(null)))?.profile).toBeNull()
    expect(await pulled(null, 'profile:ab_cd', 'profiles', 'profiles')).toEqual([])
  })
})
