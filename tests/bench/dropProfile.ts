// Where a drop's main-thread time goes (issue 15): `npx tsx tests/bench/dropProfile.ts [sizes...]`.
// Opens the drag bench's walls (the same build, stack and seed), lets the replica settle, then drags a
// card under 4× CPU throttling with a Chromium trace running from mouse-up until the card shows its
// saved position. Prints the main thread's tasks after the drop and its sampled JavaScript time by the
// original source file (through the build's source maps), grouped by what the code does. Not a bench
// (no table in bench-results): a tool for finding out why the bench's drop figure is what it is.
// DROP_PROFILE_IDB=1 also lists the IndexedDB transactions the drop makes and wakes, with their requests.
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Page } from 'playwright'
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js'
import { buildApp } from '../../scripts/lib/buildApp'
import { startLocalStack } from '../../supabase/local/server'
import { testConfig } from '../../supabase/local/config'
import { benchUser, cardImages, RECORDERS, seedWall } from './dragKit'

const APP_DIR = process.env.DROP_PROFILE_APP_DIR ?? 'dist-drop-profile'
const STORAGE_KEY = 'sb-127-auth-token'
const sizes = process.argv.slice(2).map(Number).filter(Boolean)
const SIZES = sizes.length > 0 ? sizes : [500, 2000]
const REPS = 2

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** Thread (CPU) time: unlike `dur`, not stretched when other processes take the core. */
  tdur?: number
  pid: number
  tid: number
  id?: string
  args?: Record<string, unknown>
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  parent?: number
}

/** What a source file does, for the breakdown. */
function groupOf(source: string): string {
  if (source.includes('node_modules/dexie-react-hooks')) return 'dexie-react-hooks (useLiveQuery)'
  if (source.includes('node_modules/dexie')) return 'Dexie (transactions, live-query observation, IDB calls)'
  if (source.includes('node_modules/react-dom') || source.includes('node_modules/scheduler'))
    return 'React render/commit'
  if (source.includes('node_modules/react/')) return 'React (hooks)'
  if (source.includes('src/data/queries')) return 'live-query functions (src/data/queries)'
  if (source.includes('src/data/mutations')) return 'mutations (src/data/mutations)'
  if (source.includes('src/canvas')) return 'canvas (src/canvas)'
  if (source.includes('src/screens') || source.includes('src/components')) return 'screens and components'
  if (source.includes('src/data') || source.includes('src/lib')) return 'other src/data + src/lib'
  if (source.startsWith('(')) return source
  return source.includes('node_modules/')
    ? `node_modules/${source.split('node_modules/')[1]!.split('/')[0]}`
    : source
}

async function sourceMaps(dir: string): Promise<Map<string, SourceMapConsumer>> {
  const maps = new Map<string, SourceMapConsumer>()
  const { readdir } = await import('node:fs/promises')
  for (const file of await readdir(path.join(dir, 'assets'))) {
    if (!file.endsWith('.js.map')) continue
    const raw = JSON.parse(await readFile(path.join(dir, 'assets', file), 'utf8')) as RawSourceMap
    maps.set(`/assets/${file.replace(/\.map$/, '')}`, new SourceMapConsumer(raw))
  }
  return maps
}

