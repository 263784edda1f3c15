import { describe, expect, it } from 'vitest'
import { refineMask, resizeBilinear } from './refineMask'
import type { LowResMask, RgbImage } from './types'

// A 640×640 photo: a red disc on a green ground, and the model's view of it: a 320 px mask that is right
// only coarsely (its edge a soft ramp, as u2netp's are, and optionally a little outside the true edge).
const SIZE = 640
const LOW = 320
const inDisc = (x: number, y: number, scale: number) =>
  Math.hypot(x - 300 * scale, y - 330 * scale) <= 190 * scale

function photo(): RgbImage {
  const data = new Uint8Array(SIZE * SIZE * 3)
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++)
      data.set(inDisc(x + 0.5, y + 0.5, 1) ? [200, 40, 50] : [60, 150, 70], (y * SIZE + x) * 3)
  }
  return { data, width: SIZE, height: SIZE }
}

function coarseMask(image: RgbImage, shift = 0): LowResMask {
  const probability = new Float32Array(LOW * LOW)
  for (let y = 0; y < LOW; y++) {
    for (let x = 0; x < LOW; x++) {
      const d = Math.hypot(x + 0.5 - 150, y + 0.5 - 165) - 95 - shift
      probability[y * LOW + x] = 1 / (1 + Math.exp(d / 2))
    }
  }
  const guide = new Uint8Array(LOW * LOW * 3)
  for (let i = 0; i < LOW * LOW; i++)
    guide.set(
      image.data.subarray(
        (Math.floor(i / LOW) * 2 * SIZE + (i % LOW) * 2) * 3,
        (Math.floor(i / LOW) * 2 * SIZE + (i % LOW) * 2) * 3 + 3,
      ),
      i * 3,
    )
  return { probability, guide, size: LOW }
}

/** Pixels whose alpha is neither clearly in nor out (5..250): the width of the soft edge. */
function softPixels(alpha: Uint8Array): number {
  return alpha.reduce((n, a) => n + (a > 5 && a < 250 ? 1 : 0), 0)
}

function errors(alpha: Uint8Array): number {
  let wrong = 0
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) if (alpha[y * SIZE + x]! > 127 !== inDisc(x + 0.5, y + 0.5, 1)) wrong++
  return wrong
}

describe('mask refinement', () => {
  it('upsamples to the photo size', () => {
    const image = photo()
    const alpha = refineMask(coarseMask(image), image)
    expect(alpha).toHaveLength(SIZE * SIZE)
  })

  const bilinear = { method: 'bilinear', radius: 0, epsilon: 0, grid: 'model', gain: 1 } as const

  it("moves an edge the model misplaced back onto the photo's edge", () => {
    const image = photo()
    const low = coarseMask(image, 2) // 2 model pixels = 4 photo pixels too wide all round
    const before = errors(refineMask(low, image, bilinear))
    const after = errors(refineMask(low, image))
    expect(before).toBeGreaterThan(4000) // a 4 px ring round a 190 px disc
    expect(after).toBeLessThan(0.1 * before)
  })

  it('leaves a right edge right, and crisper than plain upsampling', () => {
    const image = photo()
    const low = coarseMask(image)
    const plain = refineMask(low, image, bilinear)
    const refined = refineMask(low, image)
    expect(errors(plain)).toBe(0)
    expect(errors(refined)).toBe(0)
    expect(softPixels(refined)).toBeLessThan(0.6 * softPixels(plain))
  })

  it('resizes bilinearly with pixel centres aligned', () => {
    const up = resizeBilinear(Float32Array.from([0, 1]), 2, 1, 4, 1)
    expect(Array.from(up)).toEqual([0, 0.25, 0.75, 1])
  })
})
