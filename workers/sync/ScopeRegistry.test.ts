import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ScopeRegistry } from './ScopeRegistry'

function registry(graceMs = 1000) {
  const events: string[] = []
  const scopes = new ScopeRegistry(
    {
      activate: (scope) => events.push(`+${scope}`),
      deactivate: (scope) => events.push(`-${scope}`),
      reopen: (scope) => events.push(`~${scope}`),
    },
    graceMs,
  )
  return { scopes, events }
}

describe('ScopeRegistry', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('activates a scope on its first lease and deactivates it a grace period after its last', () => {
    const { scopes, events } = registry()
    scopes.acquire({ id: 'a:1', scope: 'wall:w', tab: 'a' })
    scopes.acquire({ id: 'b:1', scope: 'wall:w', tab: 'b' })
    expect(events).toEqual(['+wall:w', '~wall:w'])
    expect(scopes.holders('wall:w')).toBe(2)
    scopes.release('a:1')
    scopes.release('b:1')
    expect(scopes.isActive('wall:w')).toBe(true)
    vi.advanceTimersByTime(999)
    expect(events).toEqual(['+wall:w', '~wall:w'])
    vi.advanceTimersByTime(1)
    expect(events).toEqual(['+wall:w', '~wall:w', '-wall:w'])
    expect(scopes.isActive('wall:w')).toBe(false)
  })

  it('reports a scope opened again by a tab that did not hold it, not a second lease of the same tab', () => {
    const { scopes, events } = registry()
    scopes.acquire({ id: 'a:1', scope: 'wall:w', tab: 'a' })
    scopes.acquire({ id: 'a:2', scope: 'wall:w', tab: 'a' })
    expect(events).toEqual(['+wall:w'])
    scopes.acquire({ id: 'b:1', scope: 'wall:w', tab: 'b' })
    expect(events).toEqual(['+wall:w', '~wall:w'])
    scopes.release('a:1')
    scopes.release('a:2')
    scopes.acquire({ id: 'a:3', scope: 'wall:w', tab: 'a' })
    expect(events).toEqual(['+wall:w', '~wall:w', '~wall:w'])
  })

  it('keeps a scope taken again within its grace period, without activating it twice (it is reopened)', () => {
    const { scopes, events } = registry()
    scopes.acquire({ id: 'a:1', scope: 'me', tab: 'a' })
    scopes.release('a:1')
    vi.advanceTimersByTime(500)
    scopes.acquire({ id: 'a:2', scope: 'me', tab: 'a' })
    vi.advanceTimersByTime(5000)
    expect(events).toEqual(['+me', '~me'])
    expect(scopes.activeScopes()).toEqual(['me'])
  })

  it('ignores a lease taken twice and a release of an unknown lease', () => {
    const { scopes, events } = registry(0)
    scopes.acquire({ id: 'a:1', scope: 'mooris', tab: 'a' })
    scopes.acquire({ id: 'a:1', scope: 'mooris', tab: 'a' })
    scopes.release('nope')
    expect(scopes.holders('mooris')).toBe(1)
    scopes.release('a:1')
    scopes.release('a:1')
    expect(events).toEqual(['+mooris', '-mooris'])
  })

  it("releases every lease of a tab that went away, and only that tab's", () => {
    const { scopes, events } = registry(0)
    scopes.acquire({ id: 'a:1', scope: 'wall:1', tab: 'a' })
    scopes.acquire({ id: 'a:2', scope: 'wall:2', tab: 'a' })
    scopes.acquire({ id: 'b:1', scope: 'wall:2', tab: 'b' })
    expect(scopes.tabs()).toEqual(new Set(['a', 'b']))
    scopes.releaseTab('a')
    expect(events).toEqual(['+wall:1', '+wall:2', '~wall:2', '-wall:1'])
    expect(scopes.holders('wall:2')).toBe(1)
    expect(scopes.tabs()).toEqual(new Set(['b']))
  })

  it('reports nothing once closed', () => {
    const { scopes, events } = registry()
    scopes.acquire({ id: 'a:1', scope: 'me', tab: 'a' })
    scopes.release('a:1')
    scopes.close()
    vi.advanceTimersByTime(10_000)
    scopes.acquire({ id: 'a:2', scope: 'discover', tab: 'a' })
    expect(events).toEqual(['+me'])
  })
})
