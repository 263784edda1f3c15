// Work the first screen does not need (background workers, code for later screens) waits until that
// screen has been shown with its data and the main thread is idle, so it never competes with it:
// "idle" alone is not enough, since the page sits idle while it waits on the database.
import { whenScreenShown } from './bootMarks'

/** The longest such work waits for an idle moment once the screen is shown. */
const IDLE_TIMEOUT_MS = 1000

/** Runs `run` once the first screen is shown, after a frame, when the main thread is idle; returns a cancel function. */
export function afterFirstPaint(run: () => void): () => void {
  let cancelled = false
  let idle = 0
  let frame = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  void whenScreenShown().then(() => {
    if (cancelled) return
    frame = requestAnimationFrame(() => {
      if (cancelled) return
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
      else timer = setTimeout(run, 50)
    })
  })
  return () => {
    cancelled = true
    cancelAnimationFrame(frame)
    if (idle && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle)
    clearTimeout(timer)
  }
}

/** `afterFirstPaint` as a promise, for code that only needs to wait. */
export function firstPaintSettled(): Promise<void> {
  return new Promise((resolve) => afterFirstPaint(resolve))
}
