import { describe, expect, it } from 'vitest'
import type { ScopeState } from './outbox'
import { scopeStatusOf } from './scopeStatus'

const state = (fields: Partial<ScopeState>): ScopeState => ({
  key: 'me',
  cursor: null,
  lastPulledAt: null,
  lastUsedAt: 1,
  status: 'new',
  error: null,
  ...fields,
})

describe('scopeStatusOf', () => {
  it('is loading for a scope never asked for, new, or still in its first pull', () => {
    expect(scopeStatusOf(undefined)).toEqual({ status: 'loading', error: null })
    expect(scopeStatusOf(state({ status: 'new' }))).toEqual({ status: 'loading', error: null })
    expect(scopeStatusOf(state({ status: 'pulling' }))).toEqual({ status: 'loading', error: null })
  })

  it('is ready once pulled, and stays ready when a later pull fails (the rows are there)', () => {
    expect(scopeStatusOf(state({ status: 'ready', lastPulledAt: 2 }))).toEqual({ status: 'ready', error: null })
    expect(scopeStatusOf(state({ status: 'error', error: 'Offline', lastPulledAt: 2 }))).toEqual({ status: 'ready', error: null })
  })

  it('is an error, with its reason, when the first pull failed', () => {
    expect(scopeStatusOf(state({ status: 'error', error: 'Offline' }))).toEqual({ status: 'error', error: 'Offline' })
  })
})
