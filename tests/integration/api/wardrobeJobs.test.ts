// Outfit jobs against the real stack, with a vision layer the test controls (the models have their own
// tests): a job is queued and answered at once, reports 10/50/90/100 to its owner through realtime,
// writes its items, tags and analysis in one go, fails cleanly, survives a restart and a dead instance,
// and is refused when the queue is full. Only its owner ever sees it. A batch of many photos is queued
// whole, runs a few at a time, and never makes another user's photo wait behind it.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../../src/lib/ids'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { Gate, scriptedVision, type ScriptedVision } from '../../support/scriptedVision'
import { storedObjects } from '../../support/serverState'
import { callApi, jpeg, upload } from './apiFixtures'

const fastJobs = { pollMs: 150, heartbeatMs: 150, staleAfterSeconds: 1, shutdownGraceMs: 200 }

interface JobState {
  status: string
  progress: number
  processed_items: number
  total_items: number
  error: string | null
  attempts: number
}

async function jobRow(stack: TestStack, id: string): Promise<JobState | undefined> {
  const { rows } = await stack.db.query<JobState>(
    'select status, progress, processed_items, total_items, error, attempts from public.processing_jobs where id = $1',
    [id],
  )
  return rows[0]
}

async function waitForJob(stack: TestStack, id: string, done: (job: JobState) => boolean, timeoutMs = 20_000): Promise<JobState> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const job = await jobRow(stack, id)
    if (job && done(job)) return job
    if (Date.now() > deadline) throw new Error(`Job ${id} did not get there: ${JSON.stringify(job)}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const finished = (job: JobState) => job.status === 'completed' || job.status === 'failed'

async function outfitPhoto(user: TestUser): Promise<string> {
  return upload(user, 'ootd-images', `${user.id}/ootd/${newId()}.jpg`, await jpeg('#3a6'))
}

function startOotd(stack: TestStack, user: TestUser, imagePath: string, extra: Record<string, unknown> = {}) {
  return callApi(stack, '/wardrobe/background-ootd', {
    method: 'POST',
    token: user.accessToken,
    body: { image_url: imagePath, user_id: user.id, skip_ai_extraction: true, skip_ai_tagging: false, ...extra },
  })
}

async function tagsOf(stack: TestStack, itemId: string) {
  const { rows } = await stack.db.query<{ tag_type: string; tag_value: string; is_ai_generated: boolean; confidence_score: number }>(
    'select tag_type, tag_value, is_ai_generated, confidence_score from public.clothing_tags where wardrobe_item_id = $1 order by id',
    [itemId],
  )
  return rows
}

describe('outfit jobs', () => {
  let stack: TestStack
  let vision: ScriptedVision
  let alice: TestUser
  let bob: TestUser

  beforeAll(async () => {
    vision = scriptedVision()
    stack = await startTestStack({ api: { vision: () => vision, jobs: fastJobs, limits: { jobsPerUser: 3 } } })
    alice = await createTestUser(stack)
    bob = await createTestUser(stack)
  })

  afterAll(async () => {
    vision.gate?.open()
    await stack.close()
  })

  it('answers at once, reports 10/50/90/100 live to its owner, and saves items, tags and the analysis together', async () => {
    const seen: number[] = []
    const channel = alice.client
      .channel(`jobs-${alice.id}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'processing_jobs', filter: `user_id=eq.${alice.id}` }, (change) => {
        seen.push((change.new as { progress: number }).progress)
      })
    await new Promise<void>((resolve) => channel.subscribe((status) => String(status) === 'SUBSCRIBED' && resolve()))

    vision.gate = new Gate()
    const photo = await outfitPhoto(alice)
    const response = await startOotd(stack, alice, photo)
    expect(response.status).toBe(200)
    const { success, processing_id: id } = (await response.json()) as { success: boolean; processing_id: string }
    expect(success).toBe(true)

    await waitForJob(stack, id, (j) => j.status === 'processing')
    const midway = (await (await callApi(stack, `/wardrobe/processing-status?processing_id=${id}`, { token: alice.accessToken })).json()) as Record<string, unknown>
    expect(midway).toMatchObject({ status: 'processing', progress: 10, error: null, items: [] })
    const itemsBefore = await stack.db.query('select id from public.wardrobe_items where job_id = $1', [id])
    expect(itemsBefore.rows).toEqual([])

    vision.gate.open()
    const job = await waitForJob(stack, id, finished)
    expect(job).toMatchObject({ status: 'completed', progress: 100, processed_items: 3, total_items: 3, error: null })

    const status = (await (await callApi(stack, `/wardrobe/processing-status?processing_id=${id}`, { token: alice.accessToken })).json()) as {
      items: Array<{ item_id: string; description: string; extracted_url: string }>
    }
    expect(status.items.map((i) => i.description)).toEqual(['Navy top', 'Beige bottom', 'White footwear'])
    const sticker = await fetch(status.items[0]!.extracted_url)
    expect(sticker.status).toBe(200)
    expect(sticker.headers.get('content-type')).toBe('image/png')

    const { rows: items } = await stack.db.query<{ id: string; name: string; image_path: string; cutout_path: string | null; analysis: Record<string, unknown> | null; user_id: string }>(
      'select id, name, image_path, cutout_path, analysis, user_id from public.wardrobe_items where job_id = $1 order by id',
      [id],
    )
    expect(items).toHaveLength(4)
    expect(items.every((i) => i.user_id === alice.id)).toBe(true)
    const outfit = items.find((i) => i.image_path === photo)!
    expect(outfit.analysis).toMatchObject({
      imageUrl: photo,
      outfitStyle: 'Neutral',
      season: 'All Season',
      occasion: 'Casual',
      items: [
        { category: 'top', confidence: 0.82, boundingBox: { x: 30, y: 20, width: 40, height: 30 } },
        { category: 'bottom' },
        { category: 'footwear' },
      ],
    })
    expect(typeof outfit.analysis!.processingTime).toBe('number')
    const garments = items.filter((i) => i !== outfit)
    for (const garment of garments) {
      expect(garment.image_path).toBe(`wardrobe-stickers/${alice.id}/items/${garment.id}.png`)
      expect(garment.cutout_path).toBeNull()
    }
    expect(await storedObjects(stack, 'wardrobe-stickers', `${alice.id}/items/${id}-g`)).toHaveLength(3)

    const outfitTags = await tagsOf(stack, outfit.id)
    expect(outfitTags).toEqual(
      expect.arrayContaining([
        { tag_type: 'style', tag_value: 'OOTD Complete', is_ai_generated: false, confidence_score: 1 },
        { tag_type: 'category', tag_value: 'complete_outfit', is_ai_generated: false, confidence_score: 1 },
        { tag_type: 'season', tag_value: 'All Season', is_ai_generated: true, confidence_score: 0.4 },
        { tag_type: 'occasion', tag_value: 'Casual', is_ai_generated: true, confidence_score: 0.4 },
      ]),
    )
    const top = garments.find((g) => g.name === 'Navy top')!
    expect(await tagsOf(stack, top.id)).toEqual([
      { tag_type: 'style', tag_value: 'OOTD Extracted', is_ai_generated: false, confidence_score: 1 },
      { tag_type: 'category', tag_value: 'top', is_ai_generated: true, confidence_score: 0.82 },
      { tag_type: 'color', tag_value: 'Navy', is_ai_generated: true, confidence_score: 0.74 },
    ])

    await new Promise((r) => setTimeout(r, 300))
    await alice.client.removeChannel(channel)
    // Queued at 0, then the spec's steps; heartbeats and per-item updates repeat a value.
    const milestones = seen.filter((p, i) => i === 0 || p !== seen[i - 1])
    expect(milestones).toEqual([0, 10, 50, 90, 100])
  })

  it('leaves the engine’s guesses out with skip_ai_tagging', async () => {
    vision.gate = null
    const response = await startOotd(stack, alice, await outfitPhoto(alice), { skip_ai_tagging: true })
    const { processing_id: id } = (await response.json()) as { processing_id: string }
    await waitForJob(stack, id, finished)
    const { rows } = await stack.db.query<{ tag_value: string; is_ai_generated: boolean }>(
      'select t.tag_value, t.is_ai_generated from public.clothing_tags t join public.wardrobe_items i on i.id = t.wardrobe_item_id where i.job_id = $1',
      [id],
    )
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((t) => !t.is_ai_generated)).toBe(true)
    expect(new Set(rows.map((t) => t.tag_value))).toEqual(new Set(['OOTD Complete', 'complete_outfit', 'OOTD Extracted']))
  })

  it('gives the analysis to the outfit item the app made, and starts nothing twice for one processing id', async () => {
    const photo = await outfitPhoto(alice)
    const itemId = newId()
    const inserted = await alice.client
      .from('wardrobe_items')
      .insert({ id: itemId, user_id: alice.id, image_path: photo, name: 'Tuesday look', upload_source: 'ootd', job_id: null })
    expect(inserted.error).toBeNull()
    const processingId = newId()
    const runsBefore = vision.calls.analyseOutfit
    const first = await startOotd(stack, alice, photo, { item_id: itemId, processing_id: processingId })
    expect(await first.json()).toEqual({ success: true, processing_id: processingId })
    const again = await startOotd(stack, alice, photo, { item_id: itemId, processing_id: processingId })
    expect(await again.json()).toEqual({ success: true, processing_id: processingId })
    await waitForJob(stack, processingId, finished)

    const { rows } = await stack.db.query<{ id: string; name: string; analysis: unknown }>(
      'select id, name, analysis from public.wardrobe_items where job_id = $1 or id = $2 order by id',
      [processingId, itemId],
    )
    expect(rows).toHaveLength(4)
    const own = rows.find((r) => r.id === itemId)!
    expect(own.name).toBe('Tuesday look')
    expect(own.analysis).toMatchObject({ imageUrl: photo })
    expect((await tagsOf(stack, itemId)).map((t) => t.tag_value)).toContain('OOTD Complete')
    expect(vision.calls.analyseOutfit - runsBefore).toBe(1)

    const taken = await startOotd(stack, bob, await outfitPhoto(bob), { processing_id: processingId })
    expect(taken.status).toBe(409)
  })

  it('shows a job to its owner only', async () => {
    const { processing_id: id } = (await (await startOotd(stack, alice, await outfitPhoto(alice))).json()) as { processing_id: string }
    await waitForJob(stack, id, finished)
    const asBob = await callApi(stack, `/wardrobe/processing-status?processing_id=${id}`, { token: bob.accessToken })
    expect(asBob.status).toBe(404)
    expect(await asBob.json()).toEqual({ error: 'Processing job not found' })
    expect((await callApi(stack, `/wardrobe/processing-status?processing_id=${newId()}`, { token: alice.accessToken })).status).toBe(404)
    expect((await callApi(stack, '/wardrobe/processing-status?processing_id=../x', { token: alice.accessToken })).status).toBe(400)
    expect((await callApi(stack, `/wardrobe/processing-status?processing_id=${id}`)).status).toBe(401)

    const rows = await bob.client.from('processing_jobs').select('id').eq('id', id)
    expect(rows.data).toEqual([])
    const items = await bob.client.from('wardrobe_items').select('id').eq('job_id', id)
    expect(items.data).toEqual([])
    const stickers = await bob.client.storage.from('wardrobe-stickers').download(`${alice.id}/items/${id}-g0.png`)
    expect(stickers.error).not.toBeNull()
  })

  it('stores the error of a failed job and leaves no items or cut-outs behind', async () => {
    vision.rejectWith = 'The file is not an image we can read.'
    try {
      const { processing_id: id } = (await (await startOotd(stack, alice, await outfitPhoto(alice))).json()) as { processing_id: string }
      const job = await waitForJob(stack, id, finished)
      expect(job).toMatchObject({ status: 'failed', error: 'The file is not an image we can read.' })
      expect((await stack.db.query('select id from public.wardrobe_items where job_id = $1', [id])).rows).toEqual([])
      expect(await storedObjects(stack, 'wardrobe-stickers', `${alice.id}/items/${id}`)).toEqual([])
    } finally {
      vision.rejectWith = null
    }
  })

  it('refuses new jobs with 429 and Retry-After when the user’s queue is full, and stores nothing for them', async () => {
    vision.gate = new Gate()
    const carol = await createTestUser(stack)
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const response = await startOotd(stack, carol, await outfitPhoto(carol))
      expect(response.status).toBe(200)
      ids.push(((await response.json()) as { processing_id: string }).processing_id)
    }
    const refused = await startOotd(stack, carol, await outfitPhoto(carol))
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('10')
    expect(await refused.json()).toEqual({
      success: false,
      error: 'You have 3 outfit photos waiting already. Please wait for some to finish.',
    })
    const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.processing_jobs where user_id = $1', [carol.id])
    expect(rows[0]!.n).toBe(3)
    vision.gate.open()
    for (const id of ids) expect((await waitForJob(stack, id, finished)).status).toBe('completed')
    expect((await startOotd(stack, carol, await outfitPhoto(carol))).status).toBe(200)
  })

  it('answers 429 with Retry-After when the vision pool is full, and keeps no half result', async () => {
    const { addItem } = await import('./apiFixtures')
    const item = await addItem(alice, { name: 'Scarf' })
    vision.full = true
    try {
      const response = await callApi(stack, '/wardrobe/remove-background', {
        method: 'POST',
        token: alice.accessToken,
        body: { image_url: item.imagePath, user_id: alice.id, item_id: item.id, max_size: 800 },
      })
      expect(response.status).toBe(429)
      expect(response.headers.get('retry-after')).toBe('3')
      expect(await storedObjects(stack, 'wardrobe-stickers', `${alice.id}/cutouts/${item.id}`)).toEqual([])
    } finally {
      vision.full = false
    }
  })
})

