// A leading-and-trailing throttle for values: the first value goes out at once, later ones at most
// once per interval, and the newest one always goes out last. Used for drag broadcasts (≤ 20 a second
// per dragger); pushing never waits for the send.

export interface Throttle<T> {
  push(value: T): void
  /** Sends any pending value now (a drop must not wait for the interval). */
  flush(): void
  cancel(): void
}

export function throttle<T>(
  intervalMs: number,
  send: (value: T) => void,
  clock: { now(): number; setTimeout(fn: () => void, ms: number): unknown; clearTimeout(id: unknown): void } = {
    now: () => performance.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  },
): Throttle<T> {
  let last = -Infinity
  let pending: { value: T } | null = null
  let timer: unknown = null

  const fire = () => {
    timer = null
    if (!pending) return
    const { value } = pending
    pending = null
    last = clock.now()
    send(value)
  }

  return {
    push(value) {
      pending = { value }
      if (timer !== null) return
      const wait = last + intervalMs - clock.now()
      if (wait <= 0) fire()
      else timer = clock.setTimeout(fire, wait)
    },
    flush() {
      if (timer !== null) clock.clearTimeout(timer)
      timer = null
      if (pending) fire()
    },
    cancel() {
      if (timer !== null) clock.clearTimeout(timer)
      timer = null
      pending = null
    },
  }
}
