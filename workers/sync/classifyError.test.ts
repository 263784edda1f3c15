import { describe, expect, it } from 'vitest'
import { NetworkFailure, SyncError, asSyncError, classifySqlState, classifyStatus, isNetworkFailure, meansOffline } from './classifyError'
import { retryDelay, retryDelayAfter } from './backoff'

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

  it("wait as long as the server's Retry-After asked, up to a fifth more, whatever the attempt", () => {
    expect(retryDelayAfter(10_000, 0, { random: () => 0 })).toBe(10_000)
    expect(retryDelayAfter(10_000, 0, { random: () => 1 })).toBe(12_000)
    expect(retryDelayAfter(30_000, 9, { random: () => 0.5 })).toBe(33_000)
    expect(retryDelayAfter(null, 3, { random: () => 1 })).toBe(8000)
  })
})

describe('network failures', () => {
  it('are recognised by type, also when a library wrapped them', () => {
    const failure = new NetworkFailure(new TypeError('Failed to fetch'))
    expect(isNetworkFailure(failure)).toBe(true)
    expect(isNetworkFailure({ name: 'StorageUnknownError', originalError: failure })).toBe(true)
    expect(isNetworkFailure(new Error('network is down', { cause: failure }))).toBe(true)
    // The wording alone means nothing.
    expect(isNetworkFailure(new TypeError('fetch failed'))).toBe(false)
  })

  it('make a transient SyncError that means offline; other errors keep their message', () => {
    const offline = asSyncError(new NetworkFailure(new TypeError('x')), 'Could not pull me')
    expect(offline).toMatchObject({ kind: 'transient', status: 0 })
    expect(meansOffline(offline)).toBe(true)
    const bug = asSyncError(new RangeError('Invalid key'), 'Could not pull me')
    expect(bug).toMatchObject({ kind: 'transient', status: -1, message: 'Could not pull me: Invalid key' })
    expect(meansOffline(bug)).toBe(false)
    const sorted = new SyncError('permanent', 'no', 403)
    expect(asSyncError(sorted, 'x')).toBe(sorted)
  })
})
