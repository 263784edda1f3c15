import { describe, expect, it } from 'vitest'
import { isIncremental, parseScope, profileScope, scopeBindings, wallScope } from './scopes'

describe('scope definitions', () => {
  it('split a key into kind and argument', () => {
    expect(parseScope(wallScope('a:b'))).toMatchObject({ kind: 'wall', arg: 'a:b' })
    expect(parseScope(profileScope('Milo.Reyes'))).toMatchObject({ kind: 'profile', arg: 'milo.reyes' })
    expect(parseScope('me')).toMatchObject({ kind: 'me', arg: '' })
    expect(parseScope('nonsense:1')).toBeNull()
  })

  it('pull `me` and walls incrementally and the rest as windows', () => {
    expect(['me', 'wall:x', 'discover', 'mooris', 'wardrobe', 'profile:x'].map(isIncremental)).toEqual([true, true, false, false, false, false])
  })

  it('listen to live changes where a cheap filter exists', () => {
    expect(scopeBindings('wall:w1', null)).toEqual([
      { table: 'walls', filter: 'id=eq.w1' },
      { table: 'polaroids', filter: 'wall_id=eq.w1' },
      { table: 'wall_stickers', filter: 'wall_id=eq.w1' },
    ])
    expect(scopeBindings('me', null)).toBeNull()
    expect(scopeBindings('me', 'u1')).toContainEqual({ table: 'walls', filter: 'owner_id=eq.u1' })
    expect(scopeBindings('discover', 'u1')).toBeNull()
    expect(scopeBindings('nonsense', 'u1')).toBeNull()
  })
})
