// Issue 23: one account must not be able to keep the wardrobe engine busy for everyone or fill storage.
// remove-background and extract-item spend a per-user token bucket (429 with Retry-After when spent,
// other users unaffected); each item keeps a bounded number of cut-out files however many boxes are
// asked for; and the per-user outfit-job limit holds when the requests arrive all at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../../src/lib/ids'
import { Gate, scriptedVision, type ScriptedVision } from '../../support/scriptedVision'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { send, type Answer } from '../support/http'
import { jpeg } from '../support/world'

const BURST = 4
const VARIANTS = 3
const JOBS_PER_USER = 3
let stack: TestStack
let vision: ScriptedVision
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  vision = scriptedVision()
  stack = await startTestStack({
    api: {
      vision: () => vision,
      limits: {
        cutOutBurst: BURST,
        cutOutsPerMinute: 1,
        variantsPerItem: VARIANTS,
        jobsPerUser: JOBS_PER_USER,
      },
    },
  })
  alice = await createTestUser(stack)
  bob = await createTestUser(stack)
})

afterAll(async () => {
  vision.gate?.open()
  await stack?.close()
})

function post(user: TestUser, path: string, body: unknown): Promise<Answer> {
  return send(stack.port, {
    method: 'POST',
    path: `/api${path}`,
    headers: { Authorization: `Bearer ${user.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}

async function ownItem(
  user: TestUser,
  bucket = 'wardrobe-images',
): Promise<{ id: string; imagePath: string }> {
  const path = `${user.id}/${bucket === 'ootd-images' ? 'ootd' : 'wardrobe'}/${newId()}.jpg`
  const uploaded = await user.client.storage
    .from(bucket)
    .upload(path, await jpeg(), { contentType: 'image/jpeg' })
  expect(uploaded.error).toBeNull()
  const id = newId()
  const inserted = await user.client
    .from('wardrobe_items')
    .insert({ id, user_id: user.id, image_path: `${bucket}/${path}`, name: 'Budget test' })
  expect(inserted.error).toBeNull()
  return { id, imagePath: `${bucket}/${path}` }
}

const extract = (user: TestUser, item: { id: string; imagePath: string }, x: number) =>
  post(user, '/wardrobe/extract-item', {
    image_url: item.imagePath,
    user_id: user.id,
    item_id: item.id,
    item_details: { boundingBox: { x, y: 10, width: 20, height: 20 } },
  })

describe('cut-outs', () => {
  it('keeps at most the bound of cut-out files per item, however many boxes are asked for', async () => {
    const item = await ownItem(alice)
    for (let i = 0; i < BURST; i++) expect((await extract(alice, item, 5 + i * 10)).status).toBe(200)
    const { rows } = await stack.db.query(
      `select name from storage.objects where bucket_id = 'wardrobe-stickers' and name like $1`,
      [`${alice.id}/extracted/${item.id}-%`],
    )
    expect(rows.length).toBeLessThanOrEqual(VARIANTS)
    expect(rows.length).toBeGreaterThan(0)
  })

  it('refuses a user past their budget with 429 and Retry-After, and leaves others alone', async () => {
    // Alice spent her burst above.
    const item = await ownItem(alice)
    const spent = await post(alice, '/wardrobe/remove-background', {
      image_url: item.imagePath,
      user_id: alice.id,
      item_id: item.id,
    })
    expect(spent.status).toBe(429)
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0)
    const alsoSpent = await extract(alice, item, 50)
    expect(alsoSpent.status).toBe(429)
    expect(JSON.parse(alsoSpent.body)).toMatchObject({ success: false })
    const calls = vision.calls.removeBackground + vision.calls.cutOutRegion
    expect(calls).toBe(BURST)

    const bobs = await ownItem(bob)
    const forBob = await post(bob, '/wardrobe/remove-background', {
      image_url: bobs.imagePath,
      user_id: bob.id,
      item_id: bobs.id,
    })
    expect(forBob.status).toBe(200)
  })
})

describe('outfit jobs', () => {
  it('holds the per-user limit when 20 requests arrive at once', async () => {
    vision.gate = new Gate()
    const user = await createTestUser(stack)
    const photos = await Promise.all(Array.from({ length: 20 }, () => ownItem(user, 'ootd-images')))
    const answers = await Promise.all(
      photos.map((photo) =>
        post(user, '/wardrobe/background-ootd', {
          image_url: photo.imagePath,
          user_id: user.id,
          processing_id: newId(),
          skip_ai_extraction: true,
          skip_ai_tagging: false,
        }),
      ),
    )
    const accepted = answers.filter((a) => a.status === 200).length
    expect(accepted).toBe(JOBS_PER_USER)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - JOBS_PER_USER)
    const { rows } = await stack.db.query(
      `select id from public.processing_jobs where user_id = $1 and status in ('queued', 'processing')`,
      [user.id],
    )
    expect(rows).toHaveLength(JOBS_PER_USER)
  })
})
