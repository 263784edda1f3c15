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
  /** With `attribute`: the main thread's CPU by kind of work (the task's first events), and by script
   * function (sampled: self and inclusive time), the largest first, as lines to print. */
  breakdown?: string[]
}

export interface LongTaskTrace {
  wallMs: number
  cpuMs: number
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
  const where = [data.url ? `${String(data.url).replace(/^.*\/\/[^/]+\//, '')}:${String(data.lineNumber ?? '')}:${String(data.columnNumber ?? '')}` : '', data.functionName, data.type, data.name]
    .filter((x) => x !== undefined && x !== '')
    .join(' ')
  return `${'  '.repeat(depth)}${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)} ms (cpu ${((e.tdur ?? 0) / 1000).toFixed(1)}) ${where}`
}

/** The main thread's events in one sweep: each long task's events two levels down (1 ms or more), and the
 * thread's CPU by event name, self time (an event's own less its children's). */
function sweep(onMain: TraceEvent[]): { longTasks: LongTaskTrace[]; selfByName: Map<string, number> } {
  const sorted = onMain.filter((e) => e.ph === 'X').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const selfByName = new Map<string, number>()
  const longTasks: LongTaskTrace[] = []
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
      current = e.name === 'RunTask' && (e.dur ?? 0) >= 50_000 ? { wallMs: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? 0) / 1000, parts: [] } : null
      if (current) longTasks.push(current)
    } else if (current && stack.length <= 3 && (e.dur ?? 0) >= 1000) {
      current.parts.push(describe(e, stack.length))
    }
    stack.push({ e, childCpu: 0 })
  }
  while (stack.length > 0) close()
  return { longTasks, selfByName }
}

/** Runs `work` with a trace of top-level tasks and returns each thread's CPU time meanwhile; with
 * `attribute`, also what ran in each long main-thread task (the timeline's events: scripts, GC, layout). */
export async function measureThreadCpu(
  browser: Browser,
  page: Page,
  work: () => Promise<void>,
  options: { attribute?: boolean } = {},
): Promise<ThreadCpu> {
  const file = path.join(os.tmpdir(), `moori-bench-trace-${process.pid}-${Date.now()}.json`)
  // Chromium writes each task (`RunTask`, with its thread time) under the timeline category only.
  const categories = ['toplevel', 'disabled-by-default-devtools.timeline']
  if (options.attribute) categories.push('devtools.timeline', 'v8', 'v8.execute', 'blink', 'blink.user_timing', 'loading', 'disabled-by-default-v8.cpu_profiler')
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
  const swept = options.attribute ? sweep(onMain) : undefined
  const longTasks = swept?.longTasks
  return {
    longTasks,
    breakdown: swept && main ? [...byKind(swept.selfByName), ...byFunction(events, main)] : undefined,
    longestMainTaskCpuMs: main ? Math.max(0, ...(tasks.get(main) ?? [])) : 0,
    mainCpuMs: main ? total(main) : 0,
    compositorCpuMs: named('VizCompositorThread').reduce((sum, key) => sum + total(key), 0),
    workerCpuMs: named('DedicatedWorker thread').reduce((sum, key) => sum + total(key), 0),
  }
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
