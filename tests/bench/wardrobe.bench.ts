// The wardrobe engine's figures, in one run on one stack with the real models (issue 11):
// - background removal of an 800 px photo, warm: the vision pool alone, and the whole HTTP call;
// - a 12 MP outfit photo from the request until its owner hears the job completed (through realtime,
//   as the app does);
// - mask IoU over the composite set (exact ground truth), mean and worst;
// - REST latency of the stack while 4 outfit jobs are in flight, against idle, measured in alternating
//   rounds so a busy moment of the machine hits both alike;
// - memory of the process before and after the models load.
// Nothing here asserts a time; the machine's load is printed beside the figures.
import os from 'node:os'
import sharp from 'sharp'
import { newId } from '../../src/lib/ids'
import { startTestStack, type TestStack } from '../support/stack'
import { createTestUser, type TestUser } from '../support/users'
import { cutOutAlpha, largeOutfitPhoto, maskIoU, wardrobeComposites } from '../support/wardrobePhotos'
import type { Bench, BenchTable } from './types'
import { round, summarize } from './types'

const REMOVALS = 9
const OUTFITS = 5
const REST_ROUND_MS = 3000
const REST_ROUNDS = 3
const JOBS_IN_FLIGHT = 4

const mb = (bytes: number) => round(bytes / 1024 / 1024, 0)
const ms = (value: number) => round(value, 0)
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ')

async function storePhoto(user: TestUser, bucket: string, folder: string, jpeg: Uint8Array): Promise<string> {
  const path = `${user.id}/${folder}/${newId()}.jpg`
  const { error } = await user.client.storage.from(bucket).upload(path, jpeg, { contentType: 'image/jpeg' })
  if (error) throw new Error(`upload: ${error.message}`)
  return `${bucket}/${path}`
}

async function api(stack: TestStack, user: TestUser, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${stack.url}/api${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = (await response.json()) as Record<string, unknown>
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`)
  return json
}

/** Resolves when the owner's realtime channel reports the job completed (or failed). */
function jobWatcher(user: TestUser) {
  const done = new Map<string, (status: string) => void>()
  const finished = new Map<string, string>()
  const channel = user.client
    .channel(`bench-jobs-${user.id}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'processing_jobs', filter: `user_id=eq.${user.id}` }, (change) => {
      const row = change.new as { id: string; status: string }
      if (row.status !== 'completed' && row.status !== 'failed') return
      finished.set(row.id, row.status)
      done.get(row.id)?.(row.status)
    })
  const ready = new Promise<void>((resolve) => channel.subscribe((status) => String(status) === 'SUBSCRIBED' && resolve()))
  return {
    ready,
    finished: (id: string) =>
      new Promise<string>((resolve) => {
        const known = finished.get(id)
        if (known) resolve(known)
        else done.set(id, resolve)
      }),
    close: () => user.client.removeChannel(channel),
  }
}

