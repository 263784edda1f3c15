// Long work on the main thread in pieces (issue 25: the device stays smooth while a batch is prepared):
// `yieldToMain()` ends the current task so input, rendering and other tasks run before the rest, at the
// front of the queue where the browser has `scheduler.yield`, else in a fresh task from a MessageChannel
// (no timer clamp); `inPieces` runs a list's items with such a break whenever a piece has run ~`budgetMs`.

interface YieldingScheduler {
  yield: () => Promise<void>
}

function nativeYield(): (() => Promise<void>) | null {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler
  return typeof scheduler?.yield === 'function' ? () => scheduler.yield!() : null
}

/** Resolves in a later task of its own (never in the same task's microtasks). */
export function yieldToMain(): Promise<void> {
  const native = nativeYield()
  if (native) return native()
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0))
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

/** Runs `work` on each item in order, yielding to the main thread whenever the current piece has run
 * `budgetMs` or more, so no one task holds the thread for the whole list. */
export async function inPieces<T>(
  items: Iterable<T>,
  work: (item: T, index: number) => void | Promise<void>,
  options: { budgetMs?: number; now?: () => number; yield?: () => Promise<void> } = {},
): Promise<void> {
  const budget = options.budgetMs ?? 8
  const now = options.now ?? (() => performance.now())
  const pause = options.yield ?? yieldToMain
  let started = now()
  let index = 0
  for (const item of items) {
    if (index > 0 && now() - started >= budget) {
      await pause()
      started = now()
    }
    await work(item, index++)
  }
}
