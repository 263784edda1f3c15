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
}

interface TraceEvent {
  ph: string
  name: string
  pid: number
  tid: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

/** Runs `work` with a trace of top-level tasks and returns each thread's CPU time meanwhile. */
export async function measureThreadCpu(browser: Browser, page: Page, work: () => Promise<void>): Promise<ThreadCpu> {
  const file = path.join(os.tmpdir(), `moori-bench-trace-${process.pid}-${Date.now()}.json`)
  // Chromium writes each task (`RunTask`, with its thread time) under the timeline category only.
  await browser.startTracing(page, { path: file, categories: ['toplevel', 'disabled-by-default-devtools.timeline'] })
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
    tasks.set(key, [...(tasks.get(key) ?? []), (e.tdur ?? 0) / 1000])
  }
  const total = (key: string) => (tasks.get(key) ?? []).reduce((sum, ms) => sum + ms, 0)
  const named = (name: string) => [...tasks.keys()].filter((key) => threadNames.get(key) === name)
  // The page's renderer is the one whose main thread worked most (others are idle pages or workers).
  const main = named('CrRendererMain').sort((a, b) => total(b) - total(a))[0]
  return {
    longestMainTaskCpuMs: main ? Math.max(0, ...(tasks.get(main) ?? [])) : 0,
    mainCpuMs: main ? total(main) : 0,
    compositorCpuMs: named('VizCompositorThread').reduce((sum, key) => sum + total(key), 0),
    workerCpuMs: named('DedicatedWorker thread').reduce((sum, key) => sum + total(key), 0),
  }
}
