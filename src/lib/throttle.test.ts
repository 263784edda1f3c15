import { describe, expect, it, vi } from 'vitest'
import { throttle } from './throttle'

describe('throttle', () => {
  it('sends the first value at once, then at most one per interval, always ending with the newest', () => {
    vi.useFakeTimers()
    const sent: number[] = []
    const clock = { now: () => Date.now(), setTimeout, clearTimeout: (id: unknown) => clearTimeout(id as number) }
    const t = throttle<number>(50, (v) => sent.push(v), clock)
    const sendTimes: number[] = []
    const start = Date.now()
    const t2 = throttle<number>(50, () => sendTimes.push(Date.now() - start), clock)
    // A pointer that moves every 4 ms for a second.
    for (let i = 0; i <= 250; i++) {
      t.push(i)
      t2.push(i)
      vi.advanceTimersByTime(4)
    }
    vi.advanceTimersByTime(100)
    expect(sent[0]).toBe(0)
    expect(sent[sent.length - 1]).toBe(250)
    // 1 s of moves: at most 20 a second plus the leading one.
    expect(sent.length).toBeLessThanOrEqual(22)
    for (let i = 1; i < sendTimes.length; i++) expect(sendTimes[i]! - sendTimes[i - 1]!).toBeGreaterThanOrEqual(50)
    vi.useRealTimers()
  })

  it('flush sends the pending value now, cancel drops it', () => {
    vi.useFakeTimers()
    const sent: string[] = []
    const clock = { now: () => Date.now(), setTimeout, clearTimeout: (id: unknown) => clearTimeout(id as number) }
    const t = throttle<string>(50, (v) => sent.push(v), clock)
    t.push('a')
    t.push('b')
    t.flush()
    expect(sent).toEqual(['a', 'b'])
    t.push('c')
    t.cancel()
    vi.advanceTimersByTime(100)
    expect(sent).toEqual(['a', 'b'])
    vi.useRealTimers()
  })
})
