import { describe, expect, it } from 'vitest'
import { refineMask } from '@/lib/cutout/refineMask'
import { downscaleToFit } from '@/lib/cutout/squeeze'
import type { LowResMask, RgbImage } from '@/lib/cutout/types'
import { refineWithHints } from '@/lib/cutout/strokeHints'
import { createEditSession, previewPixels, renderAlpha, scaleStrokes } from './editSession'

// A 320×240 photo of a red disc on green, and a model's view of it that is right (a soft edge): enough to
// see that a session previews and renders what the shared refinement makes, and where a stroke lands.
const WIDTH = 320
const HEIGHT = 240
const GRID = 320
const inDisc = (x: number, y: number) => Math.hypot(x - 160, y - 120) <= 90

function photo(): RgbImage {
  const data = new Uint8Array(WIDTH * HEIGHT * 3)
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) data.set(inDisc(x + 0.5, y + 0.5) ? [200, 40, 50] : [60, 150, 70], (y * WIDTH + x) * 3)
  return { data, width: WIDTH, height: HEIGHT }
}

function modelView(image: RgbImage): LowResMask {
  const probability = new Float32Array(GRID * GRID)
  const guide = new Uint8Array(GRID * GRID * 3)
  for (let gy = 0; gy < GRID; gy++) {
    for (let gx = 0; gx < GRID; gx++) {
      const x = ((gx + 0.5) * WIDTH) / GRID
      const y = ((gy + 0.5) * HEIGHT) / GRID
      probability[gy * GRID + gx] = 1 / (1 + Math.exp((Math.hypot(x - 160, y - 120) - 90) / 2))
      const s = (Math.floor(y) * WIDTH + Math.floor(x)) * 3
      guide.set(image.data.subarray(s, s + 3), (gy * GRID + gx) * 3)
    }
  }
  return { probability, guide, size: GRID }
}

const alphaAt = (rgba: Uint8ClampedArray, width: number, x: number, y: number) => rgba[(y * width + x) * 4 + 3]!

describe('an editor session', () => {
  const image = photo()
  const mask = modelView(image)
  const session = createEditSession(image, mask, 160)

  it('previews the model’s cut-out at the preview size, exactly as the refinement makes it', () => {
    const { width, height, rgba } = previewPixels(session, [])
    expect([width, height]).toEqual([160, 120])
    const expected = refineMask(mask, downscaleToFit(image, 160))
    expect(Uint8Array.from({ length: width * height }, (_, i) => rgba[i * 4 + 3]!)).toEqual(expected)
    // The colours are the photo's.
    expect([...rgba.subarray(0, 3)]).toEqual([...session.preview.data.subarray(0, 3)])
  })

  it('renders at the working size with no strokes as the model made it', () => {
    expect(renderAlpha(session, [])).toEqual(refineMask(mask, image))
  })

  it('removes under a Remove stroke given in working-image pixels, in the preview and the render', () => {
    const stroke = { mode: 'remove' as const, radius: 15, points: Float32Array.of(125, 120, 195, 120) }
    const before = previewPixels(session, [])
    const after = previewPixels(session, [stroke])
    expect(alphaAt(before.rgba, 160, 80, 60)).toBe(255)
    expect(alphaAt(after.rgba, 160, 80, 60)).toBe(0)
    // Far from the stroke, the disc stays.
    expect(alphaAt(after.rgba, 160, 80, 25)).toBe(255)
    const full = renderAlpha(session, [stroke])
    expect(full[120 * WIDTH + 160]).toBe(0)
    expect(full[50 * WIDTH + 160]).toBe(255)
  })

  it('makes with its prepared grid exactly what the refinement makes from scratch, with strokes too', () => {
    const strokes = [
      { mode: 'remove' as const, radius: 15, points: Float32Array.of(125, 120, 195, 120) },
      { mode: 'keep' as const, radius: 8, points: Float32Array.of(160, 60, 170, 70) },
    ]
    expect(renderAlpha(session, strokes)).toEqual(refineWithHints(mask, image, strokes))
    const { rgba } = previewPixels(session, strokes)
    const expected = refineWithHints(mask, session.preview, scaleStrokes(strokes, 0.5))
    expect(Uint8Array.from({ length: 160 * 120 }, (_, i) => rgba[i * 4 + 3]!)).toEqual(expected)
  })

  it('scales strokes, points and brush alike, without changing the originals', () => {
    const stroke = { mode: 'keep' as const, radius: 10, points: Float32Array.of(100, 50) }
    const [scaled] = scaleStrokes([stroke], 0.5)
    expect(scaled).toEqual({ mode: 'keep', radius: 5, points: Float32Array.of(50, 25) })
    expect(stroke.points).toEqual(Float32Array.of(100, 50))
  })
})
