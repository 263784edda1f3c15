// A budget per user for the cut-outs people wait for (remove-background, extract-item): a token bucket
// of `burst` requests refilled at `perMinute`. Without it one account could keep the shared vision
// pool busy (everyone else at 429) and fill storage with variants. Kept in memory per API instance:
// each instance guards its own pool.
export interface CutOutBudget {
  /** 0 when the user may go ahead (one token spent), else the whole seconds until a token is back. */
  take(userId: string): number
}

export function createCutOutBudget(options: {
  burst: number
  perMinute: number
  now?: () => number
}): CutOutBudget {
  const clock = options.now ?? Date.now
  const perMs = options.perMinute / 60_000
  const buckets = new Map<string, { tokens: number; at: number }>()

  const forget = (now: number) => {
    // A full bucket is the same as none: drop those so the map stays as small as the active users.
    for (const [user, bucket] of buckets) {
      if (bucket.tokens + (now - bucket.at) * perMs >= options.burst) buckets.delete(user)
    }
  }

  return {
    take(userId) {
      const now = clock()
      if (buckets.size > 10_000) forget(now)
      const bucket = buckets.get(userId) ?? { tokens: options.burst, at: now }
      bucket.tokens = Math.min(options.burst, bucket.tokens + (now - bucket.at) * perMs)
      bucket.at = now
      buckets.set(userId, bucket)
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return 0
      }
      return perMs > 0 ? Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) : 3600
    },
  }
}
