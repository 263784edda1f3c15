// Counts events per key in a sliding window: failures (wrong passwords, wrong one-time codes) and
// requests that send email (sign-up, magic link, recovery), keyed per email and per client address.
// Kept in memory: a restart forgets the counts, which is acceptable for a local stack.
export interface RateLimiter {
  /** Seconds until the next attempt is allowed for the most limited key, or 0 when none is limited. */
  retryAfter(keys: string[]): number
  record(keys: string[]): void
  /**
   * Check and record in one step: 0 when the attempt may go ahead (it is then counted already), else
   * the seconds to wait (nothing counted). Nothing awaits in between, so parallel attempts cannot all
   * pass the check before any of them is counted.
   */
  take(keys: string[]): number
  /** Takes back the latest event of a key (an attempt counted before its check, which then succeeded). */
  release(key: string): void
  /** Events of a key still in the window. */
  count(key: string): number
  reset(key: string): void
}

export function createRateLimiter(options: {
  max: number
  windowSeconds: number
  /** Milliseconds since the epoch; replaceable so tests can move time. */
  now?: () => number
}): RateLimiter {
  const windowMs = options.windowSeconds * 1000
  const clock = options.now ?? Date.now
  const failures = new Map<string, number[]>()

  const recent = (key: string, now: number): number[] => {
    const kept = (failures.get(key) ?? []).filter((t) => now - t < windowMs)
    if (kept.length) failures.set(key, kept)
    else failures.delete(key)
    return kept
  }

  const sweep = (now: number) => {
    for (const key of [...failures.keys()]) recent(key, now)
  }

  const limiter: RateLimiter = {
    take(keys) {
      const wait = limiter.retryAfter(keys)
      if (wait === 0) limiter.record(keys)
      return wait
    },
    retryAfter(keys) {
      const now = clock()
      let wait = 0
      for (const key of keys) {
        const times = recent(key, now)
        if (times.length >= options.max) {
          const freeAt = times[times.length - options.max]! + windowMs
          wait = Math.max(wait, Math.ceil((freeAt - now) / 1000))
        }
      }
      return wait
    },
    record(keys) {
      const now = clock()
      if (failures.size > 10_000) sweep(now)
      for (const key of keys)
        failures.set(key, [...recent(key, now), now].slice(-Math.max(options.max * 2, 64)))
    },
    release(key) {
      const times = recent(key, clock())
      times.pop()
      if (times.length === 0) failures.delete(key)
    },
    count(key) {
      return recent(key, clock()).length
    },
    reset(key) {
      failures.delete(key)
    },
  }
  return limiter
}
