import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The module keeps whether the first screen has rendered: each test starts from a fresh copy.
async function fresh() {
  vi.resetModules()
  return import('./afterFirstScreen')
}

describe('afterFirstScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('waits for the first screen, then runs each task once', async () => {
    const { afterFirstScreen, whenFirstScreenShown, firstScreenRendered } = await fresh()
    const idle = vi.fn()
    const soon = vi.fn()
    afterFirstScreen(idle)
    whenFirstScreenShown(soon)
    await vi.advanceTimersByTimeAsync(1000)
    expect(idle).not.toHaveBeenCalled()
    expect(soon).not.toHaveBeenCalled()
    firstScreenRendered()
    await vi.advanceTimersByTimeAsync(100)
    expect(soon).toHaveBeenCalledTimes(1)
    expect(idle).toHaveBeenCalledTimes(1)
    // The fallback that was armed does not run them again.
    await vi.advanceTimersByTimeAsync(10_000)
    expect(soon).toHaveBeenCalledTimes(1)
    expect(idle).toHaveBeenCalledTimes(1)
  })

  it('runs anyway when no screen renders, and a cancelled task never runs', async () => {
    const { afterFirstScreen } = await fresh()
    const kept = vi.fn()
    const cancelled = vi.fn()
    afterFirstScreen(kept)
    afterFirstScreen(cancelled)()
    await vi.advanceTimersByTimeAsync(4999)
    expect(kept).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(kept).toHaveBeenCalledTimes(1)
    expect(cancelled).not.toHaveBeenCalled()
  })

  it('after the first screen, a new task runs without waiting for another', async () => {
    const { afterFirstScreen, whenFirstScreenShown, firstScreenRendered } = await fresh()
    firstScreenRendered()
    const idle = vi.fn()
    const soon = vi.fn()
    afterFirstScreen(idle)
    whenFirstScreenShown(soon)
    await vi.advanceTimersByTimeAsync(100)
    expect(soon).toHaveBeenCalledTimes(1)
    expect(idle).toHaveBeenCalledTimes(1)
  })
})
