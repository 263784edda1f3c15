// Work the first screen does not need (auth-js, the service worker's registration, the sync and presence
// workers, code to fetch ahead) waits until the route's screen has rendered and the main thread is idle,
// so it never competes with the first paint. The home page and a wall say so once their rows are read
// from the replica ("idle" alone is not enough: the page sits idle while it waits on the database);
// other screens when they commit. If no screen renders (a page stuck waiting), it runs after a while anyway.
import { markBoot } from './bootMarks'

const FALLBACK_MS = 5000
const IDLE_TIMEOUT_MS = 1500

let rendered = false
const waiting = new Set<() => void>()
const atOnce = new Set<() => void>()

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS })
  else setTimeout(task, 50)
}

/** Called once a route's screen has committed (the route table does it for every route). */
export function firstScreenRendered(): void {
  if (rendered) return
  rendered = true
  markBoot('screen-rendered')
  const tasks = [...waiting]
  waiting.clear()
  for (const task of tasks) whenIdle(task)
  const urgent = [...atOnce]
  atOnce.clear()
  for (const task of urgent) setTimeout(task, 0)
}

/** Runs `task` once: through `start` if the screen has rendered, else when it does (from `queue`), or
 * after FALLBACK_MS without a screen. Returns a cancel function. */
function once(task: () => void, queue: Set<() => void>, start: (run: () => void) => void): () => void {
  let done = false
  const settle = () => {
    done = true
    clearTimeout(fallback)
    queue.delete(run)
  }
  const run = () => {
    if (done) return
    settle()
    task()
  }
  const fallback = setTimeout(run, FALLBACK_MS)
  if (rendered) start(run)
  else queue.add(run)
  return settle
}

/**
 * Runs `task` once, in its own task right after the first screen rendered (not waiting for an idle
 * moment, which a busy first visit may not have for seconds): for work that only must not delay the
 * first paint. After FALLBACK_MS without a screen it runs anyway.
 */
export function whenFirstScreenShown(task: () => void): void {
  once(task, atOnce, (run) => setTimeout(run, 0))
}

/** Runs `task` once, at idle time after the first screen rendered. Returns a cancel function. */
export function afterFirstScreen(task: () => void): () => void {
  return once(task, waiting, whenIdle)
}
