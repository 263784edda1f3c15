import { describe, expect, it } from 'vitest'
import { createAccountStore } from './accountStore'

describe('createAccountStore', () => {
  it('tells its readers of a change, once', () => {
    const store = createAccountStore({ status: 'loading', profile: null as string | null })
    let calls = 0
    const stop = store.subscribe(() => (calls += 1))
    store.set({ status: 'signedIn', profile: 'ana' })
    expect(calls).toBe(1)
    expect(store.get()).toEqual({ status: 'signedIn', profile: 'ana' })
    stop()
    store.set({ status: 'signedOut', profile: null })
    expect(calls).toBe(1)
  })

  it('keeps the object it holds when the same account is worked out again', () => {
    const first = { status: 'signedIn', profile: 'ana' }
    const store = createAccountStore(first)
    let calls = 0
    store.subscribe(() => (calls += 1))
    store.set({ status: 'signedIn', profile: 'ana' })
    expect(store.get()).toBe(first)
    expect(calls).toBe(0)
  })
})
