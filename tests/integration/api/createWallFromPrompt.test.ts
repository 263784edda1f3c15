// POST /api/walls against the real stack: who may call it, what it checks, and the moodboard it makes
// (named after the prompt, filled with copies of matching public polaroids and public wardrobe items,
// laid out in the automatic-layout grid, owned and created by the caller).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gridPosition } from '../../../supabase/api/moodboard'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { addItem, addPolaroid, addWall, callApi } from './apiFixtures'

let stack: TestStack
let alice: TestUser
let bob: TestUser
let noProfile: TestUser

interface PolaroidRow {
  id: string
  wall_id: string
  name: string
  image_path: string | null
  created_by: string
  x: number
  y: number
  z_index: number
}

async function wallCount(): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.walls')
  return rows[0]!.n
}

async function polaroidsOf(wallId: string): Promise<PolaroidRow[]> {
  const { rows } = await stack.db.query<PolaroidRow>(
    'select id, wall_id, name, image_path, created_by, x, y, z_index from public.polaroids where wall_id = $1 order by z_index',
    [wallId],
  )
  return rows
}

beforeAll(async () => {
  stack = await startTestStack()
  alice = await createTestUser(stack)
  bob = await createTestUser(stack)
  noProfile = await createTestUser(stack, { username: null })
  const summer = await addWall(bob, 'Summer Wedding Looks')
  await addPolaroid(bob, summer, {
    name: 'Sage slip dress',
    message: 'Garden ceremony',
    createdAt: '2026-01-02T00:00:00Z',
  })
  await addPolaroid(bob, summer, {
    name: 'Wide-brim hat',
    message: 'Sun protection',
    createdAt: '2026-01-03T00:00:00Z',
  })
  await addPolaroid(bob, summer, {
    name: 'Linen suit',
    message: 'Breathable and sharp',
    createdAt: '2026-01-04T00:00:00Z',
  })
  const market = await addWall(bob, 'Market finds')
  await addPolaroid(bob, market, {
    name: 'Corduroy jacket',
    message: 'Five euros',
    createdAt: '2026-01-05T00:00:00Z',
  })
  const secret = await addWall(bob, 'Secret linen plans', { private: true })
  await addPolaroid(bob, secret, { name: 'Linen secret', message: 'nobody sees this' })
  await addItem(bob, { name: 'Oat blazer', description: 'Unlined', isPublic: true, tags: ['Linen'] })
  await addItem(bob, { name: 'Linen private shirt', isPublic: false })
  await addItem(alice, { name: 'Linen shorts', isPublic: false })
})

afterAll(async () => {
  await stack?.close()
})

describe('POST /api/walls: who may call and what is checked', () => {
  it('refuses callers without a valid session', async () => {
    const anonymous = await callApi(stack, '/walls', {
      method: 'POST',
      body: { prompt: 'linen', owner_id: alice.id },
    })
    expect(anonymous.status).toBe(401)
    const forged = await callApi(stack, '/walls', {
      method: 'POST',
      token: 'not-a-token',
      body: { prompt: 'linen', owner_id: alice.id },
    })
    expect(forged.status).toBe(401)
  })

  it('refuses to create a wall for someone else, and bad prompts, writing nothing', async () => {
    const before = await wallCount()
    const forOther = await callApi(stack, '/walls', {
      method: 'POST',
      token: alice.accessToken,
      body: { prompt: 'linen', owner_id: bob.id },
    })
    expect(forOther.status).toBe(403)
    for (const prompt of ['', '   ', 'x'.repeat(201), 42, null]) {
      const response = await callApi(stack, '/walls', {
        method: 'POST',
        token: alice.accessToken,
        body: { prompt, owner_id: alice.id },
      })
      expect(response.status, JSON.stringify(prompt)).toBe(400)
      expect(await response.json()).toHaveProperty('error')
    }
    const notJson = await callApi(stack, '/walls', {
      method: 'POST',
      token: alice.accessToken,
      rawBody: 'prompt=linen',
    })
    expect(notJson.status).toBe(400)
    expect(await wallCount()).toBe(before)
  })

  it('asks for a profile first (walls belong to profiles)', async () => {
    const response = await callApi(stack, '/walls', {
      method: 'POST',
      token: noProfile.accessToken,
      body: { prompt: 'linen', owner_id: noProfile.id },
    })
    expect(response.status).toBe(409)
  })
})

describe('POST /api/walls: the moodboard', () => {
  it('names a public wall after the prompt and fills it with copies of matching images', async () => {
    const response = await callApi(stack, '/walls', {
      method: 'POST',
      token: alice.accessToken,
      body: { prompt: '  Linen for a summer   wedding ', owner_id: alice.id },
    })
    expect(response.status).toBe(201)
    const { wallId } = (await response.json()) as { wallId: string }
    const seen = await alice.client.from('walls').select('name, owner_id, private').eq('id', wallId).single()
    expect(seen.data).toMatchObject({ name: 'Linen for a summer wedding', owner_id: alice.id, private: false })

    const polaroids = await polaroidsOf(wallId)
    const names = polaroids.map((p) => p.name)
    // Linen in the name or tags first, then the wall-name matches of the summer wedding wall.
    expect(names.slice(0, 2).sort()).toEqual(['Linen suit', 'Oat blazer'])
    expect(names).toEqual(expect.arrayContaining(['Sage slip dress', 'Wide-brim hat']))
    expect(names).not.toContain('Linen secret')
    expect(names).not.toContain('Linen private shirt')
    // The wall is public: the caller's own private item stays out of it too (issue 23).
    expect(names).not.toContain('Linen shorts')
    expect(names).not.toContain('Corduroy jacket')
    expect(polaroids.length).toBeLessThanOrEqual(12)

    for (const [index, polaroid] of polaroids.entries()) {
      expect(polaroid.created_by).toBe(alice.id)
      expect(polaroid.z_index).toBe(index + 1)
      expect({ x: polaroid.x, y: polaroid.y }).toEqual(gridPosition(index))
      expect(polaroid.image_path).toMatch(
        new RegExp(`^polaroid-images/${alice.id}/polaroids/${polaroid.id}\\.jpg$`),
      )
      const path = polaroid.image_path!.slice('polaroid-images/'.length)
      const image = await fetch(
        stack.client().storage.from('polaroid-images').getPublicUrl(path).data.publicUrl,
      )
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/jpeg')
    }
  })

  it('uses the newest public polaroids when nothing matches, and cuts long names to 80', async () => {
    const { rows: newest } = await stack.db.query<{ name: string }>(
      `select p.name from public.polaroids p join public.walls w on w.id = p.wall_id
        where not w.private and p.deleted_at is null and w.deleted_at is null
        order by p.created_at desc limit 12`,
    )
    const prompt = `zyxwv ${'q'.repeat(120)}`
    const response = await callApi(stack, '/walls', {
      method: 'POST',
      token: alice.accessToken,
      body: { prompt, owner_id: alice.id },
    })
    expect(response.status).toBe(201)
    const { wallId } = (await response.json()) as { wallId: string }
    const { rows } = await stack.db.query<{ name: string }>('select name from public.walls where id = $1', [
      wallId,
    ])
    expect(rows[0]!.name).toBe(prompt.slice(0, 80))
    const names = (await polaroidsOf(wallId)).map((p) => p.name)
    expect(names).toEqual(newest.map((r) => r.name))
    expect(names).toContain('Corduroy jacket')
    expect(names).not.toContain('Linen secret')
  })
})