describe('outfit jobs across restarts and instances', () => {
  let dataDir: string

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'moori-jobs-'))
  })

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('resumes a job that was running when the stack stopped', async () => {
    const held = scriptedVision()
    held.gate = new Gate()
    const first = await startTestStack({ dataDir, api: { vision: () => held, jobs: fastJobs } })
    const alice = await createTestUser(first)
    const { processing_id: id } = (await (await startOotd(first, alice, await outfitPhoto(alice))).json()) as { processing_id: string }
    await waitForJob(first, id, (j) => j.status === 'processing')
    while (held.gate.entered === 0) await new Promise((r) => setTimeout(r, 20))
    await first.close()

    const fresh = scriptedVision()
    const second = await startTestStack({ dataDir, api: { vision: () => fresh, jobs: fastJobs } })
    try {
      const job = await waitForJob(second, id, finished)
      expect(job).toMatchObject({ status: 'completed', progress: 100, attempts: 2 })
      expect(fresh.calls.analyseOutfit).toBe(1)
      const { rows } = await second.db.query('select id from public.wardrobe_items where job_id = $1', [id])
      expect(rows).toHaveLength(4)
    } finally {
      held.gate.open()
      await second.close()
    }
  })

  it('takes over a job whose instance died, and fails one interrupted too often with a clear error', async () => {
    const vision = scriptedVision()
    const stack = await startTestStack({ api: { vision: () => vision, jobs: fastJobs } })
    try {
      const alice = await createTestUser(stack)
      const photo = await outfitPhoto(alice)
      const orphan = newId()
      const doomed = newId()
      const input = JSON.stringify({ image_path: photo, item_id: null, skip_ai_tagging: false, skip_ai_extraction: true })
      await stack.db.query(
        `insert into public.processing_jobs (id, user_id, kind, status, progress, input, claimed_by, heartbeat_at, attempts)
         values ($1, $3, 'ootd', 'processing', 50, $4::jsonb, 'dead-instance', now() - interval '1 minute', 1),
                ($2, $3, 'ootd', 'processing', 50, $4::jsonb, 'dead-instance', now() - interval '1 minute', 3)`,
        [orphan, doomed, alice.id, input],
      )
      expect(await waitForJob(stack, orphan, finished)).toMatchObject({ status: 'completed', attempts: 2 })
      expect(await waitForJob(stack, doomed, finished)).toMatchObject({
        status: 'failed',
        error: 'Processing was interrupted too many times. Please upload the photo again.',
      })
      expect(vision.calls.analyseOutfit).toBe(1)
    } finally {
      await stack.close()
    }
  })
})

