import { describe, expect, it } from 'vitest'
import { colorShares } from './colorShares'

/** An RGBA buffer made of runs: [hex, pixel count, alpha]. */
function pixels(...runs: [string, number, number?][]): Uint8Array {
  const total = runs.reduce((n, [, count]) => n + count, 0)
  const out = new Uint8Array(total * 4)
  let i = 0
  for (const [hex, count, alpha = 255] of runs) {
    const n = parseInt(hex.slice(1), 16)
    for (let k = 0; k < count; k++, i += 4) out.set([(n >> 16) & 255, (n >> 8) & 255, n & 255, alpha], i)
  }
  return out
}

describe('colour shares', () => {
  it('gives the shares of a two-colour garment, dominant first', () => {
    const colors = colorShares(pixels(['#1f2a5a', 7000], ['#ffffff', 3000]))
    expect(colors.map((c) => c.name)).toEqual(['Navy', 'White'])
    expect(colors[0]!.share).toBeCloseTo(0.7, 2)
    expect(colors[1]!.share).toBeCloseTo(0.3, 2)
  })

  it('ignores transparent and half-transparent pixels (background and soft edges)', () => {
    const colors = colorShares(pixels(['#6d1a2a', 2000], ['#2e7d32', 8000, 0], ['#f5d800', 3000, 120]))
    expect(colors.map((c) => c.name)).toEqual(['Burgundy'])
    expect(colors[0]!.share).toBeCloseTo(1, 5)
  })

  it('keeps one colour under shading (folds, light and shadow) rather than splitting it', () => {
    const shades: [string, number][] = ['#1a2450', '#1f2a5a', '#243066', '#2a3670', '#1c2755'].map((hex) => [
      hex,
      2000,
    ])
    const colors = colorShares(pixels(...shades))
    expect(colors.map((c) => c.name)).toEqual(['Navy'])
  })

  it('leaves out details under 8 % and returns at most three colours', () => {
    const colors = colorShares(
      pixels(['#1f2a5a', 4000], ['#ffffff', 2500], ['#c62828', 2000], ['#2e7d32', 1000], ['#f5d800', 500]),
    )
    expect(colors).toHaveLength(3)
    expect(colors.every((c) => c.share >= 0.08)).toBe(true)
    expect(colors.map((c) => c.name)).toEqual(['Navy', 'White', 'Red'])
  })

  it('drops a minority of skin next to a clearly different garment colour, and rescales the rest', () => {
    const colors = colorShares(pixels(['#1f2a5a', 7000], ['#c68642', 3000]))
    expect(colors.map((c) => c.name)).toEqual(['Navy'])
    expect(colors[0]!.share).toBeCloseTo(1, 5)
  })

  it('keeps a skin-toned colour when it is the garment (a camel coat)', () => {
    const colors = colorShares(pixels(['#c19a6b', 8000], ['#111111', 2000]))
    expect(colors[0]!.name).toBe('Camel')
  })

  it('is deterministic and returns nothing for a garment with no opaque pixels', () => {
    const buffer = pixels(['#1f2a5a', 3000], ['#d8c3a5', 2000], ['#6d1a2a', 1500])
    expect(colorShares(buffer)).toEqual(colorShares(buffer))
    expect(colorShares(pixels(['#1f2a5a', 100, 10]))).toEqual([])
  })
})
