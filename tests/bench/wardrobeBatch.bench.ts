// Many outfit photos at once (issue 25), the device's side, in one run: 20 photos of 12 MP picked at once
// in the built app until every one is shrunk, kept on the device and its job queued (the batch view has
// no row left preparing), against the same 20 sent one by one through the single upload (open the dialog,
// pick, Upload, wait for its job, close), and the main thread meanwhile: the longest task and the total
// blocked time (the part of each long task over 50 ms). First with the engine held out (its start is
// answered without running it: the device's figures alone), then with the stack's real engine until
// every photo is tagged; the engine alone is `npm run bench -- wardrobe`. Then reviewing 20 new items in the To review inbox against item by item (`wardrobeReview.ts`).
// Nothing here asserts a time; the machine's load is printed beside the figures.
// MOORI_BENCH_BATCH_PHOTOS=0 runs only the review; MOORI_BENCH_BATCH_ENGINE=off leaves out the rows with the
// engine; MOORI_BENCH_BATCH_ATTRIBUTE=1 prints what ran in each long task (=tasks: in the tasks with the most
// CPU); MOORI_BENCH_BATCH_QUICK=1 runs only the picked-at-once rows.
import os from 'node:os'
import path from 'node:path'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { chromium, type Browser, type Page } from 'playwright'
import { buildApp } from '../../scripts/lib/buildApp'
import { startLocalStack } from '../../supabase/local/server'
import { testConfig } from '../../supabase/local/config'
import { largeOutfitPhoto } from '../support/wardrobePhotos'
import { benchUser, longTasksSince, signedInContext, type BenchUser } from './dragKit'
import { measureThreadCpu, type ThreadCpu } from './threadCpu'
import { round, type Bench, type BenchTable } from './types'
import { reviewTable } from './wardrobeReview'

const APP_DIR = 'dist-bench-wardrobe-batch'
const PHOTOS = Number(process.env.MOORI_BENCH_BATCH_PHOTOS ?? 20)
const WITH_ENGINE = process.env.MOORI_BENCH_BATCH_ENGINE !== 'off'
/** MOORI_BENCH_BATCH_ATTRIBUTE=1 prints what ran in each long main-thread task of a batch (the trace then
 * records more, so its figures are not the ones to compare). */
const ATTRIBUTE = process.env.MOORI_BENCH_BATCH_ATTRIBUTE === '1'
/** MOORI_BENCH_BATCH_ATTRIBUTE=tasks lists the main-thread tasks with the most CPU and what ran in them
 * (the timeline's events, without the sampling profiler: figures a little inflated). */
const HEAVIEST = process.env.MOORI_BENCH_BATCH_ATTRIBUTE === 'tasks'
/** MOORI_BENCH_BATCH_QUICK=1 runs only the picked-at-once rows (no review, no one by one): for iterating. */
const QUICK = process.env.MOORI_BENCH_BATCH_QUICK === '1'
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' / ')

interface Run {
  ms: number
  longest: number
  blocked: number
  longTasks: number
  /** Only for the batch: what the page's own threads spent (see threadCpu.ts). */
  cpu?: ThreadCpu
}

/** With MOORI_BENCH_BATCH_ATTRIBUTE: every committed replica write Dexie announces (this page's, and the
 * sync worker's through its BroadcastChannel), counted by the tables and indexes it touched, so the
 * live queries a batch wakes can be told apart. */
const COUNT_WRITES = `
  window.__replicaWrites = { since: 0, counts: {} }
  const count = (name) => {
    const writes = window.__replicaWrites
    if (writes.since) writes.counts[name] = (writes.counts[name] ?? 0) + 1
  }
  new BroadcastChannel('x-storagemutated-1').onmessage = (event) => {
    for (const part of Object.keys(event.data ?? {})) count(part.replace(/^idb:\\/\\/[^/]*\\//, '') || part)
  }
  // And what the page itself calls per photo: IndexedDB transactions, object URLs, requests.
  const transaction = IDBDatabase.prototype.transaction
  IDBDatabase.prototype.transaction = function (...args) {
    count('(page) IndexedDB transactions')
    return transaction.apply(this, args)
  }
  const createObjectURL = URL.createObjectURL
  URL.createObjectURL = (blob) => {
    count('(page) URL.createObjectURL')
    return createObjectURL(blob)
  }
  const fetch = window.fetch
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href)
    count('(page) fetch ' + url.pathname.split('/').slice(0, 4).join('/'))
    return fetch(input, init)
  }
`

async function replicaWrites(page: Page): Promise<string[]> {
  const counts = await page.evaluate(() => (window as unknown as { __replicaWrites: { counts: Record<string, number> } }).__replicaWrites.counts)
  return ['replica writes announced during the batch, by table/index touched, and the page\'s own calls:', ...Object.entries(counts).sort((a, b) => b[1] - a[1]).map(([part, n]) => `  ${String(n).padStart(5)} ${part}`)]
}

