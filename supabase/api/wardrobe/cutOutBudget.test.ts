import { describe, expect, it } from 'vitest'
import { createCutOutBudget } from './cutOutBudget'

describe('createCutOutBudget', () => {
  it('allows a burst, then says how long until the next token, per user', () => {
    let now = 0
    const budget = createCutOutBudget({ burst: 3, perMinute: 6, now: () => now })
    expect([budget.take('a'), budget.take('a'), budget.take('a')]).toEqual([0, 0, 0])
    expect(budget.take('a')).toBe(10)
    expect(budget.take('b')).toBe(0)
    now = 9_000
    expect(budget.take('a')).toBe(1)
    now = 10_000
    expect(budget.take('a')).toBe(0)
    expect(budget.take('a')).toBe(10)
  })

  it('refills no further than the burst', () => {
    let now = 0
    const budget = createCutOutBudget({ burst: 2, perMinute: 60, now: () => now })
    now = 3_600_000
    expect([budget.take('a'), budget.take('a'), budget.take('a') > 0]).toEqual([0, 0, true])
  })
})
