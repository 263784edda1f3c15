// The server's side of many photos at once (issue 25): a user's 20 outfit photos started through a FIFO
// outbox that honours 429 + Retry-After as the app's does, and another user's one photo a second later.
// Side by side on fresh stacks: the rule before (5 jobs per user waiting or running, refused with
// Retry-After 10 s) and now (60 may wait, two of a user's run at once, the user running fewest first).
// The engine is a stand-in that takes a fixed time per photo (MOORI_BENCH_ENGINE_MS, 500 ms), so the
// figures are the queue's alone; the real engine's are `npm run bench -- wardrobe`. Nothing here
// asserts a time; the machine's load is printed beside the figures.
import os from 'node:os'
import sharp from 'sharp'
import { newId } from '../../src/lib/ids'
import type { JobRunnerOptions } from '../../supabase/api/wardrobe/jobRunner'
import type { WardrobeLimits } from '../../supabase/api/wardrobe/wardrobeRoutes'
import { scriptedVision } from '../support/scriptedVision'
import { startTestStack, type TestStack } from '../support/stack'
import { createTestUser, type TestUser } from '../support/users'
import { round, summarize, type Bench, type BenchTable } from './types'

const PHOTOS = 20
const ENGINE_MS = Number(process.env.MOORI_BENCH_ENGINE_MS ?? 500)
const SLOTS = 2
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Rule {
  label: string
  limits: Partial<WardrobeLimits>
  jobs: Partial<JobRunnerOptions>
}

const rules: Rule[] = [
  // Before: the API refused a user's sixth job; the claim ran anyone's jobs, oldest first.
  { label: 'before: 5 per user, then 429', limits: { jobsPerUser: 5 }, jobs: { runningPerUser: 1000 } },
  { label: 'now: 60 may wait, 2 run at once', limits: {}, jobs: {} },
]

async function photo(user: TestUser, bytes: Buffer): Promise<string> {
  const path = `${user.id}/ootd/${newId()}.jpg`
  const { error } = await user.client.storage.from('ootd-images').upload(path, bytes, { contentType: 'image/jpeg' })
  if (error) throw new Error(error.message)
  return `ootd-images/${path}`
}

/** The app's outbox, for one user: each start in turn, and after a 429 nothing until Retry-After. */
async function sendInOrder(stack: TestStack, user: TestUser, photos: string[]): Promise<{ ids: string[]; refused: number }> {
  const ids: string[] = []
  let refused = 0
  for (const image of photos) {
    const id = newId()
    for (;;) {
      const response = await fetch(`${stack.url}/api/wardrobe/background-ootd`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${user.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ image_url: image, user_id: user.id, processing_id: id, skip_ai_extraction: true }),
      })
      if (response.status === 200) break
      if (response.status !== 429) throw new Error(`background-ootd answered ${response.status}: ${await response.text()}`)
      refused += 1
      await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000)
    }
    ids.push(id)
  }
  return { ids, refused }
}

async function doneAt(stack: TestStack, ids: string[]): Promise<number> {
  for (;;) {
    const { rows } = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from public.processing_jobs where id = any($1) and status in ('completed', 'failed')`,
      [ids],
    )
    if (rows[0]!.n === ids.length) return performance.now()
    await sleep(50)
  }
}

async function runRule(rule: Rule): Promise<Record<string, string | number>> {
  const base = scriptedVision()
  const starts: number[] = []
  const ends: number[] = []
  const vision = {
    ...base,
    async analyseOutfit(...args: Parameters<typeof base.analyseOutfit>) {
      starts.push(performance.now())
      await sleep(ENGINE_MS)
      ends.push(performance.now())
      return base.analyseOutfit(...args)
    },
  }
  const stack = await startTestStack({
    api: { vision: () => vision, limits: rule.limits, jobs: { maxConcurrent: SLOTS, ...rule.jobs } },
  })
  try {
    const [ann, ben] = [await createTestUser(stack), await createTestUser(stack)]
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a6' } }).jpeg().toBuffer()
    const annPhotos = await Promise.all(Array.from({ length: PHOTOS }, () => photo(ann, bytes)))
    const benPhoto = await photo(ben, bytes)

    const t0 = performance.now()
    const annRun = sendInOrder(stack, ann, annPhotos)
    await sleep(1000)
    const benStart = performance.now()
    const benRun = sendInOrder(stack, ben, [benPhoto])
    const [annSent, benSent, annDone, benDone] = await Promise.all([
      annRun,
      benRun,
      annRun.then((sent) => doneAt(stack, sent.ids)),
      benRun.then((sent) => doneAt(stack, sent.ids)),
    ])
    const total = Math.max(annDone, benDone) - t0
    const ideal = (Math.ceil((PHOTOS + 1) / SLOTS) * ENGINE_MS) / 1000
    // From each photo's analysis ending to the next one starting: the slot's idle time between jobs.
    const gaps = ends.flatMap((end) => {
      const next = starts.find((start) => start >= end)
      return next === undefined ? [] : [next - end]
    })
    return {
      rule: rule.label,
      [`${PHOTOS} photos done (s)`]: round((annDone - t0) / 1000, 1),
      '429s': annSent.refused + benSent.refused,
      'other user’s 1 photo done after (s)': round((benDone - benStart) / 1000, 1),
      'ideal / actual (%)': round((100 * ideal) / (total / 1000), 0),
      'gap between analyses, median / max (ms)': `${round(summarize(gaps).median, 0)} / ${round(summarize(gaps).max, 0)}`,
    }
  } finally {
    await stack.close()
  }
}

export const bench: Bench = {
  name: 'wardrobe-queue',
  async run(): Promise<BenchTable[]> {
    const rows = []
    for (const rule of rules) rows.push(await runRule(rule))
    return [
      {
        title: `${PHOTOS} outfit photos of one user, then 1 of another, through a FIFO outbox (engine ${ENGINE_MS} ms a photo, ${SLOTS} slots)`,
        rows,
        notes: [
          `ideal / actual: the engine time alone of all ${PHOTOS + 1} photos on ${SLOTS} slots, over the time they all took (each job also reads its photo and writes its items)`,
          `load average ${load()}`,
        ],
      },
    ]
  },
}
