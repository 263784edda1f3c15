// CPU time per thread from a Chromium trace, beside the wall-clock long tasks. On two cores a long task's
// wall time includes the time the main thread waited for a core (the shrinking worker, the compositor,
// the stack); the trace's thread time (`tdur`) is what the page itself spent, so the two together say
// whether a long task is the app's work or the machine's contention.
import { readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright'

export interface ThreadCpu {
  /** The page's main thread: the most CPU any one task took, and all of it together. */
  longestMainTaskCpuMs: number
  mainCpuMs: number
  /** The display compositor (software here: the bench runs without a GPU). */
  compositorCpuMs: number
  /** Dedicated workers (all of them together), e.g. the cut-out worker. */
  workerCpuMs: number
  /** With `attribute`: each main-thread task of 50 ms or more, what ran in it (see `sweep`). */
  longTasks?: LongTaskTrace[]
  /** With `attribute` or `heaviest`: the main-thread tasks that took the most CPU, most first, with what ran
   * in them (a task stretched past 50 ms by waiting for a core is one of these). */
  heaviestTasks?: LongTaskTrace[]
  /** With `attribute`: the main thread's CPU by kind of work (the task's first events), and by script
   * function (sampled: self and inclusive time), the largest first, as lines to print. */
  breakdown?: string[]
}

export interface LongTaskTrace {
  wallMs: number
  cpuMs: number
  /** The task's span on the trace's clock (µs). */
  ts: number
  dur: number
  /** The task's events two levels deep, e.g. `FunctionCall 41.2 ms (cpu 12.0) assets/index.js:1:2345`. */
  parts: string[]
}

interface TraceEvent {
  ph: string
  name: string
  pid: number
  tid: number
  ts: number
  id?: string
  dur?: number
  tdur?: number
  args?: { name?: string; data?: Record<string, string | number | undefined>; beginData?: Record<string, string | number | undefined> }
}

/** One event's line: its name, wall and thread time, and what it ran (a script's place, an event's type). */
function describe(e: TraceEvent, depth: number): string {
  const data = e.args?.data ?? e.args?.beginData ?? {}
  const count = (e.args as { elementCount?: number } | undefined)?.elementCount
  const where = [count === undefined ? '' : `${count} elements`, data.url ? `${String(data.url).replace(/^.*\/\/[^/]+\//, '')}:${String(data.lineNumber ?? '')}:${String(data.columnNumber ?? '')}` : '', data.functionName, data.type, data.name]
    .filter((x) => x !== undefined && x !== '')
    .join(' ')
  return `${'  '.repeat(depth)}${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)} ms (cpu ${((e.tdur ?? 0) / 1000).toFixed(1)}) ${where}`
}

/** The main thread's events in one sweep: each long task's events two levels down (1 ms or more), and the
 * thread's CPU by event name, self time (an event's own less its children's). */
function sweep(onMain: TraceEvent[]): { longTasks: LongTaskTrace[]; heaviestTasks: LongTaskTrace[]; selfByName: Map<string, number> } {
  const sorted = onMain.filter((e) => e.ph === 'X').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const selfByName = new Map<string, number>()
  const longTasks: LongTaskTrace[] = []
  const tasks: LongTaskTrace[] = []
  const stack: Array<{ e: TraceEvent; childCpu: number }> = []
  let current: LongTaskTrace | null = null
  const close = () => {
    const top = stack.pop()!
    const self = ((top.e.tdur ?? 0) - top.childCpu) / 1000
    selfByName.set(top.e.name, (selfByName.get(top.e.name) ?? 0) + self)
    if (stack.length > 0) stack.at(-1)!.childCpu += top.e.tdur ?? 0
  }
  for (const e of sorted) {
    while (stack.length > 0 && e.ts >= stack.at(-1)!.e.ts + (stack.at(-1)!.e.dur ?? 0)) close()
    if (stack.length === 0) {
      current = e.name === 'RunTask' ? { wallMs: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? 0) / 1000, ts: e.ts, dur: e.dur ?? 0, parts: [] } : null
      if (current) tasks.push(current)
      if (current && current.wallMs >= 50) longTasks.push(current)
    } else if (current && stack.length <= 4 && (e.tdur ?? e.dur ?? 0) >= 1000) {
      current.parts.push(describe(e, stack.length))
    }
    stack.push({ e, childCpu: 0 })
  }
  while (stack.length > 0) close()
  const heaviestTasks = tasks.sort((a, b) => b.cpuMs - a.cpuMs).slice(0, HEAVIEST_LISTED)
  return { longTasks, heaviestTasks, selfByName }
}

