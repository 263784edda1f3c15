import { describe, expect, it } from 'vitest'
import { resizeLanczos, squeezeForModel } from './squeeze'

const solid = (width: number, height: number, rgb: [number, number, number]) => ({
  data: Uint8Array.from({ length: width * height * 3 }, (_, i) => rgb[i % 3]!),
  width,
  height,
})

describe('the squeeze to the model input', () => {
  it('keeps a flat colour flat, up or down', () => {
    for (const [w, h] of [
      [800, 600],
      [200, 150],
    ]) {
      const out = squeezeForModel(solid(w!, h!, [200, 40, 90]))
      expect(out).toHaveLength(320 * 320 * 3)
      expect(new Set(out).size).toBe(3)
      expect([out[0], out[1], out[2]]).toEqual([200, 40, 90])
    }
  })

  it('averages a fine pattern away when shrinking, and keeps an edge where it was', () => {
    // Alternating black and white columns, 4× down: grey.
    const stripes = { data: new Uint8Array(64 * 8 * 3), width: 64, height: 8 }
    for (let i = 0; i < 64 * 8; i++) stripes.data.fill(i % 2 ? 255 : 0, i * 3, i * 3 + 3)
    const grey = resizeLanczos(stripes, 16, 2)
    for (const v of grey.subarray(6, 30)) expect(Math.abs(v - 128)).toBeLessThanOrEqual(2)
    // Left half black, right half white, halved: the edge stays in the middle.
    const half = { data: new Uint8Array(40 * 4 * 3), width: 40, height: 4 }
    for (let i = 0; i < 40 * 4; i++) if (i % 40 >= 20) half.data.fill(255, i * 3, i * 3 + 3)
    const row = resizeLanczos(half, 20, 2).subarray(0, 60)
    expect(row[0]).toBe(0)
    expect(row[57]).toBe(255)
    expect(row[8 * 3]).toBeLessThan(20)
    expect(row[11 * 3]).toBeGreaterThan(235)
  })
})