describe('a batch of outfit photos beside another user’s photo', () => {
  const RUNNING_PER_USER = 2
  let stack: TestStack
  let vision: ScriptedVision

  beforeAll(async () => {
    vision = scriptedVision()
    // The instance has room for three jobs, so only the per-user rule can hold a batch to two.
    stack = await startTestStack({
      api: { vision: () => vision, jobs: { ...fastJobs, maxConcurrent: 3, runningPerUser: RUNNING_PER_USER } },
    })
    // Every change of a job's status, in the order they happened (the test's own record, not the app's).
    await stack.db.exec(`
      create schema test_log;
      create table test_log.job_status (seq bigserial primary key, job_id text, user_id uuid, status text);
      create function test_log.record_job_status() returns trigger language plpgsql security definer as $$
      begin
        insert into test_log.job_status (job_id, user_id, status) values (new.id, new.user_id, new.status);
        return new;
      end $$;
      create trigger test_log_job_status after insert or update of status on public.processing_jobs
        for each row execute function test_log.record_job_status();
    `)
  })

  afterAll(async () => {
    vision.gate?.open()
    await stack.close()
  })

  async function statuses(user: TestUser): Promise<Record<string, number>> {
    const { rows } = await stack.db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from public.processing_jobs where user_id = $1 group by status',
      [user.id],
    )
    return Object.fromEntries(rows.map((r) => [r.status, r.n]))
  }

  it('queues all 20 photos of one user, runs two at a time, and starts another user’s photo at once', async () => {
    vision.gate = new Gate()
    const alice = await createTestUser(stack)
    const bob = await createTestUser(stack)
    const photos = await Promise.all(Array.from({ length: 20 }, () => outfitPhoto(alice)))
    const batch: string[] = []
    for (const photo of photos) {
      const response = await startOotd(stack, alice, photo)
      expect(response.status).toBe(200)
      batch.push(((await response.json()) as { processing_id: string }).processing_id)
    }

    await waitForJob(stack, batch[1]!, (j) => j.status === 'processing')
    // Several polls later the instance still has a free slot, and alice still runs two.
    await new Promise((r) => setTimeout(r, fastJobs.pollMs * 4))
    expect(await statuses(alice)).toEqual({ processing: RUNNING_PER_USER, queued: 18 })

    // Bob's one photo does not wait behind alice's eighteen.
    const response = await startOotd(stack, bob, await outfitPhoto(bob))
    expect(response.status).toBe(200)
    const bobsJob = ((await response.json()) as { processing_id: string }).processing_id
    await waitForJob(stack, bobsJob, (j) => j.status === 'processing')
    expect(await statuses(alice)).toEqual({ processing: RUNNING_PER_USER, queued: 18 })

    vision.gate.open()
    for (const id of [...batch, bobsJob]) expect((await waitForJob(stack, id, finished)).status).toBe('completed')

    // Replayed in order, alice never had more than two jobs processing at once, and bob's started
    // before any of her waiting eighteen.
    const { rows: log } = await stack.db.query<{ job_id: string; user_id: string; status: string }>(
      'select job_id, user_id, status from test_log.job_status where user_id = any($1) order by seq',
      [[alice.id, bob.id]],
    )
    let running = 0
    let most = 0
    for (const change of log.filter((c) => c.user_id === alice.id)) {
      running += change.status === 'processing' ? 1 : 0
      running -= change.status === 'completed' || change.status === 'failed' ? 1 : 0
      most = Math.max(most, running)
    }
    expect(most).toBe(RUNNING_PER_USER)
    const starts = log.filter((c) => c.status === 'processing').map((c) => c.job_id)
    expect(starts.indexOf(bobsJob)).toBe(RUNNING_PER_USER)
    expect(new Set(starts).size).toBe(21)
  })
})

