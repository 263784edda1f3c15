// The sliding window of the failure counter, with a clock the test moves (the integration suite covers
// the 429 through supabase-js).
import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rateLimiter'

describe('createRateLimiter', () => {
  it('limits a key after max failures and frees it as failures leave the window', () => {
    let now = 1_000_000
    const limiter = createRateLimiter({ max: 3, windowSeconds: 10, now: () => now })
    const keys = ['email:a@example.test', 'address:1.2.3.4']
    limiter.record(keys)
    now += 4000
    limiter.record(keys)
    limiter.record(keys)
    expect(limiter.retryAfter(keys)).toBe(6)
    expect(limiter.retryAfter(['address:1.2.3.4'])).toBe(6)
    expect(limiter.retryAfter(['email:b@example.test'])).toBe(0)
    now += 6000
    expect(limiter.retryAfter(keys)).toBe(0)
    limiter.record(keys)
    expect(limiter.retryAfter(keys)).toBe(4)
  })

  it('reset clears one key only', () => {
    const limiter = createRateLimiter({ max: 1, windowSeconds: 60 })
    limiter.record(['email:a', 'address:x'])
    limiter.reset('email:a')
    expect(limiter.retryAfter(['email:a'])).toBe(0)
    expect(limiter.retryAfter(['address:x'])).toBeGreaterThan(0)
  })

  it('release takes back the latest event of one key', () => {
    const limiter = createRateLimiter({ max: 2, windowSeconds: 60 })
    expect(limiter.take(['address:x'])).toBe(0)
    expect(limiter.take(['address:x'])).toBe(0)
    expect(limiter.take(['address:x'])).toBeGreaterThan(0)
    limiter.release('address:x')
    expect(limiter.count('address:x')).toBe(1)
    expect(limiter.take(['address:x'])).toBe(0)
  })
})