async function mainThread(page: Page, since: number): Promise<Omit<Run, 'ms'>> {
  const { count, longest, blocked } = await longTasksSince(page, since)
  return { longest, blocked, longTasks: count }
}

async function openProfile(browser: Browser, url: string, user: BenchUser, username: string, engine: boolean) {
  const context = await signedInContext(browser, user.session)
  // Without the engine its start is answered as the API would, and nothing runs.
  if (!engine) {
    await context.route('**/api/wardrobe/background-ootd', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true }) }),
    )
  }
  if (ATTRIBUTE) await context.addInitScript({ content: COUNT_WRITES })
  const page = await context.newPage()
  await page.goto(`${url}/${username}`)
  await page.getByRole('button', { name: 'Upload Product' }).first().waitFor()
  await page.waitForTimeout(1500) // the photo-shrinking library and the sync worker start
  return { context, page }
}

/** A photo file on disk: the page gets a File backed by it, as from a real picker. (Buffers would be
 * copied into the page's JavaScript heap as base64, and collecting 20 of them is a long GC that is the
 * harness's, not the app's.) */
type Photo = string

async function batch(browser: Browser, url: string, user: BenchUser, username: string, photos: Photo[], engine: boolean): Promise<Run> {
  const { context, page } = await openProfile(browser, url, user, username, engine)
  await page.getByRole('button', { name: 'Upload Product' }).first().click()
  const upload = page.getByRole('dialog', { name: 'Upload Product' })
  await upload.getByTestId('outfit-library-input').setInputFiles(photos, { timeout: 180_000 })
  // Playwright's own script enters the page on its first wait (about 20 ms); not the app's, so before.
  await page.waitForFunction(() => true)
  // The button found now: a locator's click looks it up again by role inside the span, a walk of the
  // page's accessibility tree that was itself a long task of the harness's, counted as the app's.
  const uploadButton = await upload.getByRole('button', { name: `Upload ${photos.length} photos` }).elementHandle()
  const since = await page.evaluate(() => performance.now())
  if (ATTRIBUTE) await page.evaluate(() => void ((window as unknown as { __replicaWrites: { since: number } }).__replicaWrites.since = performance.now()))
  const started = Date.now()
  let ms = 0
  const cpu = await measureThreadCpu(browser, page, async () => {
    await uploadButton.click()
    await page.waitForFunction(
      (count) =>
        document.querySelectorAll('[data-testid="outfit-batch-row"]').length === count &&
        document.querySelectorAll('[data-testid="outfit-batch-row"]:is([data-state="preparing"], [data-state="loading"])').length === 0,
      photos.length,
      { timeout: 600_000, polling: 250 },
    )
    if (engine) {
      // Every job finished (completed or failed) and its items in the replica, so the Products area shows them.
      await page.waitForFunction(
        (count) => document.querySelectorAll('[data-testid="outfit-batch-row"][data-state="completed"], [data-testid="outfit-batch-row"][data-state="failed"]').length === count,
        photos.length,
        { timeout: 900_000, polling: 250 },
      )
    }
    ms = Date.now() - started
  }, { attribute: ATTRIBUTE, heaviest: HEAVIEST })
  if (cpu.breakdown) console.log(cpu.breakdown.join('\n'))
  if (ATTRIBUTE) console.log((await replicaWrites(page)).join('\n'))
  for (const task of cpu.longTasks ?? []) {
    console.log(`long task ${task.wallMs.toFixed(1)} ms (cpu ${task.cpuMs.toFixed(1)})\n${task.parts.join('\n')}`)
  }
  for (const task of cpu.heaviestTasks ?? []) {
    console.log(`heavy task: cpu ${task.cpuMs.toFixed(1)} ms (wall ${task.wallMs.toFixed(1)})\n${task.parts.join('\n')}`)
  }
  const rows = page.getByTestId('outfit-batch-row')
  if ((await rows.count()) !== photos.length) throw new Error('The batch view lost a photo')
  const thread = await mainThread(page, since)
  await context.close()
  return { ms, ...thread, cpu }
}

