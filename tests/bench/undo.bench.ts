// One undo of a move on a 2,000-card wall (issue 24): the card is dragged once, then Ctrl+Z; measured
// from the key press until the card shows its old position again (the undo reads the history and the
// row, writes the replica, history and outbox in one transaction, and the wall re-renders one card).
// Main-thread ms (CDP Script+Layout+RecalcStyle deltas) and long tasks (50 ms or more) in that span,
// unthrottled and at 4× CPU throttling, median of 5.
import { rm } from 'node:fs/promises'
import os from 'node:os'
import { chromium, type Browser, type CDPSession, type Page } from 'playwright'
import { buildApp } from '../../scripts/lib/buildApp'
import { startLocalStack } from '../../supabase/local/server'
import { testConfig } from '../../supabase/local/config'
import { benchUser, cardImages, type BenchUser, longTasksSince, median, metrics, seedWall, signedInContext } from './dragKit'
import type { Bench, BenchTable } from './types'
import { round } from './types'

const APP_DIR = 'dist-bench-undo'
const CARDS = 2000
const REPS = 5

const mainThreadMs = (from: Record<string, number>, to: Record<string, number>) =>
  ['ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'].reduce((sum, name) => sum + (to[name] ?? 0) - (from[name] ?? 0), 0) * 1000

/** Resolves once the card's data-x attribute is `x` (a MutationObserver: no polling in the measured span). */
function cardAt(page: Page, id: string, x: string) {
  return page.evaluate(`new Promise((resolve) => {
    const at = () => document.querySelector(${JSON.stringify(`[data-canvas-item="${id}"]`)})?.getAttribute('data-x') === ${JSON.stringify(x)}
    if (at()) return resolve(true)
    const observer = new MutationObserver(() => { if (at()) { observer.disconnect(); resolve(true) } })
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-x'] })
  })`)
}

const twoFrames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

async function undoOnce(page: Page, cdp: CDPSession, id: string): Promise<{ ms: number; longTasks: number; longest: number }> {
  const card = page.locator(`[data-canvas-item="${id}"]`)
  const home = (await card.getAttribute('data-x')) ?? ''
  const box = (await card.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 3 + 60, { steps: 8 })
  await page.mouse.up()
  await page.waitForFunction(([sel, x]) => document.querySelector(sel)?.getAttribute('data-x') !== x, [`[data-canvas-item="${id}"]`, home] as const)
  // Let the drop's own writes and renders settle first.
  await page.waitForTimeout(300)
  await twoFrames(page)
  const since = await page.evaluate(() => performance.now())
  const before = await metrics(cdp)
  await page.keyboard.press('Control+z')
  await cardAt(page, id, home)
  await twoFrames(page)
  const after = await metrics(cdp)
  const tasks = await longTasksSince(page, since)
  return { ms: mainThreadMs(before, after), longTasks: tasks.count, longest: tasks.longest }
}

async function measure(browser: Browser, appUrl: string, user: BenchUser, wallId: string, throttle: number) {
  const context = await signedInContext(browser, user.session)
  const page = await context.newPage()
  await page.goto(`${appUrl}/wall/${wallId}`)
  await page.locator('[data-canvas-item][data-x="260"][data-y="320"]').waitFor()
  const id = (await page.locator('[data-canvas-item][data-x="260"][data-y="320"]').getAttribute('data-canvas-item'))!
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
  const runs = []
  for (let i = 0; i < REPS; i++) runs.push(await undoOnce(page, cdp, id))
  await context.close()
  return runs
}

export const bench: Bench = {
  name: 'undo',
  async run(): Promise<BenchTable[]> {
    const loadAtStart = os.loadavg().map((n) => n.toFixed(2)).join(' / ')
    console.log('building the app...')
    await buildApp({ outDir: APP_DIR, quiet: true })
    const stack = await startLocalStack(testConfig({ appDir: APP_DIR }))
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    })
    try {
      const user = await benchUser(stack.url, stack.anonKey, stack.serviceRoleKey)
      const wallId = await seedWall(user, CARDS, await cardImages(12))
      const rows: BenchTable['rows'] = []
      for (const throttle of [1, 4]) {
        const runs = await measure(browser, stack.url, user, wallId, throttle)
        rows.push({
          cpu: throttle === 1 ? 'full speed' : '4× throttled',
          cards: CARDS,
          'undo main-thread ms (median)': round(median(runs.map((r) => r.ms)), 1),
          runs: runs.map((r) => round(r.ms, 1)).join(' / '),
          'long tasks (per run)': runs.map((r) => r.longTasks).join('/'),
          'longest task ms': round(Math.max(...runs.map((r) => r.longest)), 1),
        })
        console.log(JSON.stringify(rows.at(-1)))
      }
      return [
        {
          title: `One undo of a move (Ctrl+Z) on a ${CARDS}-card wall, 1280×800, ${REPS} runs`,
          rows,
          notes: [
            'from the key press until the card shows its old position again: CDP Performance.getMetrics deltas of ScriptDuration + LayoutDuration + RecalcStyleDuration',
            'long tasks: PerformanceObserver "longtask" entries (50 ms or more) that started in that span',
            `machine load (os.loadavg 1/5/15 min) at start: ${loadAtStart}; at end: ${os.loadavg().map((n) => n.toFixed(2)).join(' / ')} (${os.cpus().length} cores)`,
          ],
        },
      ]
    } finally {
      await browser.close()
      await stack.close()
      await rm(APP_DIR, { recursive: true, force: true })
    }
  },
}
