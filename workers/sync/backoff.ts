// Retry delays with exponential growth and jitter, so many devices coming back online at once do not
// retry in lockstep.
export interface BackoffOptions {
  baseMs?: number
  maxMs?: number
  random?: () => number
}

export function retryDelay(attempt: number, options: BackoffOptions = {}): number {
  const base = options.baseMs ?? 1000
  const max = options.maxMs ?? 60_000
  const random = options.random ?? Math.random
  const ceiling = Math.min(max, base * 2 ** Math.max(0, attempt))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

/** The wait before the next push after a failure: what the server asked for (`Retry-After`), give or take
 * a fifth more so devices told the same do not come back at once, or else the usual backoff. */
export function retryDelayAfter(retryAfterMs: number | null, attempt: number, options: BackoffOptions = {}): number {
  if (retryAfterMs === null) return retryDelay(attempt, options)
  const random = options.random ?? Math.random
  return Math.round(retryAfterMs * (1 + random() / 5))
}
