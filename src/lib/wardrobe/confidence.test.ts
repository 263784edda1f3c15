import { describe, expect, it } from 'vitest'
import { confidenceDescription, confidenceLevel, confidencePercent } from './confidence'

describe('confidence', () => {
  it('colours by the spec thresholds: 0.8 and up green, 0.6 and up yellow, else red', () => {
    expect(confidenceLevel(1)).toBe('high')
    expect(confidenceLevel(0.8)).toBe('high')
    expect(confidenceLevel(0.79)).toBe('medium')
    expect(confidenceLevel(0.6)).toBe('medium')
    expect(confidenceLevel(0.59)).toBe('low')
    expect(confidenceLevel(0)).toBe('low')
  })

  it('shows a rounded, clamped percentage and says the level in words', () => {
    expect(confidencePercent(0.874)).toBe('87%')
    expect(confidencePercent(0.875)).toBe('88%')
    expect(confidencePercent(1.2)).toBe('100%')
    expect(confidencePercent(-1)).toBe('0%')
    expect(confidencePercent(Number.NaN)).toBe('0%')
    expect(confidenceDescription(0.65)).toBe('AI confidence 65% (medium)')
  })
})
