// The per-user line in front of the vision pool: a user's calls past their share wait their turn in
// order, and another user's call starts at once.
import { describe, expect, it } from 'vitest'
import { createFairCutOutLine } from './fairCutOutLine'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('fair cut-out line', () => {
  it('lets a user have perUser calls in the pool, queues the rest in order, and lets others in at once', async () => {
    const line = createFairCutOutLine({ perUser: 2 })
    const started: string[] = []
    const holds = Array.from({ length: 5 }, deferred)
    const burst = holds.map((hold, i) =>
      line.run('a', async () => {
        started.push(`a${i}`)
        await hold.promise
        return i
      }),
    )
    await Promise.resolve()
    expect(started).toEqual(['a0', 'a1'])
    expect(line.stats('a')).toEqual({ inPool: 2, waiting: 3 })

    const other = line.run('b', () => {
      started.push('b0')
      return Promise.resolve('b')
    })
    expect(await other).toBe('b')
    expect(started).toEqual(['a0', 'a1', 'b0'])

    holds[0]!.resolve()
    await burst[0]
    await Promise.resolve()
    expect(started).toEqual(['a0', 'a1', 'b0', 'a2'])
    for (const hold of holds) hold.resolve()
    expect(await Promise.all(burst)).toEqual([0, 1, 2, 3, 4])
    expect(line.stats('a')).toEqual({ inPool: 0, waiting: 0 })
  })

  it('frees the place of a call that fails', async () => {
    const line = createFairCutOutLine({ perUser: 1 })
    await expect(line.run('a', () => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(await line.run('a', () => Promise.resolve(1))).toBe(1)
  })
})
