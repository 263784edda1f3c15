import { describe, expect, it } from 'vitest'
import { activationFor } from './dragActivation'

describe('drag activation', () => {
  it('starts a mouse drag after 5 px, however long the press', () => {
    expect(activationFor('mouse', 4, 0)).toBe('wait')
    expect(activationFor('mouse', 6, 0)).toBe('drag')
    expect(activationFor('mouse', 3, 2000)).toBe('wait')
    expect(activationFor('pen', 6, 0)).toBe('drag')
  })

  it('starts a touch drag only after a 250 ms hold within 5 px', () => {
    expect(activationFor('touch', 2, 100)).toBe('wait')
    expect(activationFor('touch', 2, 250)).toBe('drag')
    expect(activationFor('touch', 8, 100)).toBe('abandon')
    expect(activationFor('touch', 40, 300)).toBe('drag')
  })
})
