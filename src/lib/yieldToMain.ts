// Long work on the main thread in pieces (issue 25: the device stays smooth while a batch is prepared):
// `yieldToMain()` ends the current task so input, rendering and other tasks run before the rest, at the
// front of the queue where the browser has `scheduler.yield`, else in a fresh task from a MessageChannel
// (no timer clamp).

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
