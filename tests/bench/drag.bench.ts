// Dragging a card on big walls, against a bare-DOM page moving one of as many absolutely positioned
// images by transform, under 4× CPU throttling (see shared/reference/browser-testing.md §5): main-
// thread ms per pointer move (CDP Script+Layout+RecalcStyle deltas), pointer-move-to-frame p95, frames
// over 33 ms, medians of 3 runs. Plus how long a 200-card wall takes from navigation until every
// visible card's photo is painted, from a warm replica (and, for contrast, a cold one).
import { rm } from 'node:fs/promises'
import os from 'node:os'
import { chromium, type Browser, type Page } from 'playwright'
import { buildApp } from '../../scripts/lib/buildApp'
import { startLocalStack } from '../../supabase/local/server'
import { testConfig } from '../../supabase/local/config'
import { benchUser, cardImages, RECORDERS, type BenchUser, measureDrag, median, seedWall, servePages, type DragFigures } from './dragKit'
import type { Bench, BenchTable } from './types'
import { round } from './types'

const APP_DIR = 'dist-bench-drag'
const REPS = 3
const SIZES = [500, 2000]
const PAINT_CARDS = 200
const STORAGE_KEY = 'sb-127-auth-token'

const launch = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  })

async function signedInContext(browser: Browser, session: unknown) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true })
  await context.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value)
    },
    [STORAGE_KEY, JSON.stringify(session)] as const,
  )
  await context.addInitScript({ content: RECORDERS })
  return context
}

/** Every photo of the cards on screen has loaded and been through two frames. */
function visibleCardsPainted(page: Page, expectAtLeast: number) {
  return page.waitForFunction(
    (atLeast) => {
      const imgs = [...document.querySelectorAll<HTMLElement>('[data-canvas-item]')]
        .filter((el) => {
          const r = el.getBoundingClientRect()
          return r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight
        })
        .map((el) => el.querySelector('img'))
      if (imgs.length < atLeast || imgs.some((img) => !img || !img.complete || img.naturalWidth === 0)) return 0
      return new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))))
    },
    expectAtLeast,
    { polling: 'raf', timeout: 60_000 },
  )
}

async function dragOnWall(browser: Browser, appUrl: string, user: BenchUser, wallId: string): Promise<DragFigures & { rendered: number }> {
  // Every run drags card 41 from the same spot: put it back where the seed placed it.
  const reset = await user.client.from('polaroids').update({ x: 260, y: 320 }).eq('wall_id', wallId).eq('name', 'Card 41')
  if (reset.error) throw reset.error
  const context = await signedInContext(browser, user.session)
  const page = await context.newPage()
  await page.goto(`${appUrl}/wall/${wallId}`)
  await visibleCardsPainted(page, 4)
  const rendered = await page.locator('[data-canvas-item]').count()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const id = (await page.locator('[data-canvas-item][data-x="260"][data-y="320"]').getAttribute('data-canvas-item'))!
  const card = page.locator(`[data-canvas-item="${id}"]`)
  const before = await card.getAttribute('data-x')
  const box = (await card.boundingBox())!
  // The drop counts once the card's position comes back from the replica (so the drag was a real one).
  // (Source text: a MutationObserver waits without polling, so it adds nothing to the measured work.)
  const saved = () =>
    page.evaluate(`new Promise((resolve) => {
      const changed = () => document.querySelector(${JSON.stringify(`[data-canvas-item="${id}"]`)})?.getAttribute('data-x') !== ${JSON.stringify(before)}
      if (changed()) return resolve(true)
      const observer = new MutationObserver(() => { if (changed()) { observer.disconnect(); resolve(true) } })
      observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-x'] })
    })`)
  const figures = await measureDrag(page, cdp, { x: box.x + box.width / 2, y: box.y + box.height / 3 }, saved)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  await context.close()
  return { ...figures, rendered }
}

async function dragOnBarePage(browser: Browser, pagesUrl: string, count: number): Promise<DragFigures & { rendered: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true })
  await context.addInitScript({ content: RECORDERS })
  const page = await context.newPage()
  await page.goto(`${pagesUrl}/drag-bare.html?n=${count}`)
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 60_000 })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const box = (await page.locator('.card').nth(41).boundingBox())!
  const figures = await measureDrag(page, cdp, { x: box.x + box.width / 2, y: box.y + box.height / 3 })
  await context.close()
  return { ...figures, rendered: count }
}

