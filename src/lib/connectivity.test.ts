import { describe, expect, it } from 'vitest'
import { connectivityOf } from './connectivity'

describe('connectivityOf', () => {
  it('counts as online only when the network is up and the backend is reached (or not yet judged)', () => {
    expect(connectivityOf({ network: true, backend: true, serviceWorkerControls: false }).online).toBe(true)
    expect(connectivityOf({ network: true, backend: undefined, serviceWorkerControls: false }).online).toBe(true)
    expect(connectivityOf({ network: true, backend: false, serviceWorkerControls: false }).online).toBe(false)
    expect(connectivityOf({ network: false, backend: true, serviceWorkerControls: false }).online).toBe(false)
  })

  it('keeps the bare network apart from reaching the backend', () => {
    expect(connectivityOf({ network: true, backend: false, serviceWorkerControls: true }).network).toBe(true)
    expect(connectivityOf({ network: false, backend: true, serviceWorkerControls: true }).network).toBe(false)
  })

  it('runs from the cache only offline with a service worker in control', () => {
    expect(connectivityOf({ network: false, backend: false, serviceWorkerControls: true }).fromCache).toBe(true)
    // A network that does not reach the backend is offline as well.
    expect(connectivityOf({ network: true, backend: false, serviceWorkerControls: true }).fromCache).toBe(true)
    expect(connectivityOf({ network: true, backend: undefined, serviceWorkerControls: true }).fromCache).toBe(false)
    expect(connectivityOf({ network: false, backend: false, serviceWorkerControls: false }).fromCache).toBe(false)
    expect(connectivityOf({ network: true, backend: true, serviceWorkerControls: true }).fromCache).toBe(false)
  })
})
