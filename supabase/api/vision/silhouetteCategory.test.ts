import { describe, expect, it } from 'vitest'
import { silhouetteCategory } from './silhouetteCategory'

/** A w×h mask where `inside(x, y)` (in 0..1 units of the box) is garment. */
function mask(w: number, h: number, inside: (u: number, v: number) => boolean): Uint8Array {
  const out = new Uint8Array(w * h)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) out[y * w + x] = inside(x / (w - 1), y / (h - 1)) ? 1 : 0
  return out
}

describe('silhouette category (no person in the photo)', () => {
  it('sees a T-shirt: sleeves wider than the hem', () => {
    const tee = mask(200, 180, (u, v) => (v < 0.4 ? true : u > 0.25 && u < 0.75))
    const guess = silhouetteCategory(tee, 200, 180)
    expect(guess.category).toBe('top')
    expect(guess.confidence).toBeLessThanOrEqual(0.5)
  })

  it('sees trousers: two legs', () => {
    const trousers = mask(120, 260, (u, v) => v < 0.35 || u < 0.45 || u > 0.55)
    expect(silhouetteCategory(trousers, 120, 260).category).toBe('bottom')
  })

  it('sees a dress: tall and flaring', () => {
    const dress = mask(160, 240, (u, v) => Math.abs(u - 0.5) <= (v < 0.45 ? 0.2 : 0.2 + (v - 0.45) * 0.55))
    expect(silhouetteCategory(dress, 160, 240).category).toBe('dress')
  })

  it('sees a shoe: long and low', () => {
    const shoe = mask(240, 110, (u, v) => v > 0.45 || (u > 0.45 && u < 0.8))
    expect(silhouetteCategory(shoe, 240, 110).category).toBe('footwear')
  })

  it('never claims more than 0.5 confidence', () => {
    for (const [w, h] of [
      [100, 100],
      [50, 200],
      [300, 60],
    ] as const) {
      expect(
        silhouetteCategory(
          mask(w, h, () => true),
          w,
          h,
        ).confidence,
      ).toBeLessThanOrEqual(0.5)
    }
  })
})
