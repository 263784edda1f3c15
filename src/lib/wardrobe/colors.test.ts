import { describe, expect, it } from 'vitest'
import { ENGINE_COLORS, GRAY_COLORS, QUICK_PICK_COLORS, colorLabel } from './colors'

describe('the colour vocabulary', () => {
  it('spells gray one way, as the spec writes colour words', () => {
    const all = [...ENGINE_COLORS, ...QUICK_PICK_COLORS]
    expect(all.filter((c) => /grey/i.test(c))).toEqual([])
    expect(all).toContain('Gray')
  })

  it('offers 20 quick picks, each once, and every engine name once', () => {
    expect(QUICK_PICK_COLORS).toHaveLength(20)
    expect(new Set(QUICK_PICK_COLORS.map((c) => c.toLowerCase())).size).toBe(20)
    expect(new Set(ENGINE_COLORS).size).toBe(ENGINE_COLORS.length)
    for (const gray of GRAY_COLORS) expect(ENGINE_COLORS).toContain(gray)
  })

  it('spells the quick picks the engine names share the same way', () => {
    const engine = new Map(ENGINE_COLORS.map((c) => [c.toLowerCase(), c]))
    for (const pick of QUICK_PICK_COLORS) {
      const same = engine.get(pick.toLowerCase())
      if (same) expect(pick).toBe(same)
    }
    expect(QUICK_PICK_COLORS.filter((c) => !engine.has(c.toLowerCase()))).toEqual(['Gold', 'Silver', 'Multicolor'])
  })

  it('reads tags stored under earlier spellings as the vocabulary word', () => {
    expect(colorLabel('Grey')).toBe('Gray')
    expect(colorLabel('Light grey')).toBe('Light gray')
    expect(colorLabel('Light Blue')).toBe('Light blue')
    expect(colorLabel('Navy')).toBe('Navy')
    expect(colorLabel('Greyish teal')).toBe('Greyish teal')
  })
})
