// PWA figures, side by side in one run: an offline cold open of a 200-card wall (navigation until every
// visible card's photo is painted, with the service worker and the replica as the only sources)
// against a static HTML page showing the same cached photos at the same places; the gzip size of the
// JavaScript the home route loads before its first paint, after it, and in the sync worker; and Lighthouse scores (performance, accessibility, best practices)
// for the home page and a seeded wall; and how soon a first visit works offline.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright'
import { buildApp } from '../../scripts/lib/buildApp'
import { startLocalStack } from '../../supabase/local/server'
import { testConfig } from '../../supabase/local/config'
import { benchUser, cardImages, median, seedWall } from './dragKit'
import { paintedAt } from './painted'
import { round, type Bench, type BenchTable } from './types'

const APP_DIR = 'dist-bench-pwa'
const CARDS = 200
const REPS = 5
const READY_REPS = 3
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const chromeFlags = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
    }
  })
}

/** A page with the same photos at the same places, as plain HTML. */
function staticPage(images: Array<{ src: string; left: number; top: number; width: number; height: number }>): string {
  const cards = images
    .map((i) => `<img src="${i.src}" style="position:absolute;left:${i.left}px;top:${i.top}px;width:${i.width}px;height:${i.height}px;object-fit:cover">`)
    .join('\n')
  return `<!doctype html><html><head><meta charset="utf-8"><title>Static baseline</title></head><body style="margin:0">${cards}</body></html>`
}

/** One offline cold open of `url` in a new page, with the CPU slowed `throttle` times (CDP). */
async function coldOpen(context: BrowserContext, url: string, selector: string, throttle: number): Promise<number> {
  const page = await context.newPage()
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
  }
  await page.goto(url)
  const at = await paintedAt(page, selector)
  await page.close()
  return at
}

async function offlineColdOpen(context: BrowserContext, appUrl: string, wallId: string): Promise<BenchTable> {
  const wallUrl = `${appUrl}/wall/${wallId}`
  const first = await context.newPage()
  await first.goto(wallUrl)
  await waitForServiceWorker(first)
  await first.reload()
  await paintedAt(first, '[data-canvas-item] img')
  await first.waitForTimeout(1500) // the pulled wall is written to the replica
  const visible = await first.$$eval('[data-canvas-item] img', (imgs) =>
    imgs
      .map((img) => ({ img: img as HTMLImageElement, r: img.getBoundingClientRect() }))
      .filter(({ r }) => r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight)
      .map(({ img, r }) => ({ src: img.currentSrc || img.src, left: r.left, top: r.top, width: r.width, height: r.height })),
  )
  await first.close()
  const html = staticPage(visible)
  await context.route('**/bench-static.html', (route) => route.fulfill({ contentType: 'text/html', body: html }))
  // Headless Chromium loads a WebUI page in the background after start; let it finish first.
  await new Promise((resolve) => setTimeout(resolve, 2000))

  await context.setOffline(true)
  const rows: BenchTable['rows'] = []
  for (const throttle of [1, 4]) {
    const app: number[] = []
    const baseline: number[] = []
    // Side by side: each round opens the wall, then the static page.
    for (let i = 0; i < REPS; i++) {
      app.push(await coldOpen(context, wallUrl, '[data-canvas-item] img', throttle))
      baseline.push(await coldOpen(context, `${appUrl}/bench-static.html`, 'img', throttle))
    }
    const a = median(app)
    const b = median(baseline)
    const cpu = throttle > 1 ? `, CPU ×${throttle} (a mid-range phone)` : ''
    rows.push(
      { page: `Moori wall (service worker shell + replica + image cache)${cpu}`, ms: round(a), runs: app.map((v) => round(v, 0)).join(' / '), 'visible photos': visible.length },
      { page: `static HTML page with the same cached photos${cpu}`, ms: round(b), runs: baseline.map((v) => round(v, 0)).join(' / '), 'visible photos': visible.length },
      { page: `ratio${cpu} (goal ≤ 2)`, ms: round(a / b), runs: '', 'visible photos': '' },
    )
  }
  await context.setOffline(false)
  return {
    title: `Offline cold open of a ${CARDS}-card wall: navigation until all visible photos are painted (ms, median of ${REPS})`,
    rows,
    notes: [`machine load (1/5/15 min): ${os.loadavg().map((n) => n.toFixed(2)).join(' / ')} on ${os.cpus().length} cores`],
  }
}

/**
 * The JavaScript of a first visit to the home route, split at the home screen's first render (the
 * `moori:home-rendered` mark the home screen sets in a layout effect): the scripts whose Resource Timing
 * `responseEnd` comes before it (what the first paint waits for), the page's scripts after it (chunks
 * deferred or fetched ahead at idle time), and the sync worker (with anything it imports).
 */
