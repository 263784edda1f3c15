import { describe, expect, it } from 'vitest'
import { classifySqlState, classifyStatus } from './classifyError'
import { retryDelay } from './backoff'

describe('classifying push failures', () => {
  it.each([
    ['23505', 'permanent'],
    ['23514', 'permanent'],
    ['22P02', 'permanent'],
    ['42501', 'permanent'],
    ['P0001', 'permanent'],
    ['40001', 'transient'],
    ['57014', 'transient'],
    ['08006', 'transient'],
    ['PGRST301', 'auth'],
  ])('Postgres code %s is %s', (code, kind) => {
    expect(classifySqlState(code)).toBe(kind)
  })

  it.each([
    [0, 'transient'],
    [429, 'transient'],
    [503, 'transient'],
    [401, 'auth'],
    [403, 'permanent'],
    [400, 'permanent'],
  ])('HTTP %i is %s', (status, kind) => {
    expect(classifyStatus(status)).toBe(kind)
  })
})

describe('retry delays', () => {
  it('grow exponentially with jitter and stay under the cap', () => {
    expect(retryDelay(0, { random: () => 0 })).toBe(500)
    expect(retryDelay(0, { random: () => 1 })).toBe(1000)
    expect(retryDelay(3, { random: () => 1 })).toBe(8000)
    expect(retryDelay(20, { random: () => 1 })).toBe(60_000)
  })
})
