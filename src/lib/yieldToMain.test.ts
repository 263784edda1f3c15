import { afterEach, describe, expect, it, vi } from 'vitest'
import { yieldToMain } from './yieldToMain'

afterEach(() => vi.unstubAllGlobals())

describe('yieldToMain', () => {
  it('resolves after the current task, not among its microtasks', async () => {
    const order: string[] = []
    const yielded = yieldToMain().then(() => order.push('yielded'))
    await Promise.resolve().then(() => order.push('microtask'))
    queueMicrotask(() => order.push('later microtask'))
    await yielded
    expect(order).toEqual(['microtask', 'later microtask', 'yielded'])
  })

  it('uses scheduler.yield where the browser has it', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve())
    vi.stubGlobal('scheduler', { yield: schedulerYield })
    await yieldToMain()
    expect(schedulerYield).toHaveBeenCalledTimes(1)
  })
})
