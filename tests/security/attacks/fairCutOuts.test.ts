// Issue 42, item 2: one user's burst of cut-outs filled the vision pool's queue (4 × workers; their
// budget allows 20 at once), and another user's single cut-out meanwhile was refused with 429. Each user
// now has a share of the pool (fairCutOutLine.ts); the rest of a burst waits its turn, so the other
// user's call waits behind at most that share and is served. The pool here is the real one (one worker,
// a queue of four), with a stand-in worker that holds every cut-out until the test opens its gate.
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId } from '../../../src/lib/ids'
import { createVisionPool, type VisionPool } from '../../../supabase/api/vision/visionPool'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { send, type Answer } from '../support/http'
import { jpeg } from '../support/world'

let stack: TestStack
let pool: VisionPool
let alice: TestUser
let bob: TestUser
const gate = path.join(os.tmpdir(), `moori-cutout-gate-${process.pid}-${Date.now()}`)

beforeAll(async () => {
  process.env.MOORI_TEST_CUTOUT_GATE = gate
  pool = createVisionPool({
    workers: 1,
    queueLimit: 4,
    workerUrl: new URL('../support/slowCutOutWorker.mjs', import.meta.url),
  })
  stack = await startTestStack({ api: { vision: () => pool } })
  alice = await createTestUser(stack)
  bob = await createTestUser(stack)
})

afterAll(async () => {
  writeFileSync(gate, '')
  await stack?.close()
  await pool?.close()
})

async function ownItem(user: TestUser): Promise<{ id: string; imagePath: string }> {
  const path = `${user.id}/wardrobe/${newId()}.jpg`
  const uploaded = await user.client.storage
    .from('wardrobe-images')
    .upload(path, await jpeg(), { contentType: 'image/jpeg' })
  expect(uploaded.error).toBeNull()
  const id = newId()
  const inserted = await user.client
    .from('wardrobe_items')
    .insert({ id, user_id: user.id, image_path: `wardrobe-images/${path}`, name: 'Fair share' })
  expect(inserted.error).toBeNull()
  return { id, imagePath: `wardrobe-images/${path}` }
}

function removeBackground(user: TestUser, item: { id: string; imagePath: string }): Promise<Answer> {
  return send(stack.port, {
    method: 'POST',
    path: '/api/wardrobe/remove-background',
    headers: { Authorization: `Bearer ${user.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ image_url: item.imagePath, user_id: user.id, item_id: item.id }),
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const busy = (a: Answer) => a.status === 429 && a.body.includes('engine is busy')
const overBudget = (a: Answer) => a.status === 429 && a.body.includes('many cut-outs')

it("serves another user's cut-out during one user's burst of 40, in its turn, not 429", async () => {
  const [alicesItem, bobsItem] = [await ownItem(alice), await ownItem(bob)]
  const burst = Promise.all(Array.from({ length: 40 }, () => removeBackground(alice, alicesItem)))
  // Bob asks once Alice's burst has reached the held pool: its queue full, or (when her calls wait in
  // her own line instead) a few seconds later. The gate opens when Bob is answered or after 4 s.
  const settled = Date.now() + 4000
  while (pool.stats().queued < 4 && Date.now() < settled) await sleep(20)
  const asked = removeBackground(bob, bobsItem)
  await Promise.race([asked, sleep(4000)])
  writeFileSync(gate, '')
  const bobs = await asked
  const alices = await burst
  console.info(
    `[fair cut-outs] Alice's 40: ${alices.filter((a) => a.status === 200).length} served, ` +
      `${alices.filter(overBudget).length} over her budget, ${alices.filter(busy).length} refused as busy; ` +
      `Bob's one: ${bobs.status}`,
  )
  expect(bobs.status, bobs.body).toBe(200)
  expect(JSON.parse(bobs.body)).toHaveProperty('transparent_image_url')
  // Alice's own burst is limited by her budget, and what it lets through waits instead of being refused.
  expect(alices.filter(busy)).toHaveLength(0)
  expect(alices.filter((a) => a.status === 200).length + alices.filter(overBudget).length).toBe(40)
})
