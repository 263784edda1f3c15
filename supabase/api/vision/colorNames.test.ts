import { describe, expect, it } from 'vitest'
import { colorName, colorNameList, isSkinTone } from './colorNames'
import { hexToOklab, oklabToOklch, rgbToOklab } from './oklab'

describe('OKLab', () => {
  it('puts white at L = 1 and black at L = 0 with no chroma', () => {
    const white = rgbToOklab(255, 255, 255)
    expect(white.L).toBeCloseTo(1, 3)
    expect(Math.hypot(white.a, white.b)).toBeLessThan(1e-4)
    expect(rgbToOklab(0, 0, 0).L).toBeCloseTo(0, 6)
  })

  it('matches published OKLCH values for sRGB primaries', () => {
    // Ottosson's reference: sRGB red is L 0.628, C 0.258, h 29.2°; blue is L 0.452, C 0.313, h 264.1°.
    const red = oklabToOklch(rgbToOklab(255, 0, 0))
    expect(red.L).toBeCloseTo(0.628, 3)
    expect(red.C).toBeCloseTo(0.258, 3)
    expect(red.h).toBeCloseTo(29.2, 0)
    const blue = oklabToOklch(rgbToOklab(0, 0, 255))
    expect(blue.L).toBeCloseTo(0.452, 3)
    expect(blue.h).toBeCloseTo(264.1, 0)
  })
})

describe('colour names', () => {
  const swatches: [string, string][] = [
    ['#1f2a5a', 'Navy'],
    ['#373281', 'Navy'], // the Barça blue that nearest-palette naming called purple
    ['#6d1a2a', 'Burgundy'],
    ['#800000', 'Burgundy'],
    ['#c62828', 'Red'],
    ['#ffffff', 'White'],
    ['#f3f0e8', 'White'],
    ['#111111', 'Black'],
    ['#36454f', 'Charcoal'],
    ['#808080', 'Gray'],
    ['#c8c8c8', 'Light gray'],
    ['#b8bcc4', 'Light gray'], // silver, not lavender or teal
    ['#d8c3a5', 'Beige'],
    ['#c19a6b', 'Camel'],
    ['#6b3e26', 'Brown'],
    ['#808000', 'Olive'],
    ['#556b2f', 'Olive'],
    ['#f4a6c0', 'Pink'],
    ['#ff69b4', 'Pink'],
    ['#ef6c00', 'Orange'],
    ['#d4a017', 'Mustard'],
    ['#f5d800', 'Yellow'],
    ['#2e7d32', 'Green'],
    ['#1b4d2e', 'Dark green'],
    ['#008080', 'Teal'],
    ['#1e5bd8', 'Blue'],
    ['#3b5b92', 'Blue'],
    ['#a8c8f0', 'Light blue'],
    ['#6a1b9a', 'Purple'],
    ['#c8b6e2', 'Lavender'],
    ['#fffdd0', 'Cream'],
  ]
  it.each(swatches)('%s is %s', (hex, name) => {
    expect(colorName(hexToOklab(hex))).toBe(name)
  })

  it('only ever answers with a name from the list', () => {
    for (let r = 0; r < 256; r += 17) {
      for (let g = 0; g < 256; g += 17) {
        for (let b = 0; b < 256; b += 17) expect(colorNameList).toContain(colorName(rgbToOklab(r, g, b)))
      }
    }
  })

  it('never gives a grey a hue name, whatever its faint tint', () => {
    for (const hex of ['#7f8085', '#858079', '#80857f', '#2b2b30', '#e6e4ea']) {
      expect(['Black', 'Charcoal', 'Gray', 'Light gray', 'White']).toContain(colorName(hexToOklab(hex)))
    }
  })
})

describe('skin tones', () => {
  it('recognises a range of skin tones and not garment colours', () => {
    for (const hex of ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac'])
      expect(isSkinTone(hexToOklab(hex))).toBe(true)
    for (const hex of ['#1f2a5a', '#6d1a2a', '#ffffff', '#111111', '#2e7d32', '#808080'])
      expect(isSkinTone(hexToOklab(hex))).toBe(false)
  })
})