async function homeJavaScript(context: BrowserContext, appUrl: string): Promise<BenchTable> {
  const page = await context.newPage()
  const scripts = new Map<string, { bytes: number; gzip: number }>()
  const bodies: Array<Promise<void>> = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (!url.pathname.endsWith('.js') || url.pathname === '/sw.js') return
    bodies.push(
      response.body().then(
        (body) => void scripts.set(url.pathname, { bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        () => undefined,
      ),
    )
  })
  await page.goto(appUrl)
  await page.getByRole('tab', { name: 'Discover' }).waitFor()
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1000) // chunks fetched ahead at idle time
  await page.waitForLoadState('networkidle')
  const timing = await page.evaluate(() => ({
    rendered: performance.getEntriesByName('moori:home-rendered')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .map((e) => ({ path: new URL(e.name).pathname, responseEnd: e.responseEnd })),
  }))
  await Promise.all(bodies)
  await page.close()
  if (timing.rendered === null) throw new Error('The home screen set no moori:home-rendered mark')
  const rendered = timing.rendered
  const loadedAt = new Map(timing.scripts.map((s) => [s.path, s.responseEnd]))
  type Entry = [string, { bytes: number; gzip: number }]
  const all: Entry[] = [...scripts]
  // Scripts a worker imports have no entry on the page's timeline; the sync worker is the only worker on home.
  const worker = all.filter(([p]) => p.includes('sync.worker') || !loadedAt.has(p))
  const onPage = all.filter(([p]) => !worker.some(([w]) => w === p))
  const before = onPage.filter(([p]) => loadedAt.get(p)! <= rendered)
  const after = onPage.filter(([p]) => loadedAt.get(p)! > rendered)
  const sum = (list: Entry[], key: 'bytes' | 'gzip') => list.reduce((n, [, s]) => n + s[key], 0)
  const kb = (n: number) => round(n / 1024, 1)
  const row = (part: string, list: Entry[]) => ({ part, files: list.length, raw: kb(sum(list, 'bytes')), gzip: kb(sum(list, 'gzip')) })
  const name = (p: string) => p.replace(/^\/assets\//, '')
  return {
    title: 'JavaScript loaded for the home route (KiB)',
    rows: [
      row('before the home screen rendered (first paint)', before),
      row('page, after it (deferred and fetched ahead)', after),
      row('sync worker', worker),
      row('total', all),
    ],
    notes: [
      `home screen rendered at ${round(rendered, 0)} ms`,
      `before: ${before.map(([p, s]) => `${name(p)} ${kb(s.gzip)}`).join(', ')}`,
      `after: ${after.map(([p, s]) => `${name(p)} ${kb(s.gzip)}`).join(', ') || 'none'}`,
    ],
  }
}

/**
 * How soon a first visit is ready to go offline: from navigation until a service worker controls the
 * page (it precached the whole app first, and claims the page on a first install), for a guest on the
 * home page in a fresh browser profile. Timed by the bench's own listener, not the app's marks, so any
 * build can be compared; the app's `moori:offline-ready` and `moori:ahead-of-HomeScreen` marks are
 * printed beside it where the build sets them.
 */
async function offlineReady(browser: Browser, appUrl: string): Promise<BenchTable> {
  const rows: BenchTable['rows'] = []
  for (const throttle of [1, 4]) {
    const controlled: number[] = []
    const ahead: number[] = []
    const rendered: number[] = []
    for (let i = 0; i < READY_REPS; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true })
      await context.addInitScript(() => {
        navigator.serviceWorker?.addEventListener('controllerchange', () => performance.mark('bench:controlled'), { once: true })
      })
      const page = await context.newPage()
      if (throttle > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle })
      await page.goto(appUrl + '/')
      await page.waitForFunction(() => performance.getEntriesByName('bench:controlled').length > 0, null, { timeout: 120_000 })
      const marks = await page.evaluate(() =>
        Object.fromEntries(
          ['bench:controlled', 'moori:ahead-of-HomeScreen', 'moori:home-rendered'].map((name) => [name, performance.getEntriesByName(name)[0]?.startTime ?? -1]),
        ),
      )
      controlled.push(marks['bench:controlled']!)
      ahead.push(marks['moori:ahead-of-HomeScreen']!)
      rendered.push(marks['moori:home-rendered']!)
      await context.close()
    }
    const shown = (list: number[]) => (list.some((v) => v < 0) ? 'not marked' : round(median(list), 0))
    rows.push({
      'CPU': `×${throttle}`,
      'home rendered ms': shown(rendered),
      "home's next steps on the device ms": shown(ahead),
      'worker controls the page (offline-ready) ms': round(median(controlled), 0),
      runs: controlled.map((v) => round(v, 0)).join(' / '),
    })
  }
  return {
    title: `A first visit, until it works offline (median of ${READY_REPS}; goal ≤ 5,000 ms)`,
    rows,
    notes: [`machine load (1/5/15 min): ${os.loadavg().map((n) => n.toFixed(2)).join(' / ')} on ${os.cpus().length} cores`],
  }
}