async function oneByOne(browser: Browser, url: string, user: BenchUser, username: string, photos: Photo[], engine: boolean): Promise<Run> {
  const { context, page } = await openProfile(browser, url, user, username, engine)
  const since = await page.evaluate(() => performance.now())
  const started = Date.now()
  for (const photo of photos) {
    await page.getByRole('button', { name: 'Upload Product' }).first().click()
    const upload = page.getByRole('dialog', { name: 'Upload Product' })
    await upload.getByTestId('outfit-library-input').setInputFiles(photo)
    await upload.getByRole('button', { name: 'Upload', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Processing your photo' })
    await dialog.locator('[data-testid="processing"][data-job-id]').waitFor({ timeout: 120_000 })
    // With the engine, today's single upload waits in its dialog until the photo is tagged.
    if (engine) await dialog.locator('[data-testid="processing"]:is([data-state="completed"], [data-state="failed"])').waitFor({ timeout: 300_000 })
    await dialog.getByRole('button', { name: 'Continue Using App' }).click()
    await dialog.waitFor({ state: 'hidden' })
  }
  const ms = Date.now() - started
  const thread = await mainThread(page, since)
  await context.close()
  return { ms, ...thread }
}

export const bench: Bench = {
  name: 'wardrobe-batch',
  async run(): Promise<BenchTable[]> {
    const loadAtStart = load()
    console.log('building the app...')
    await buildApp({ outDir: APP_DIR, quiet: true, ...(ATTRIBUTE || HEAVIEST ? { minify: false } : {}) })
    const stack = await startLocalStack(testConfig({ appDir: APP_DIR }))
    let photoDir: string | undefined
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    })
    try {
      const reviewing = QUICK ? undefined : await reviewTable(browser, stack)
      if (PHOTOS === 0) return reviewing ? [reviewing] : []
      const { jpeg, source } = await largeOutfitPhoto(4000, 3000)
      photoDir = await mkdtemp(path.join(os.tmpdir(), 'moori-batch-'))
      const photos: Photo[] = []
      for (let i = 0; i < PHOTOS; i++) {
        const file = path.join(photoDir, `outfit-${i + 1}.jpg`)
        await writeFile(file, jpeg)
        photos.push(file)
      }
      const rows: BenchTable['rows'] = []
      const row = (way: string, run: Run) => ({
        way,
        photos: PHOTOS,
        's (kept and queued; with the engine: all tagged)': round(run.ms / 1000, 1),
        'longest main-thread task, ms': round(run.longest, 0),
        'total blocked time, ms': round(run.blocked, 0),
        'long tasks': run.longTasks,
        'longest main-thread task, CPU ms': run.cpu ? round(run.cpu.longestMainTaskCpuMs, 0) : '',
        'main thread CPU, ms': run.cpu ? round(run.cpu.mainCpuMs, 0) : '',
        'compositor CPU, ms': run.cpu ? round(run.cpu.compositorCpuMs, 0) : '',
        'workers CPU, ms': run.cpu ? round(run.cpu.workerCpuMs, 0) : '',
      })
      for (const [way, measure, engine] of [
        ['picked at once (batch)', batch, false],
        ['one by one (single upload)', oneByOne, false],
        ['picked at once, with the engine', batch, true],
        ['one by one, with the engine', oneByOne, true],
      ] as const) {
        if ((engine && !WITH_ENGINE) || (QUICK && measure === oneByOne)) continue
        const user = await benchUser(stack.url, stack.anonKey, stack.serviceRoleKey)
        const profile = await user.client.from('profiles').select('username').eq('id', user.id).single()
        if (profile.error) throw profile.error
        const run = await measure(browser, stack.url, user, profile.data.username as string, photos, engine)
        rows.push(row(way, run))
        console.log(JSON.stringify(rows.at(-1)))
      }
      return [
        ...(reviewing ? [reviewing] : []),
        {
          title: `${PHOTOS} outfit photos of 12 MP (4000×3000 JPEG, ${Math.round(jpeg.length / 1024)} KB) into the wardrobe, on the device`,
          rows,
          notes: [
            `photo: ${source}; the same photo under ${PHOTOS} names`,
            'from pressing Upload until every photo is shrunk (800 px, in a web worker), kept in the replica and its job queued in the outbox; one by one also counts opening the dialog, picking and closing it each time (Playwright clicks, no human pauses)',
            'the first two rows hold the engine out (its start answered at once): the device alone; the last two run the real engine in this stack until every job has completed or failed (one by one waits in the processing dialog for each, as a single upload does); see `npm run bench -- wardrobe` for the engine alone',
            'main thread: PerformanceObserver "longtask" entries (50 ms or more) in that span; blocked time is the sum of each one over 50 ms',
            'CPU columns (picked at once only): thread time from a Chromium trace of that span: the longest main-thread task and all of it, the software compositor, and the page\'s dedicated workers (the photo shrinker, the sync worker); a long task whose CPU is far below its wall time waited for a core (the shrinking worker, the compositor and the stack share two)',
            `machine load (os.loadavg 1/5/15 min) at start: ${loadAtStart}; at end: ${load()} (${os.cpus().length} cores)`,
          ],
        },
      ]
    } finally {
      await browser.close()
      await stack.close()
      await rm(APP_DIR, { recursive: true, force: true })
      if (photoDir) await rm(photoDir, { recursive: true, force: true })
    }
  },
}
