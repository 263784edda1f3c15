import { describe, expect, it } from 'vitest'
import { createPreviewScheduler } from './previewScheduler'

/** A worker stand-in whose answers the test releases one by one. */
function worker() {
  const calls: { revision: number; answer: () => void; refuse: () => void }[] = []
  const run = (revision: number) =>
    new Promise<string>((resolve, reject) =>
      calls.push({ revision, answer: () => resolve(`preview ${revision}`), refuse: () => reject(new Error('no')) }),
    )
  return { calls, run }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the preview scheduler', () => {
  it('keeps one request in flight and only the newest waiting', async () => {
    const { calls, run } = worker()
    const shown: number[] = []
    const scheduler = createPreviewScheduler(run, (_, revision) => shown.push(revision), () => undefined)
    scheduler.request(1)
    scheduler.request(2)
    scheduler.request(3)
    expect(calls.map((c) => c.revision)).toEqual([1])
    calls[0]!.answer()
    await settle()
    expect(shown).toEqual([1])
    // 2 was replaced by 3 while 1 was in flight.
    expect(calls.map((c) => c.revision)).toEqual([1, 3])
    calls[1]!.answer()
    await settle()
    expect(shown).toEqual([1, 3])
  })

  it('does not ask again for a revision already shown, and reports failures', async () => {
    const { calls, run } = worker()
    const failures: unknown[] = []
    const scheduler = createPreviewScheduler(run, () => undefined, (error) => failures.push(error))
    scheduler.request(4)
    calls[0]!.answer()
    await settle()
    scheduler.request(4)
    scheduler.request(2)
    expect(calls).toHaveLength(1)
    scheduler.request(5)
    calls[1]!.refuse()
    await settle()
    expect(failures).toHaveLength(1)
  })

  it('shows nothing once disposed', async () => {
    const { calls, run } = worker()
    const shown: number[] = []
    const scheduler = createPreviewScheduler(run, (_, revision) => shown.push(revision), () => undefined)
    scheduler.request(1)
    scheduler.request(2)
    scheduler.dispose()
    calls[0]!.answer()
    await settle()
    expect(shown).toEqual([])
    expect(calls).toHaveLength(1)
  })
})