async function paintTimes(browser: Browser, appUrl: string, session: unknown, wallId: string) {
  const context = await signedInContext(browser, session)
  const page = await context.newPage()
  const cold: number[] = []
  const warm: number[] = []
  await page.goto(`${appUrl}/wall/${wallId}`)
  cold.push((await (await visibleCardsPainted(page, 4)).jsonValue()))
  // Give the replica time to finish writing the pulled wall before the warm runs.
  await page.waitForTimeout(1500)
  for (let i = 0; i < REPS; i++) {
    await page.goto(`${appUrl}/wall/${wallId}`)
    warm.push((await (await visibleCardsPainted(page, 4)).jsonValue()))
  }
  await context.close()
  return { cold: cold[0]!, warm: median(warm), warmRuns: warm }
}

export const bench: Bench = {
  name: 'drag',
  async run(): Promise<BenchTable[]> {
    const loadAtStart = os.loadavg().map((n) => n.toFixed(2)).join(' / ')
    console.log('building the app...')
    await buildApp({ outDir: APP_DIR, quiet: true })
    const stack = await startLocalStack(testConfig({ appDir: APP_DIR }))
    const images = await cardImages(12)
    const pages = await servePages(images)
    const browser = await launch()
    try {
      const appUrl = stack.url
      const user = await benchUser(stack.url, stack.anonKey, stack.serviceRoleKey)
      const walls = new Map<number, string>()
      for (const size of [...SIZES, PAINT_CARDS]) walls.set(size, await seedWall(user, size, images))
      console.log('seeded walls of', [...walls.keys()].join(', '), 'polaroids')

      const rows: BenchTable['rows'] = []
      for (const size of SIZES) {
        for (const [label, run] of [
          ['Moori wall', () => dragOnWall(browser, appUrl, user, walls.get(size)!)],
          ['bare DOM', () => dragOnBarePage(browser, pages.url, size)],
        ] as const) {
          const runs: Array<DragFigures & { rendered: number }> = []
          for (let i = 0; i < REPS; i++) runs.push(await run())
          rows.push({
            page: label,
            items: size,
            'cards in DOM': median(runs.map((r) => r.rendered)),
            'main-thread ms/move': round(median(runs.map((r) => r.msPerMove))),
            'input→frame p95 ms': round(median(runs.map((r) => r.p95LatencyMs)), 1),
            'frames >33 ms': median(runs.map((r) => r.longFrames)),
            'drag wall ms (60 moves)': Math.round(median(runs.map((r) => r.dragMs))),
            'drop main-thread ms': round(median(runs.map((r) => r.dropMs)), 1),
            'drop long tasks (runs)': runs.map((r) => r.dropLongTasks).join('/'),
            'drop longest task ms': round(median(runs.map((r) => r.dropLongestTaskMs)), 1),
          })
          console.log(JSON.stringify(rows.at(-1)))
        }
      }
      const paint = await paintTimes(browser, appUrl, user.session, walls.get(PAINT_CARDS)!)
      return [
        {
          title: 'Dragging a card, 4× CPU throttling, 1280×800, median of 3 runs',
          rows,
          notes: [
            'main-thread ms/move: CDP Performance.getMetrics deltas of ScriptDuration + LayoutDuration + RecalcStyleDuration over 60 pointer moves',
            'drop main-thread ms: the same metrics from the drop until the card shows its saved position (the wall writes its replica, the live query re-renders; the bare page only ends the drag)',
            'input→frame: pointermove timeStamp to a task queued from the next animation frame',
            'drop long tasks: tasks of 50 ms or more (PerformanceObserver "longtask") from the drop until the saved position shows, per run; longest: their median over runs of each run\'s longest (0: none)',
            `machine load (os.loadavg 1/5/15 min) at start: ${loadAtStart}; at end: ${os.loadavg().map((n) => n.toFixed(2)).join(' / ')} (${os.cpus().length} cores)`,
            'the wall renders only the cards near the viewport; the bare-DOM page keeps every card in the DOM and moves one by transform',
          ],
        },
        {
          title: `A ${PAINT_CARDS}-card wall: navigation to every visible photo painted`,
          rows: [
            { replica: 'warm (wall already on the device)', 'ms (median of 3)': Math.round(paint.warm), runs: paint.warmRuns.map(Math.round).join(' / ') },
            { replica: 'cold (first visit: pull, then paint)', 'ms (median of 3)': Math.round(paint.cold), runs: String(Math.round(paint.cold)) },
          ],
          notes: ['unthrottled CPU; photos come from the HTTP cache on warm runs; measured with performance.now() since navigation start'],
        },
      ]
    } finally {
      await browser.close()
      await pages.close()
      await stack.close()
      await rm(APP_DIR, { recursive: true, force: true })
    }
  },
}