function analyse(events: TraceEvent[], maps: Map<string, SourceMapConsumer>, from: number, to: number) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid)
  const tasks = onMain
    .filter(
      (e) =>
        e.ph === 'X' &&
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        e.ts >= from &&
        e.ts <= to,
    )
    .map((e) => ({ at: (e.ts - from) / 1000, ms: (e.dur ?? 0) / 1000 }))
    .filter((t) => t.ms >= 1)
  // Top-level tasks by what started them, in CPU ms: the breakdown that survives a busy machine.
  const kinds = new Map<string, number>()
  const kindOf = (task: TraceEvent): string => {
    const inside = onMain
      .filter((c) => c.ph === 'X' && c !== task && c.ts >= task.ts && c.ts < task.ts + (task.dur ?? 0))
      .map((c) => c.name)
    if (inside.includes('EventHandler::handleMouseReleaseEvent') || inside.includes('EventDispatch'))
      return 'input events (the mouse-up: gesture end, the mutation starts)'
    if (inside.includes('IDBTransaction::onComplete') || inside.includes('IDBRequest::SendResult'))
      return 'IndexedDB callbacks (Dexie, stores and live queries, renders they start)'
    if (
      inside.includes('Layerize') ||
      inside.includes('Paint') ||
      inside.includes('UpdateLayoutTree') ||
      inside.includes('WebFrameWidgetImpl::UpdateLifecycle')
    )
      return 'frames (rAF, style, layout, paint)'
    if (inside.includes('TimerFire')) return 'timers'
    if (inside.includes('FunctionCall') || inside.includes('RunMicrotasks'))
      return 'script callbacks (IndexedDB results, messages, React scheduler)'
    return 'other'
  }
  let cpu = 0
  for (const task of onMain) {
    if (task.ph !== 'X' || task.name !== 'RunTask' || task.ts < from || task.ts > to) continue
    const ms = (task.tdur ?? task.dur ?? 0) / 1000
    cpu += ms
    kinds.set(kindOf(task), (kinds.get(kindOf(task)) ?? 0) + ms)
  }
  // Self time of the trace's own events on the main thread, by name (top-level and nested X events).
  const byName = new Map<string, number>()
  for (const e of onMain) {
    if (e.ph !== 'X' || e.ts < from || e.ts > to || !e.dur) continue
    byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000)
  }
  // The sampled CPU profile of the main thread: self time per original source.
  const nodes = new Map<number, ProfileNode>()
  const samples: Array<{ node: number; ts: number }> = []
  const profiles = events.filter((e) => e.name === 'ProfileChunk' && main && e.pid === main.pid)
  const mainProfile = events.find(
    (e) => e.name === 'Profile' && main && e.pid === main.pid && e.tid === main.tid,
  )?.id
  for (const chunk of profiles) {
    if (chunk.id !== mainProfile) continue
    const data = chunk.args?.data as
      { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    let ts =
      samples.at(-1)?.ts ??
      Number(
        (
          events.find((e) => e.name === 'Profile' && e.id === mainProfile)?.args?.data as
            { startTime?: number } | undefined
        )?.startTime ?? 0,
      )
    ;(data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      ts += data?.timeDeltas?.[i] ?? 0
      samples.push({ node, ts })
    })
  }
  const labelled: Array<{ ts: number; ms: number; fn: string }> = []
  const bySource = new Map<string, number>()
  const byGroup = new Map<string, number>()
  const byFunction = new Map<string, number>()
  for (let i = 0; i < samples.length - 1; i++) {
    const sample = samples[i]!
    if (sample.ts < from || sample.ts > to) continue
    const ms = (samples[i + 1]!.ts - sample.ts) / 1000
    const node = nodes.get(sample.node)
    if (!node) continue
    const frame = node.callFrame
    let source = frame.url ? new URL(frame.url, 'http://x').pathname : `(${frame.functionName || 'native'})`
    let name = frame.functionName
    const map = maps.get(source)
    if (map) {
      const original = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber })
      source = original.source?.replace(/^(\.\.\/)+/, '') ?? source
      name = original.name ?? name
    }
    if (source === '(idle)') continue
    bySource.set(source, (bySource.get(source) ?? 0) + ms)
    byGroup.set(groupOf(source), (byGroup.get(groupOf(source)) ?? 0) + ms)
    const fn = `${name || '(anonymous)'} ${source.split('/').slice(-2).join('/')}`
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms)
    labelled.push({ ts: sample.ts, ms, fn })
  }
  // The long tasks, each with the functions its samples fell in.
  const long = onMain
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.ts >= from && e.ts <= to && (e.dur ?? 0) >= 8000)
    .map((e) => {
      const inside = new Map<string, number>()
      for (const s of labelled)
        if (s.ts >= e.ts && s.ts <= e.ts + e.dur!) inside.set(s.fn, (inside.get(s.fn) ?? 0) + s.ms)
      const children = new Map<string, number>()
      for (const c of onMain) {
        if (
          c.ph !== 'X' ||
          c === e ||
          c.ts < e.ts ||
          c.ts > e.ts + e.dur! ||
          !c.dur ||
          c.name.includes('RunTask')
        )
          continue
        children.set(c.name, Math.max(children.get(c.name) ?? 0, c.dur / 1000))
      }
      const top = (m: Map<string, number>, n: number) =>
        [...m]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([k, v]) => `${k} ${v.toFixed(1)}`)
          .join('; ')
      return `  at ${((e.ts - from) / 1000).toFixed(0)} ms, ${(e.dur! / 1000).toFixed(1)} ms (cpu ${((e.tdur ?? 0) / 1000).toFixed(1)}): events [${top(children, 4)}]\n      js [${top(inside, 8)}]`
    })
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(1).padStart(7)} ms  ${k}`)
  return { tasks, long, top, byName, bySource, byGroup, byFunction, cpu, kinds }
}

async function dropOnce(page: Page, maps: Map<string, SourceMapConsumer>, label: string) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const id = (await page
    .locator('[data-canvas-item][data-x="260"][data-y="320"]')
    .getAttribute('data-canvas-item'))!
  const card = page.locator(`[data-canvas-item="${id}"]`)
  const box = (await card.boundingBox())!
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 3 }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x + 400, from.y + 250, { steps: 20 })
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  // Light by default (the task split); DROP_PROFILE_JS=1 adds the sampling profiler and Blink's own
  // events, which cost the page enough to change what they measure.
  const categories = [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'toplevel',
    'blink.user_timing',
    ...(process.env.DROP_PROFILE_JS === '1'
      ? ['v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink', 'IndexedDB']
      : []),
  ]
  await page.context().browser()!.startTracing(page, { categories })
  const metric = async () =>
    Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
  const before = await metric()
  const mark = await page.evaluate(() => {
    performance.mark('drop')
    return performance.timeOrigin + performance.now()
  })
  await page.mouse.up()
  await page.evaluate(
    `new Promise((resolve) => {
      const changed = () => document.querySelector(${JSON.stringify(`[data-canvas-item="${id}"]`)})?.getAttribute('data-x') !== '260'
      if (changed()) return resolve(true)
      const observer = new MutationObserver(() => { if (changed()) { observer.disconnect(); performance.mark('saved'); resolve(true) } })
      observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-x'] })
    })`,
  )
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  const after = await metric()
  if (process.env.DROP_PROFILE_IDB === '1') {
    await page.waitForTimeout(1500)
    const log = await page.evaluate(() => {
      const start = performance.getEntriesByName('drop')[0]!.startTime
      const saved = performance.getEntriesByName('saved')[0]?.startTime ?? Infinity
      return (globalThis as unknown as { __idbLog: Array<{ at: number; stores: string; mode: string; requests: string[] }> }).__idbLog
        .filter((e) => e.at >= start)
        .map((e) => `${(e.at - start).toFixed(0)}${e.at > saved ? ' (after saved)' : ''} ${e.mode} [${e.stores}] ${e.requests.join(' ')}`)
    })
    console.log(`IndexedDB transactions from mouse-up (${log.length}):\n  ${log.join('\n  ')}`)
  }
  const buffer = await page.context().browser()!.stopTracing()
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  const dropMs =
    ['ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'].reduce(
      (s, k) => s + (after[k]! - before[k]!),
      0,
    ) * 1000
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }
  const dropMark = traceEvents.find((e) => e.name === 'drop' && e.cat.includes('user_timing'))
  const start = dropMark?.ts ?? Math.min(...traceEvents.filter((e) => e.ts > 0).map((e) => e.ts))
  // Until the saved position shows (the bench's window, less its two closing frames).
  const savedMark = traceEvents.find((e) => e.name === 'saved' && e.cat.includes('user_timing'))
  const end =
    savedMark?.ts ?? Math.max(...traceEvents.filter((e) => e.ph === 'X').map((e) => e.ts + (e.dur ?? 0)))
  const result = analyse(traceEvents, maps, start, end)
  console.log(
    `\n=== ${label}: drop main-thread ms (bench metric) ${dropMs.toFixed(1)}; saved shown ${((end - start) / 1000).toFixed(0)} ms after mouse-up; marked at ${mark.toFixed(0)}`,
  )
  console.log(
    'tasks ≥ 1 ms after the drop (ms since mouse-up: duration):',
    result.tasks.map((t) => `${t.at.toFixed(0)}:${t.ms.toFixed(1)}`).join('  '),
  )
  console.log(`main-thread CPU ms in tasks (thread time): ${result.cpu.toFixed(1)}; by what ran:`)
  console.log(result.top(result.kinds, 10).join('\n'))
  console.log('tasks of 8 ms or more:')
  console.log(result.long.join('\n'))
  console.log('trace events on the main thread (inclusive ms, top 25):')
  console.log(result.top(result.byName, 25).join('\n'))
  console.log('sampled JS self time by group:')
  console.log(result.top(result.byGroup, 20).join('\n'))
  console.log('by function (top 30):')
  console.log(result.top(result.byFunction, 30).join('\n'))
  await cdp.detach()
  return dropMs
}

/** DROP_PROFILE_IDB=1: every IndexedDB transaction the page opens (stores, mode, when), to name the
 * live queries a drop wakes. */
const IDB_LOG = `(() => {
  const log = (globalThis.__idbLog = [])
  const open = IDBDatabase.prototype.transaction
  IDBDatabase.prototype.transaction = function (stores, mode, options) {
    const names = typeof stores === 'string' ? [stores] : [...stores]
    const tx = open.call(this, stores, mode, options)
    const entry = { at: performance.now(), stores: names.join(','), mode: mode ?? 'readonly', requests: [] }
    log.push(entry)
    for (const name of ['get', 'getAll', 'getAllKeys', 'count', 'openCursor', 'openKeyCursor', 'put', 'add', 'delete']) {
      for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
        if (proto['__wrapped_' + name]) continue
        const original = proto[name]
        if (!original) continue
        proto['__wrapped_' + name] = true
        proto[name] = function (...args) {
          const t = this.transaction ?? this.objectStore?.transaction
          const e = log.findLast((x) => x.tx === t)
          if (e) e.requests.push((this.objectStore ? this.objectStore.name + '.' + this.name : this.name) + ':' + name)
          return original.apply(this, args)
        }
      }
    }
    entry.tx = tx
    return tx
  }
})()`

const built = process.env.DROP_PROFILE_REUSE === '1'
if (!built) await buildApp({ outDir: APP_DIR, quiet: true })
const maps = await sourceMaps(APP_DIR)
const stack = await startLocalStack(testConfig({ appDir: APP_DIR }))
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
  ],
})
try {
  const user = await benchUser(stack.url, stack.anonKey, stack.serviceRoleKey)
  const images = await cardImages(12)
  for (const size of SIZES) {
    const wallId = await seedWall(user, size, images)
    for (let rep = 0; rep < REPS; rep++) {
      const reset = await user.client
        .from('polaroids')
        .update({ x: 260, y: 320 })
        .eq('wall_id', wallId)
        .eq('name', 'Card 41')
      if (reset.error) throw reset.error
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true })
      await context.addInitScript(
        ([key, value]) => {
          if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value)
        },
        [STORAGE_KEY, JSON.stringify(user.session)] as const,
      )
      await context.addInitScript({ content: RECORDERS })
      if (process.env.DROP_PROFILE_IDB === '1') await context.addInitScript({ content: IDB_LOG })
      const page = await context.newPage()
      await page.goto(`${stack.url}/wall/${wallId}`)
      await page.locator(`[data-canvas-item][data-x="260"][data-y="320"]`).waitFor({ timeout: 180_000 })
      // Let the first pull finish writing the replica, so the drop is measured on its own.
      await page.waitForTimeout(Number(process.env.DROP_PROFILE_SETTLE_MS ?? 4000))
      await dropOnce(page, maps, `${size} cards, run ${rep + 1}`)
      await context.close()
    }
  }
} finally {
  await browser.close()
  await stack.close()
  if (process.env.DROP_PROFILE_KEEP !== '1') await rm(APP_DIR, { recursive: true, force: true })
}
process.exit(0)