describe('a batch drains at the engine’s pace, without waiting for the runner’s poll', () => {
  let stack: TestStack
  let vision: ScriptedVision

  beforeAll(async () => {
    vision = scriptedVision()
    // A poll far longer than any wait below: only the runner's own kicks can move these jobs.
    stack = await startTestStack({ api: { vision: () => vision, jobs: { ...fastJobs, pollMs: 120_000 } } })
  })

  afterAll(async () => {
    await stack.close()
  })

  it('claims the next job as each one ends, and again as soon as a full vision pool’s wait is over', async () => {
    const alice = await createTestUser(stack)
    vision.full = true
    const calls = vision.calls.analyseOutfit
    const first = ((await (await startOotd(stack, alice, await outfitPhoto(alice))).json()) as { processing_id: string }).processing_id
    // The pool said "busy, 3 s": the job went back to the queue, unspent.
    await waitForJob(stack, first, (j) => j.status === 'queued' && vision.calls.analyseOutfit > calls)
    vision.full = false
    expect(await waitForJob(stack, first, finished)).toMatchObject({ status: 'completed', attempts: 1 })

    const photos = await Promise.all(Array.from({ length: 20 }, () => outfitPhoto(alice)))
    const batch: string[] = []
    for (const photo of photos) {
      const response = await startOotd(stack, alice, photo)
      expect(response.status).toBe(200)
      batch.push(((await response.json()) as { processing_id: string }).processing_id)
    }
    for (const id of batch) expect((await waitForJob(stack, id, finished)).status).toBe('completed')
  })
})