/** How many of the heaviest tasks `heaviest` lists. */
const HEAVIEST_LISTED = 12

/** Runs `work` with a trace of top-level tasks and returns each thread's CPU time meanwhile; with
 * `attribute`, also what ran in each long main-thread task (the timeline's events: scripts, GC, layout). */
export async function measureThreadCpu(
  browser: Browser,
  page: Page,
  work: () => Promise<void>,
  /** `heaviest`: the tasks with the most CPU and the timeline's events in them (scripts, style, layout,
   * paint, GC: figures a little inflated); `attribute` also runs the sampling profiler (inflated more). */
  options: { attribute?: boolean; heaviest?: boolean } = {},
): Promise<ThreadCpu> {
  const file = path.join(os.tmpdir(), `moori-bench-trace-${process.pid}-${Date.now()}.json`)
  // Chromium writes each task (`RunTask`, with its thread time) under the timeline category only.
  const categories = ['toplevel', 'disabled-by-default-devtools.timeline']
  if (options.attribute) categories.push('devtools.timeline', 'v8', 'v8.execute', 'blink', 'blink.user_timing', 'loading', 'disabled-by-default-v8.cpu_profiler')
  // The timeline's events (scripts, style, layout, paint, GC) without the sampling profiler's cost.
  else if (options.heaviest) categories.push('devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline.invalidationTracking')
  await browser.startTracing(page, { path: file, categories })
  try {
    await work()
  } finally {
    await browser.stopTracing()
  }
  const parsed = JSON.parse(await readFile(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  await rm(file, { force: true })
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents
  const threadNames = new Map<string, string>()
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '')
  const tasks = new Map<string, number[]>()
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask') continue
    const key = `${e.pid}:${e.tid}`
    const list = tasks.get(key) ?? []
    list.push((e.tdur ?? 0) / 1000)
    tasks.set(key, list)
  }
  const total = (key: string) => (tasks.get(key) ?? []).reduce((sum, ms) => sum + ms, 0)
  const named = (name: string) => [...tasks.keys()].filter((key) => threadNames.get(key) === name)
  // The page's renderer is the one whose main thread worked most (others are idle pages or workers).
  const main = named('CrRendererMain').sort((a, b) => total(b) - total(a))[0]
  const onMain = main ? events.filter((e) => `${e.pid}:${e.tid}` === main) : []
  const swept = options.attribute || options.heaviest ? sweep(onMain) : undefined
  if (options.attribute && swept && main) scriptInTasks(events, main, swept.heaviestTasks)
  if (options.heaviest) console.log(invalidations(onMain).join('\n'))
  return {
    longTasks: options.attribute ? swept?.longTasks : undefined,
    heaviestTasks: swept?.heaviestTasks,
    breakdown: options.attribute && swept && main ? [...byKind(swept.selfByName), ...byFunction(events, main)] : undefined,
    longestMainTaskCpuMs: main ? Math.max(0, ...(tasks.get(main) ?? [])) : 0,
    mainCpuMs: main ? total(main) : 0,
    compositorCpuMs: named('VizCompositorThread').reduce((sum, key) => sum + total(key), 0),
    workerCpuMs: named('DedicatedWorker thread').reduce((sum, key) => sum + total(key), 0),
  }
}

/** Why style and layout were invalidated on the main thread (the invalidation-tracking events), most
 * frequent first: what makes frames recalculate style. */
function invalidations(onMain: TraceEvent[]): string[] {
  const counts = new Map<string, number>()
  for (const e of onMain) {
    if (!e.name.endsWith('InvalidationTracking')) continue
    const d = (e.args?.data ?? {}) as Record<string, unknown>
    const what = [e.name, d.reason, d.nodeName, d.changedClass, d.changedId, d.changedAttribute, d.changedPseudo, d.extraData]
      .filter((x) => x !== undefined && x !== '')
      .map(String)
      .join(' | ')
    counts.set(what, (counts.get(what) ?? 0) + 1)
  }
  return ['invalidations (count, event | reason | node | what changed):', ...[...counts].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([what, n]) => `  ${String(n).padStart(6)} ${what.slice(0, 220)}`)]
}

