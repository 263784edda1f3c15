import { describe, expect, it } from 'vitest'
import { alphaOnGrid, cropPixels, extractionRect, garmentCrop, placeAlpha, usableBox } from './garmentCrop'

describe('the crop a garment is fixed on', () => {
  it('is the box with a margin, inside the photo, rounded so it is kept exactly', () => {
    expect(garmentCrop({ x: 40, y: 20, width: 20, height: 40 })).toEqual({ x: 34, y: 8, width: 32, height: 64 })
    // At the photo's edge it stops there; a thin box still gets a few percent each side.
    expect(garmentCrop({ x: 1, y: 90, width: 2, height: 9 })).toEqual({ x: 0, y: 86, width: 7, height: 14 })
    const odd = garmentCrop({ x: 10.123456, y: 10, width: 33.333333, height: 10 })
    expect(odd.x).toBe(0.123)
    expect(odd.width).toBe(53.334) // 53.457 − 0.123
  })

  it('takes only boxes that are inside the photo and not empty', () => {
    expect(usableBox({ x: 0, y: 0, width: 100, height: 100 })).toBe(true)
    expect(usableBox({ x: 10, y: 10, width: 0, height: 5 })).toBe(false)
    expect(usableBox({ x: 90, y: 10, width: 20, height: 5 })).toBe(false)
    expect(usableBox({ x: 1, y: 1, width: Number.NaN, height: 5 })).toBe(false)
    expect(usableBox(null)).toBe(false)
  })

  it('is whole pixels around the crop, inside the photo', () => {
    expect(cropPixels({ x: 12.5, y: 0, width: 25, height: 100 }, 1000, 500)).toEqual({ x: 125, y: 0, width: 250, height: 500 })
    expect(cropPixels({ x: 12.55, y: 10, width: 0.1, height: 10 }, 1000, 500)).toEqual({ x: 125, y: 50, width: 2, height: 50 })
    expect(cropPixels({ x: 99.99, y: 99.99, width: 0.001, height: 0.001 }, 100, 100)).toEqual({ x: 99, y: 99, width: 1, height: 1 })
  })
})

describe('the extracted picture laid on the crop', () => {
  // A 10×6 picture whose opaque part is columns 2..7 and rows 1..4 (a faint edge around it, as trimmed).
  const picture = {
    width: 10,
    height: 6,
    alpha: Uint8Array.from({ length: 60 }, (_, i) => {
      const x = i % 10
      const y = Math.floor(i / 10)
      return x >= 2 && x <= 7 && y >= 1 && y <= 4 ? 255 : 20
    }),
  }

  it('puts its opaque part on the box: offset and scale from the box alone', () => {
    // The box (percent of a 200×100 photo) is that opaque part, 6×4 px at 2× the picture's scale, at (40, 20).
    const box = { x: 20, y: 20, width: 6, height: 8 }
    const crop = { x: 10, y: 10, width: 30, height: 40 } // 60×40 px of the photo, shown at 120×80
    const rect = extractionRect(picture, box, crop, { width: 120, height: 80 })
    // The picture's origin: 2 px of the picture (4 of the photo) left of the box's 40 px, less the crop's
    // 20 px, at 2× → 32; 1 px (2) above its 20 px, less 10 → 16.
    expect(rect.x).toBeCloseTo(32)
    expect(rect.y).toBeCloseTo(16)
    expect(rect.width).toBeCloseTo(40)
    expect(rect.height).toBeCloseTo(24)
    const alpha = placeAlpha(picture, rect, 120, 80)
    // The opaque part lands on the box: (40..52, 20..28) px of the photo → (40..64, 20..36) of the crop.
    expect(alpha[30 * 120 + 50]).toBe(255)
    expect(alpha[30 * 120 + 36]).toBe(20)
    expect(alpha[30 * 120 + 5]).toBe(0)
    expect(alpha[70 * 120 + 50]).toBe(0)
  })

  it('is seen by the model’s grid as the mean of what each cell covers', () => {
    const alpha = new Uint8Array(4 * 2).fill(255)
    alpha[0] = 0
    const grid = alphaOnGrid(alpha, 4, 2, 2)
    expect([...grid]).toEqual([0.5, 1, 1, 1])
  })
})
