// How long a first visit (no replica, no service worker, empty caches) takes until the first screen
// shows its cards: the home page's first Discover card and a demo wall's first card, at full speed,
// with the entry's early REST request (src/data/early) and with it refused (the screen then waits for
// the sync worker's pull, as before issue 27). Median of 5 runs each, in alternation, on the build in
// `dist/` (build it first: `npx tsx scripts/serve-e2e.ts` does, or `npm run build`).
//   npx tsx scripts/first-visit-probe.ts
import { spawn } from 'node:child_process'
import os from 'node:os'
import { chromium, type Browser } from 'playwright'

const port = Number(process.env.MOORI_PROBE_PORT ?? 54378)
const base = `http://localhost:${port}`
const RUNS = Number(process.env.MOORI_PROBE_RUNS ?? 5)

const server = spawn('npx', ['tsx', 'scripts/serve-e2e.ts'], {
  env: { ...process.env, MOORI_E2E_PORT: String(port), MOORI_E2E_SKIP_BUILD: '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
})
let printed = ''
const ready = new Promise<void>((resolve) => {
  server.stdout.on('data', (chunk: Buffer) => {
    printed += chunk.toString()
    if (printed.includes('e2e stack ready')) resolve()
  })
})

/** An early request of the entry's (the wall's rows, the Discover cards); the pull is an RPC. */
function isEarlyRequest(url: URL): boolean {
  const select = url.searchParams.get('select') ?? ''
  return (
    (url.pathname === '/rest/v1/walls' && select.includes('owner:profiles')) ||
    (url.pathname === '/rest/v1/polaroids' && select.includes('walls!inner'))
  )
}

/** ms from navigation until `selector` is first on screen (checked every frame). */
async function firstVisit(browser: Browser, path: string, selector: string, early: boolean): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } })
  if (!early) await context.route(isEarlyRequest, (route) => route.abort('connectionrefused'))
  await context.addInitScript((sel: string) => {
    const tick = () => {
      if (document.querySelector(sel)) (window as unknown as { shownAt: number }).shownAt = performance.now()
      else requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  }, selector)
  const page = await context.newPage()
  await page.goto(`${base}${path}`)
  await page.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt !== undefined, undefined, {
    timeout: 60_000,
  })
  const ms = await page.evaluate(() => (window as unknown as { shownAt: number }).shownAt)
  await context.close()
  return ms
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

try {
  await ready
  const walls = (await (
    await fetch(`${base}/rest/v1/walls?select=id,name,polaroids(id)&private=is.false&deleted_at=is.null`, {
      headers: { apikey: /Anon key\s+(\S+)/.exec(printed)?.[1] ?? '' },
    })
  ).json()) as Array<{ id: string; name: string; polaroids: unknown[] }>
  const wall = walls.sort((a, b) => b.polaroids.length - a.polaroids.length)[0]!
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
  })
  const cases = [
    { name: 'home: first Discover card', path: '/', selector: 'main article' },
    { name: `wall (${wall.polaroids.length} cards): first card`, path: `/wall/${wall.id}`, selector: '[data-canvas-item]' },
  ]
  console.info(`load before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
  for (const c of cases) {
    const withEarly: number[] = []
    const without: number[] = []
    for (let i = 0; i < RUNS; i++) {
      without.push(await firstVisit(browser, c.path, c.selector, false))
      withEarly.push(await firstVisit(browser, c.path, c.selector, true))
    }
    console.info(
      `${c.name}: early request refused (before) ${median(without).toFixed(0)} ms, with it (after) ${median(withEarly).toFixed(0)} ms` +
        `  [before ${without.map((v) => v.toFixed(0)).join(', ')} | after ${withEarly.map((v) => v.toFixed(0)).join(', ')}]`,
    )
  }
  console.info(`load after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
  await browser.close()
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGINT')
}