function byKind(selfByName: Map<string, number>): string[] {
  return ['main thread CPU by event, self ms:', ...[...selfByName].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([name, ms]) => `  ${ms.toFixed(0).padStart(6)} ${name}`)]
}

/** How many functions the attribution lists (MOORI_BENCH_FUNCTIONS: more, to find the app's own among
 * the library's). */
const FUNCTIONS_LISTED = Number(process.env.MOORI_BENCH_FUNCTIONS ?? 30)

interface ProfileNode {
  id: number
  parent?: number
  callFrame: { functionName: string; url?: string; lineNumber: number }
}

/** Adds to each task's parts the script functions the sampling profiler found running in it, by inclusive
 * time (the app's own functions, under the framework's). */
function scriptInTasks(events: TraceEvent[], main: string, tasks: LongTaskTrace[]): void {
  const nodes = new Map<number, ProfileNode>()
  const samples: Array<{ at: number; id: number }> = []
  const starts = new Map<string | undefined, number>()
  for (const e of events) {
    if (e.name === 'Profile' && `${e.pid}:${e.tid}` === main) starts.set(e.id, Number((e.args?.data as { startTime?: number } | undefined)?.startTime ?? e.ts))
  }
  const clock = new Map(starts)
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !clock.has(e.id)) continue
    const data = (e.args?.data ?? {}) as unknown as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    let at = clock.get(e.id)!
    ;(data.cpuProfile?.samples ?? []).forEach((id, i) => {
      at += data.timeDeltas?.[i] ?? 0
      samples.push({ at, id })
    })
    clock.set(e.id, at)
  }
  samples.sort((a, b) => a.at - b.at)
  for (const task of tasks) {
    const inclusive = new Map<string, number>()
    const within = samples.filter((sample) => sample.at >= task.ts && sample.at <= task.ts + task.dur)
    for (const sample of within) {
      const seen = new Set<string>()
      for (let at = nodes.get(sample.id); at; at = at.parent === undefined ? undefined : nodes.get(at.parent)) {
        const name = `${at.callFrame.functionName || '(anonymous)'} ${(at.callFrame.url ?? '').replace(/^.*\/\/[^/]+\//, '')}:${at.callFrame.lineNumber + 1}`
        if (seen.has(name)) continue
        seen.add(name)
        inclusive.set(name, (inclusive.get(name) ?? 0) + 1)
      }
    }
    const top = [...inclusive].filter(([name]) => !name.startsWith('(root)') && !name.startsWith('(program)')).sort((a, b) => b[1] - a[1]).slice(0, 40)
    task.parts.push(`  script, samples of ${within.length} (inclusive):`, ...top.map(([name, n]) => `    ${String(n).padStart(4)} ${name}`))
  }
}

/** The sampling profiler's chunks for the main thread: self and inclusive time per function. */
function byFunction(events: TraceEvent[], main: string): string[] {
  const nodes = new Map<number, ProfileNode>()
  const self = new Map<number, number>()
  // The chunks come from the profiler's own thread; the main thread's profile is the one it started.
  const profiles = new Set(events.filter((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === main).map((e) => e.id))
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !profiles.has(e.id)) continue
    const data = (e.args?.data ?? {}) as unknown as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    const samples = data.cpuProfile?.samples ?? []
    const deltas = data.timeDeltas ?? []
    samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + Math.max(0, deltas[i + 1] ?? deltas[i] ?? 0) / 1000))
  }
  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${(n.callFrame.url ?? '').replace(/^.*\/\/[^/]+\//, '')}:${n.callFrame.lineNumber + 1}`
  const selfBy = new Map<string, number>()
  const inclusiveBy = new Map<string, number>()
  for (const [id, ms] of self) {
    const node = nodes.get(id)
    if (!node) continue
    selfBy.set(label(node), (selfBy.get(label(node)) ?? 0) + ms)
    const seen = new Set<string>()
    for (let at: ProfileNode | undefined = node; at; at = at.parent === undefined ? undefined : nodes.get(at.parent)) {
      const name = label(at)
      if (seen.has(name)) continue
      seen.add(name)
      inclusiveBy.set(name, (inclusiveBy.get(name) ?? 0) + ms)
    }
  }
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, FUNCTIONS_LISTED).map(([name, ms]) => `  ${ms.toFixed(0).padStart(6)} ${name}`)
  return ['main thread script by function, self ms (sampled):', ...top(selfBy), 'inclusive ms:', ...top(inclusiveBy)]
}
