import { afterEach, describe, expect, it, vi } from 'vitest'
import { inPieces, yieldToMain } from './yieldToMain'

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

describe('inPieces', () => {
  it('runs every item in order and yields each time a piece has used its budget', async () => {
    let clock = 0
    const events: string[] = []
    await inPieces(
      ['a', 'b', 'c', 'd', 'e'],
      (item) => {
        events.push(item)
        clock += 4 // each item costs 4 ms: two fit in a budget of 8
      },
      {
        budgetMs: 8,
        now: () => clock,
        yield: () => {
          events.push('yield')
          return Promise.resolve()
        },
      },
    )
    expect(events).toEqual(['a', 'b', 'yield', 'c', 'd', 'yield', 'e'])
  })

  it('never yields before the first item nor for a list that fits its budget', async () => {
    const pause = vi.fn(() => Promise.resolve())
    const seen: number[] = []
    await inPieces([1, 2, 3], (item, index) => void seen.push(item * 10 + index), { budgetMs: 8, now: () => 0, yield: pause })
    expect(seen).toEqual([10, 21, 32])
    expect(pause).not.toHaveBeenCalled()
  })

  it('waits for asynchronous work before the next item', async () => {
    const done: number[] = []
    await inPieces([1, 2], async (item) => {
      await new Promise((resolve) => setTimeout(resolve, 1))
      done.push(item)
    })
    expect(done).toEqual([1, 2])
  })
})
