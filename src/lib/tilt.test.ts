import { describe, expect, it } from 'vitest'
import { tiltFor } from './tilt'

describe('polaroid tilt', () => {
  it('is the timestamp modulo 7, minus 3 degrees', () => {
    expect(tiltFor(0)).toBe(-3)
    expect(tiltFor(3)).toBe(0)
    expect(tiltFor(6)).toBe(3)
    expect(tiltFor(7)).toBe(-3)
    expect(tiltFor(1_700_000_000_005)).toBe((1_700_000_000_005 % 7) - 3)
  })

  it('stays within −3..3 for odd input', () => {
    for (const t of [-1, -15, 2.9, Number.NaN]) {
      const tilt = tiltFor(t)
      expect(tilt).toBeGreaterThanOrEqual(-3)
      expect(tilt).toBeLessThanOrEqual(3)
    }
  })
})
