import { describe, expect, it } from 'vitest'
import { boxMean } from './boxFilter'

describe('box mean', () => {
  it('equals the brute-force mean over the clipped window, for any radius', () => {
    // Deterministic values in 0..1 (a multiplicative hash of the index).
    const value = (i: number) => (Math.imul(i + 7, 2654435761) >>> 0) / 4294967296
    const w = 23
    const h = 17
    const src = Float32Array.from({ length: w * h }, (_, i) => value(i))
    for (const r of [0, 1, 3, 8, 30]) {
      const out = boxMean(src, w, h, r, new Float32Array(w * h))
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          let sum = 0
          let n = 0
          for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
            for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
              sum += src[yy * w + xx]!
              n++
            }
          }
          expect(out[y * w + x]).toBeCloseTo(sum / n, 4)
        }
      }
    }
  })
})
