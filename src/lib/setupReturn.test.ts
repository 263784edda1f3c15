import { describe, expect, it } from 'vitest'
import { returnPathOf } from './setupReturn'

describe('returnPathOf', () => {
  it('goes back to a path of this app the guard remembered', () => {
    expect(returnPathOf({ returnTo: '/wall/0f8fad5b-d9cb-469f-a165-70867728950e' })).toBe(
      '/wall/0f8fad5b-d9cb-469f-a165-70867728950e',
    )
  })

  it('goes home when nothing, or nothing of this app, was remembered', () => {
    for (const state of [null, undefined, {}, { returnTo: 42 }, { returnTo: 'https://evil.example/' }, { returnTo: '//evil.example/x' }])
      expect(returnPathOf(state)).toBe('/')
  })
})
