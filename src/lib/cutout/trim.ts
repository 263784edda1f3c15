// The visible part of a cut-out: the photo's pixels with the refined mask as alpha, trimmed to what can be
// seen. Shared by the server's stickers (which also limit it to one garment's region) and the device's
// cut-outs, so both trim at the same alpha and land on the same box.
import type { RgbImage } from './types'

/** Alpha below this is invisible on any background; it is zeroed so faint haze does not widen the trim. */
const VISIBLE_ALPHA = 8

/** A rectangle in pixels of an image; x and y are its top-left corner. */
export interface PixelRect {
  x: number
  y: number
  width: number
  height: number
}

export interface TrimmedPixels {
  /** RGBA, width × height × 4, before any downscaling. */
  rgba: Uint8Array
  width: number
  height: number
  /** Where these pixels are in the image. */
  rect: PixelRect
}

/** A part of the image to keep: its bounds (x1, y1 exclusive) and which pixels inside them belong to it. */
export interface TrimRegion {
  bounds: { x0: number; y0: number; x1: number; y1: number }
  inside(x: number, y: number): boolean
}

/**
 * The visible pixels of `alpha` (inside `region`, all of the image when absent), trimmed. Returns null when
 * nothing is visible.
 */
export function trimmedRgba(image: RgbImage, alpha: Uint8Array, region?: TrimRegion): TrimmedPixels | null {
  const { width, height } = image
  const bounds = region?.bounds ?? { x0: 0, y0: 0, x1: width, y1: height }
  const keep = (x: number, y: number) =>
    alpha[y * width + x]! >= VISIBLE_ALPHA && (!region || region.inside(x, y))
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  for (let y = bounds.y0; y < bounds.y1; y++) {
    for (let x = bounds.x0; x < bounds.x1; x++) {
      if (!keep(x, y)) continue
      if (x < x0) x0 = x
      if (x > x1) x1 = x
      if (y < y0) y0 = y
      if (y > y1) y1 = y
    }
  }
  if (x1 < x0) return null
  const rect = { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 }
  const rgba = new Uint8Array(rect.width * rect.height * 4)
  for (let y = 0; y < rect.height; y++) {
    for (let x = 0; x < rect.width; x++) {
      const sx = rect.x + x
      const sy = rect.y + y
      const s = sy * width + sx
      const d = (y * rect.width + x) * 4
      rgba[d] = image.data[s * 3]!
      rgba[d + 1] = image.data[s * 3 + 1]!
      rgba[d + 2] = image.data[s * 3 + 2]!
      rgba[d + 3] = keep(sx, sy) ? alpha[s]! : 0
    }
  }
  return { rgba, width: rect.width, height: rect.height, rect }
}

/** Percentages of an image, as a cut-out's box is stored (unrounded, so pixel positions can be recovered). */
export interface BoxPercent {
  x: number
  y: number
  width: number
  height: number
}

/** A box in pixels of an image → percentages of it. */
export function toBoxPercent(rect: PixelRect, width: number, height: number): BoxPercent {
  return {
    x: (rect.x / width) * 100,
    y: (rect.y / height) * 100,
    width: (rect.width / width) * 100,
    height: (rect.height / height) * 100,
  }
}
