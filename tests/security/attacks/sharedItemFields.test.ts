// Issue 42, low: a public wardrobe item's cut-out strokes and job id reached other signed-in users in
// every pull of it (the import window `wardrobe`, a `profile:` scope). They are the owner's: other
// people's pulls now leave them out, and the owner's own sync still gets them.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId } from '../../../src/lib/ids'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'

let stack: TestStack
let owner: TestUser
let importer: TestUser
const strokes = { v: 1, width: 10, height: 10, strokes: [{ mode: 'keep', radius: 3, points: [1, 2] }] }

beforeAll(async () => {
  stack = await startTestStack()
  owner = await createTestUser(stack)
  importer = await createTestUser(stack)
})

afterAll(async () => {
  await stack?.close()
})

interface Pulled {
  rows: { wardrobe_items?: Array<Record<string, unknown>> }
}

async function pulledItem(user: TestUser, scope: string, id: string) {
  const answer = await user.client.rpc('sync_pull', { scope, since: '0' })
  expect(answer.error).toBeNull()
  return (answer.data as Pulled).rows.wardrobe_items?.find((row) => row.id === id)
}

it('keeps a public item’s strokes and job id out of other people’s pulls, and in its owner’s', async () => {
  const id = newId()
  const { rows: profiles } = await stack.db.query<{ username: string }>(
    'select username from public.profiles where id = $1',
    [owner.id],
  )
  // As the engine writes it (service role): a hand-fixed cut-out with its strokes, from an outfit job.
  const inserted = await stack
    .admin()
    .from('wardrobe_items')
    .insert({
      id,
      user_id: owner.id,
      image_path: `wardrobe-images/${owner.id}/wardrobe/${id}.jpg`,
      name: 'Shared shirt',
      is_public: true,
      job_id: `job-${id}`,
      analysis: { items: [] },
      cutout_path: `wardrobe-stickers/${owner.id}/cutouts/${id}-edited.png`,
      cutout_source: 'edited',
      cutout_strokes: strokes,
    })
  expect(inserted.error).toBeNull()
  const leaks: string[] = []
  for (const scope of ['wardrobe', `profile:${profiles[0]!.username}`]) {
    const row = await pulledItem(importer, scope, id)
    expect(row, scope).toBeDefined()
    for (const field of ['cutout_strokes', 'job_id'])
      if (row?.[field] != null) leaks.push(`${scope}.${field}`)
  }
  console.info(`[shared item fields] reached another user: ${leaks.join(', ') || 'none'}`)
  expect(leaks).toEqual([])
  const own = await pulledItem(owner, 'me', id)
  expect(own).toMatchObject({ cutout_strokes: strokes, job_id: `job-${id}` })
})