async function removalFigures(stack: TestStack, user: TestUser): Promise<BenchTable> {
  const vision = stack.api.vision
  const photo = (await wardrobeComposites({ drawn: 1, installed: false }))[0]!
  const square = await sharp(photo.jpeg).resize(800, 800, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer()
  await vision.removeBackground(square, { maxSize: 800 })
  const pool: number[] = []
  for (let i = 0; i < REMOVALS; i++) {
    const t0 = performance.now()
    await vision.removeBackground(square, { maxSize: 800 })
    pool.push(performance.now() - t0)
  }
  const http: number[] = []
  for (let i = 0; i < REMOVALS; i++) {
    const id = newId()
    const imagePath = await storePhoto(user, 'wardrobe-images', 'wardrobe', square)
    const inserted = await user.client.from('wardrobe_items').insert({ id, user_id: user.id, image_path: imagePath, name: `Bench ${i}` })
    if (inserted.error) throw new Error(inserted.error.message)
    const t0 = performance.now()
    await api(stack, user, '/wardrobe/remove-background', { image_url: imagePath, user_id: user.id, item_id: id, max_size: 800 })
    http.push(performance.now() - t0)
  }
  const p = summarize(pool)
  const h = summarize(http)
  return {
    title: 'Background removal, 800×800 photo, warm (goal ≤ 400 ms median)',
    rows: [
      { path: 'vision pool (model + refinement + PNG)', median_ms: ms(p.median), min_ms: ms(p.min), p95_ms: ms(p.p95), runs: REMOVALS },
      { path: 'POST /api/wardrobe/remove-background (read, cut out, store, sign)', median_ms: ms(h.median), min_ms: ms(h.min), p95_ms: ms(h.p95), runs: REMOVALS },
    ],
    notes: [`load average ${load()}`],
  }
}

async function outfitFigures(stack: TestStack, user: TestUser): Promise<BenchTable> {
  const { jpeg, source } = await largeOutfitPhoto(4000, 3000)
  const watcher = jobWatcher(user)
  await watcher.ready
  const times: number[] = []
  const items: number[] = []
  for (let i = 0; i < OUTFITS; i++) {
    const photo = await storePhoto(user, 'ootd-images', 'ootd', jpeg)
    const t0 = performance.now()
    const { processing_id: id } = (await api(stack, user, '/wardrobe/background-ootd', {
      image_url: photo,
      user_id: user.id,
      skip_ai_extraction: true,
      skip_ai_tagging: false,
    })) as { processing_id: string }
    const status = await watcher.finished(id)
    times.push(performance.now() - t0)
    if (status !== 'completed') throw new Error(`Outfit job ${id} ${status}`)
    const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.wardrobe_items where job_id = $1', [id])
    items.push(rows[0]!.n - 1)
  }
  await watcher.close()
  const t = summarize(times)
  return {
    title: 'Outfit photo, 12 MP JPEG, request until its owner hears "completed" (goal ≤ 2 s)',
    rows: [
      {
        photo: `4000×3000, ${round(jpeg.byteLength / 1024 / 1024, 1)} MB (${source})`,
        median_ms: ms(t.median),
        min_ms: ms(t.min),
        max_ms: ms(t.max),
        items_found: items.join(', '),
        runs: OUTFITS,
      },
    ],
    notes: [`load average ${load()}`],
  }
}

async function iouFigures(stack: TestStack): Promise<BenchTable> {
  const photos = await wardrobeComposites()
  const scores: Array<{ name: string; iou: number }> = []
  for (const photo of photos) {
    const cutOut = await stack.api.vision.removeBackground(photo.jpeg, { maxSize: Math.max(photo.width, photo.height) })
    scores.push({ name: photo.name, iou: maskIoU(await cutOutAlpha(cutOut, photo.width, photo.height), photo.truth) })
  }
  scores.sort((a, b) => a.iou - b.iou)
  const mean = scores.reduce((sum, s) => sum + s.iou, 0) / scores.length
  return {
    title: 'Mask IoU over the composite set (goal ≥ 0.90 mean)',
    rows: [
      { photos: scores.length, mean: round(mean, 4), worst: round(scores[0]!.iou, 3), worst_photo: scores[0]!.name },
      ...scores.slice(1, 4).map((s) => ({ photos: '', mean: '', worst: round(s.iou, 3), worst_photo: s.name })),
    ],
  }
}

async function restUnderJobs(stack: TestStack, user: TestUser, reader: TestUser): Promise<BenchTable> {
  const wall = newId()
  const created = await reader.client.from('walls').insert({ id: wall, name: 'Bench wall', owner_id: reader.id })
  if (created.error) throw new Error(created.error.message)
  const { jpeg } = await largeOutfitPhoto(4000, 3000)
  const photos = await Promise.all(Array.from({ length: 4 }, () => storePhoto(user, 'ootd-images', 'ootd', jpeg)))
  const watcher = jobWatcher(user)
  await watcher.ready

  let busy = false
  let started = 0
  const inFlight = new Set<Promise<void>>()
  const keepBusy = async () => {
    while (busy) {
      while (busy && inFlight.size < JOBS_IN_FLIGHT) {
        const run = (async () => {
          const { processing_id: id } = (await api(stack, user, '/wardrobe/background-ootd', {
            image_url: photos[started++ % photos.length],
            user_id: user.id,
            skip_ai_extraction: true,
          })) as { processing_id: string }
          await watcher.finished(id)
        })()
        inFlight.add(run)
        void run.finally(() => inFlight.delete(run))
      }
      await Promise.race(inFlight)
    }
  }

  const select = async () => {
    const t0 = performance.now()
    const { error } = await reader.client.from('walls').select('id, name').eq('id', wall)
    if (error) throw new Error(error.message)
    return performance.now() - t0
  }
  for (let i = 0; i < 100; i++) await select()
  const idle: number[] = []
  const loaded: number[] = []
  for (let round = 0; round < REST_ROUNDS; round++) {
    for (const phase of ['idle', 'jobs'] as const) {
      busy = phase === 'jobs'
      const feeding = busy ? keepBusy() : Promise.resolve()
      if (busy) while (inFlight.size < JOBS_IN_FLIGHT) await new Promise((r) => setTimeout(r, 20))
      const end = performance.now() + REST_ROUND_MS
      while (performance.now() < end) (busy ? loaded : idle).push(await select())
      busy = false
      await feeding
      await Promise.all(inFlight)
    }
  }
  await watcher.close()
  const i = summarize(idle)
  const l = summarize(loaded)
  return {
    title: `REST (supabase-js select by id) while ${JOBS_IN_FLIGHT} outfit jobs are in flight, vs idle (goal: p95 ≤ 2×)`,
    rows: [
      { state: 'idle', requests: idle.length, median_ms: round(i.median), p95_ms: round(i.p95) },
      { state: `${JOBS_IN_FLIGHT} jobs in flight`, requests: loaded.length, median_ms: round(l.median), p95_ms: round(l.p95) },
      { state: 'ratio', requests: '', median_ms: round(l.median / i.median), p95_ms: round(l.p95 / i.p95) },
    ],
    notes: [`${started} outfit jobs ran during the busy rounds; load average ${load()}`],
  }
}

export const bench: Bench = {
  name: 'wardrobe',
  async run(): Promise<BenchTable[]> {
    const before = process.memoryUsage().rss
    const stack = await startTestStack({ api: { limits: { jobsPerUser: 50 } } })
    try {
      const user = await createTestUser(stack)
      const reader = await createTestUser(stack)
      const stackOnly = process.memoryUsage().rss
      const warm0 = performance.now()
      await stack.api.warmUp()
      const warmUpMs = performance.now() - warm0
      const loaded = process.memoryUsage().rss
      const tables = [
        await removalFigures(stack, user),
        await outfitFigures(stack, user),
        await iouFigures(stack),
        await restUnderJobs(stack, user, reader),
      ]
      tables.push({
        title: 'Memory of the API process (one process: the stack, the API and its worker threads)',
        rows: [
          { when: 'bench process, before the stack', rss_mb: mb(before), added_mb: '' },
          { when: 'stack running (in-memory PGlite), models not loaded', rss_mb: mb(stackOnly), added_mb: mb(stackOnly - before) },
          { when: `models loaded (warm-up took ${ms(warmUpMs)} ms)`, rss_mb: mb(loaded), added_mb: mb(loaded - stackOnly) },
          { when: 'after the runs above', rss_mb: mb(process.memoryUsage().rss), added_mb: mb(process.memoryUsage().rss - loaded) },
        ],
        notes: [`${os.availableParallelism()} cores; load average ${load()}`],
      })
      return tables
    } finally {
      await stack.close()
    }
  },
}
