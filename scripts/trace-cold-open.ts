// Takes a Chromium performance trace of an offline cold open of a 200-card wall (as the pwa bench
// does it) and splits the main thread's time into its parts: HTML, script parse/compile, module
// evaluation, the app's own steps (marked `moori:*` by src/lib/bootMarks.ts), layout/paint and image
// decode. `npx tsx scripts/trace-cold-open.ts [--throttle 4]`; the raw trace is kept for DevTools.
import { writeFile } from 'node:fs/promises'
import { chromium, type Page } from 'playwright'
import { buildApp } from './lib/buildApp'
import { startLocalStack } from '../supabase/local/server'
import { testConfig } from '../supabase/local/config'
import { benchUser, cardImages, seedWall } from '../tests/bench/dragKit'
import { paintedAt } from '../tests/bench/painted'

const APP_DIR = 'dist-trace'
const throttle = Number(process.argv[process.argv.indexOf('--throttle') + 1] || 1) || 1
const chromeFlags = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

type TraceEvent = { name: string; cat: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: Record<string, unknown> }

const painted = (page: Page) => paintedAt(page, '[data-canvas-item] img')

const profile = process.argv.includes('--profile')
await buildApp({ quiet: true, outDir: APP_DIR, minify: !profile })
const stack = await startLocalStack(testConfig({ appDir: APP_DIR, host: '127.0.0.1' }))
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromeFlags })
try {
  const user = await benchUser(stack.url, stack.anonKey, stack.serviceRoleKey)
  const wallId = await seedWall(user, 200, await cardImages(200))
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true })
  const url = `${stack.url}/wall/${wallId}`
  const first = await context.newPage()
  await first.goto(url)
  await first.evaluate(() => navigator.serviceWorker.ready)
  await first.reload()
  await painted(first)
  await first.waitForTimeout(1500)
  await first.close()
  await context.setOffline(true)
  for (let warm = 0; warm < 2; warm++) {
    const page = await context.newPage()
    await page.goto(url)
    await painted(page)
    await page.close()
  }
  const page = await context.newPage()
  await page.waitForTimeout(2000) // headless Chromium loads a WebUI page in the background at first; let it settle
  const cdp = await context.newCDPSession(page)
  if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
  if (profile) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
  }
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8', 'disabled-by-default-v8.compile', 'loading'],
  })
  await page.goto(url)
  const end = await painted(page)
  const marks = await page.evaluate(() =>
    performance.getEntriesByType('mark').filter((m) => m.name.startsWith('moori:')).map((m) => [m.name, Math.round(m.startTime)] as const),
  )
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    return { responseEnd: Math.round(n.responseEnd), domInteractive: Math.round(n.domInteractive), fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0) }
  })
  if (profile) {
    const { profile: cpu } = await cdp.send('Profiler.stop')
    await writeFile('/tmp/moori-cold-open.cpuprofile', JSON.stringify(cpu))
  }
  const buffer = await browser.stopTracing()
  await writeFile('/tmp/moori-cold-open-trace.json', buffer)
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'ParseHTML'))
  const onMain = events.filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === 'X' && e.dur)
  const navStart = events.find((e) => e.name === 'navigationStart' && e.pid === main?.pid)?.ts ?? onMain[0]!.ts
  const until = navStart + end * 1000
  const inWindow = onMain.filter((e) => e.ts >= navStart && e.ts <= until)
  const sum = (names: string[]) => inWindow.filter((e) => names.includes(e.name)).reduce((n, e) => n + e.dur!, 0) / 1000
  const tasks = inWindow.filter((e) => e.name === 'RunTask')
  console.log(`offline cold open, CPU ×${throttle}: all visible photos painted at ${Math.round(end)} ms`)
  console.log('navigation:', nav)
  console.log('marks:', Object.fromEntries(marks))
  console.log('main thread busy (top-level tasks):', Math.round(tasks.reduce((n, e) => n + e.dur!, 0) / 1000), 'ms in', tasks.length, 'tasks; longest', Math.round(Math.max(...tasks.map((t) => t.dur!)) / 1000), 'ms')
  const rows: Record<string, number> = {
    'HTML parse': sum(['ParseHTML']),
    'script compile (v8.compile / compileModule)': sum(['v8.compile', 'v8.compileModule', 'CompileScript', 'CompileCode']),
    'module/script evaluation (top level)': sum(['v8.evaluateModule', 'EvaluateScript']),
    'JS in callbacks (promises, events, timers, rAF)': sum(['FunctionCall', 'RunMicrotasks', 'TimerFire', 'FireAnimationFrame', 'EventDispatch']),
    'style recalc': sum(['UpdateLayoutTree', 'RecalcStyles']),
    layout: sum(['Layout']),
    'paint + composite': sum(['Paint', 'PaintImage', 'UpdateLayer', 'CompositeLayers', 'Layerize', 'PrePaint']),
    'image decode': sum(['Decode Image', 'ImageDecodeTask', 'Decode LazyPixelRef']),
    'GC': sum(['MinorGC', 'MajorGC', 'V8.GCScavenger', 'V8.GC_MARK_COMPACTOR']),
  }
  for (const [k, v] of Object.entries(rows)) console.log(k.padEnd(50), Math.round(v))
  // Gaps: long stretches where the main thread waits (on IndexedDB, the service worker, the network).
  let cursor = navStart
  const idle: Array<[number, number]> = []
  for (const t of tasks.sort((a, b) => a.ts - b.ts)) {
    if (t.ts - cursor > 20_000) idle.push([Math.round((cursor - navStart) / 1000), Math.round((t.ts - cursor) / 1000)])
    cursor = Math.max(cursor, t.ts + t.dur!)
  }
  console.log('main thread idle > 20 ms (at ms, for ms):', JSON.stringify(idle))
} finally {
  await browser.close()
  await stack.close()
  const { rm } = await import('node:fs/promises')
  await rm(APP_DIR, { recursive: true, force: true })
}
process.exit(0)
