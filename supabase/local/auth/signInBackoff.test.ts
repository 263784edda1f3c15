// The email backoff: no delay below the limit, then doubling delays up to the ceiling, read from the
// email's failures in the window (the integration suite shows the owner still gets in).
import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rateLimiter'
import { backoffDelayMs, createSignInBackoff } from './signInBackoff'

const options = { freeFailures: 3, firstDelayMs: 1000, maxDelayMs: 6000 }

describe('sign-in backoff', () => {
  it('delays an email only past its free failures, doubling up to the ceiling', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((n) => backoffDelayMs(n, options))).toEqual([
      0, 0, 0, 1000, 2000, 4000, 6000, 6000,
    ])
  })

  it('waits the delay of the email it is asked about, and only that one', async () => {
    const slept: number[] = []
    const failures = createRateLimiter({ max: 3, windowSeconds: 60 })
    const backoff = createSignInBackoff(failures, {
      ...options,
      sleep: (ms) => {
        slept.push(ms)
        return Promise.resolve()
      },
    })
    for (let i = 0; i < 4; i++) failures.record(['email:a@example.test'])
    expect(await backoff.wait('email:a@example.test')).toBe(2000)
    expect(await backoff.wait('email:b@example.test')).toBe(0)
    expect(slept).toEqual([2000])
  })
})