const run = promisify(execFile)

type LighthouseResult = { scores: Record<string, number>; shifts: string[]; failing: string[]; diagnostics: string }

async function lighthouse(url: string, preset: 'mobile' | 'desktop'): Promise<LighthouseResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'moori-lh-'))
  const output = path.join(dir, 'report.json')
  try {
    await run(
      'npx',
      [
        'lighthouse',
        url,
        `--chrome-flags=--headless ${chromeFlags.join(' ')}`,
        '--only-categories=performance,accessibility,best-practices',
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
        ...(preset === 'desktop' ? ['--preset=desktop'] : []),
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath }, maxBuffer: 64 * 1024 * 1024 },
    )
    const report = JSON.parse(await readFile(output, 'utf8')) as {
      categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>
      audits: Record<
        string,
        { score: number | null; numericValue?: number; details?: { items?: Array<{ score?: number; node?: { selector?: string } }> } }
      >
    }
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100)
    const shifts = (report.audits['layout-shifts']?.details?.items ?? [])
      .filter((i) => (i.score ?? 0) >= 0.01)
      .map((i) => `${round(i.score ?? 0, 3)} ${i.node?.selector ?? '?'}`)
    const scores = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best practices': score('best-practices'),
      'FCP ms': Math.round(report.audits['first-contentful-paint']?.numericValue ?? 0),
      'LCP ms': Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
      'TBT ms': Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
      CLS: round(report.audits['cumulative-layout-shift']?.numericValue ?? 0, 3),
    }
    // Name what costs accessibility and best-practice points, so a lower score says where to look.
    const failing = ['accessibility', 'best-practices'].flatMap((category) =>
      (report.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => {
          const nodes = (report.audits[ref.id]?.details?.items ?? []).map((i) => i.node?.selector ?? '?')
          return `${category}: ${ref.id} (${nodes.length} nodes${nodes.length ? ', e.g. ' + nodes.slice(0, 2).join(' ; ') : ''})`
        }),
    )
    // Where the mobile time goes: the largest paint's element, and the scripts that keep the main thread busiest.
    const lcpItems = (report.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { selector?: string } }> }> } | undefined)?.items
    const lcpNode = lcpItems?.[0]?.items?.[0]?.node?.selector ?? '?'
    const bootup = ((report.audits['bootup-time']?.details?.items ?? []) as Array<{ url?: string; total?: number }>)
      .slice(0, 3)
      .map((i) => `${(i.url ?? '?').replace(/^.*\//, '')} ${Math.round(i.total ?? 0)} ms`)
    const weight = Math.round((report.audits['total-byte-weight']?.numericValue ?? 0) / 1024)
    const diagnostics = `LCP element ${lcpNode}; ${weight} KiB transferred; busiest scripts: ${bootup.join(', ')}`
    return { scores, shifts, failing, diagnostics }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export const bench: Bench = {
  name: 'pwa',
  async run() {
    await buildApp({ quiet: true, outDir: APP_DIR })
    const stack = await startLocalStack(testConfig({ appDir: APP_DIR, host: '127.0.0.1' }))
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags })
    try {
      const { seed } = await import('../../supabase/local/seed/seed')
      await seed({ url: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey })
      const user = await benchUser(stack.url, stack.anonKey, stack.serviceRoleKey)
      const wallId = await seedWall(user, CARDS, await cardImages(CARDS))
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true })
      const tables: BenchTable[] = [await offlineColdOpen(context, stack.url, wallId)]
      await context.close()
      const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true })
      tables.push(await homeJavaScript(fresh, stack.url))
      await fresh.close()
      tables.push(await offlineReady(browser, stack.url))
      if (process.env.MOORI_BENCH_NO_LIGHTHOUSE) return tables
      const home = stack.url + '/'
      const wall = `${stack.url}/wall/${wallId}`
      const rows: Array<Record<string, string | number>> = []
      const notes: string[] = []
      for (const [page, url] of [['home', home], ['200-card wall', wall]] as const) {
        for (const preset of ['mobile', 'desktop'] as const) {
          const result = await lighthouse(url, preset)
          rows.push({ page, preset, ...result.scores })
          for (const shift of result.shifts) notes.push(`layout shift on ${page} (${preset}): ${shift}`)
          for (const audit of result.failing) notes.push(`${page} (${preset}) loses points on ${audit}`)
          if (preset === 'mobile') notes.push(`${page} (mobile): ${result.diagnostics}`)
        }
      }
      tables.push({ title: 'Lighthouse 12 (simulated throttling for mobile)', rows, notes })
      return tables
    } finally {
      await browser.close()
      await stack.close()
      await rm(APP_DIR, { recursive: true, force: true })
    }
  },
}
