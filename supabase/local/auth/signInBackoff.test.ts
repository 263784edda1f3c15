// The account backoff: no delay below the free failures, then doubling delays up to the ceiling
// (passwordAttempts.test.ts shows attempts in flight count too).
import { describe, expect, it } from 'vitest'
import { backoffDelayMs } from './signInBackoff'

const options = { freeFailures: 3, firstDelayMs: 1000, maxDelayMs: 6000 }

describe('sign-in backoff', () => {
  it('delays an account only past its free failures, doubling up to the ceiling', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((n) => backoffDelayMs(n, options))).toEqual([
      0, 0, 0, 1000, 2000, 4000, 6000, 6000,
    ])
  })
})
