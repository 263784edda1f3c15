// A garment region is "the person's mask inside some body-aligned rectangles, minus the hands": plain data
// that the region rules build, the sticker cutter applies, and tests can write by hand. These helpers
// measure a region on the mask and the photo (its opaque box, coverage and mean colour).
import type { PixelRect, RgbImage } from './imageInput'
import { rgbToOklab, type Oklab } from './oklab'

/** Half-open pixel rectangle [x0, x1) × [y0, y1). */
export interface Rect {
  x0: number
  y0: number
  x1: number
  y1: number
}

export interface Disc {
  x: number
  y: number
  r: number
}

export interface RegionShape {
  /** The union of these rectangles … */
  windows: Rect[]
  /** … minus these discs (hands, which are skin, not garment). */
  exclude: Disc[]
}

/** Foreground is alpha above this (the same threshold as the IoU scoring). */
export const FOREGROUND_ALPHA = 127

function clampRect(rect: Rect, width: number, height: number): Rect {
  const x0 = Math.max(0, Math.min(width, Math.floor(rect.x0)))
  const y0 = Math.max(0, Math.min(height, Math.floor(rect.y0)))
  return {
    x0,
    y0,
    x1: Math.max(x0, Math.min(width, Math.ceil(rect.x1))),
    y1: Math.max(y0, Math.min(height, Math.ceil(rect.y1))),
  }
}

/** Discs of radius r every r/2 along a polyline, from distance `from` to its end (a limb to cut away). */
export function discsAlong(path: { x: number; y: number }[], from: number, r: number): Disc[] {
  const discs: Disc[] = []
  let travelled = 0
  for (let i = 0; i < path.length - 1; i++) {
    const a = path[i]!
    const b = path[i + 1]!
    const length = Math.hypot(b.x - a.x, b.y - a.y)
    if (length === 0) continue
    for (let d = Math.max(0, from - travelled); d <= length; d += r / 2) {
      discs.push({ x: a.x + ((b.x - a.x) * d) / length, y: a.y + ((b.y - a.y) * d) / length, r })
    }
    travelled += length
  }
  return discs
}

function inDisc(discs: Disc[], x: number, y: number): boolean {
  for (const d of discs) if ((x - d.x) ** 2 + (y - d.y) ** 2 <= d.r * d.r) return true
  return false
}

export function inShape(shape: RegionShape, x: number, y: number): boolean {
  let inside = false
  for (const w of shape.windows) {
    if (x >= w.x0 && x < w.x1 && y >= w.y0 && y < w.y1) {
      inside = true
      break
    }
  }
  return inside && !inDisc(shape.exclude, x, y)
}

export interface ShapeMeasure {
  /** Bounding box of the foreground pixels inside the shape, or null when there are none. */
  box: PixelRect | null
  /** Foreground pixels inside the shape. */
  count: number
  /** Pixels of the shape's windows (overlaps counted once). */
  area: number
}

/** Where the foreground inside a shape is, and how much of the shape it fills. */
export function measureShape(
  alpha: Uint8Array,
  width: number,
  height: number,
  shape: RegionShape,
): ShapeMeasure {
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  let count = 0
  let area = 0
  const bounds = shapeBounds(shape, width, height)
  for (let y = bounds.y0; y < bounds.y1; y++) {
    for (let x = bounds.x0; x < bounds.x1; x++) {
      if (!inShape(shape, x, y)) continue
      area++
      if (alpha[y * width + x]! <= FOREGROUND_ALPHA) continue
      count++
      if (x < x0) x0 = x
      if (x > x1) x1 = x
      if (y < y0) y0 = y
      if (y > y1) y1 = y
    }
  }
  const box = count > 0 ? { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 } : null
  return { box, count, area }
}

/** The rectangle enclosing all of a shape's windows, inside the image. */
export function shapeBounds(shape: RegionShape, width: number, height: number): Rect {
  const union = shape.windows.reduce(
    (u, w) => ({
      x0: Math.min(u.x0, w.x0),
      y0: Math.min(u.y0, w.y0),
      x1: Math.max(u.x1, w.x1),
      y1: Math.max(u.y1, w.y1),
    }),
    { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity },
  )
  if (shape.windows.length === 0) return { x0: 0, y0: 0, x1: 0, y1: 0 }
  return clampRect(union, width, height)
}

export interface PatchColour {
  /** Mean OKLab of the foreground pixels, or null when there are none. */
  lab: Oklab | null
  /** Fraction of the rectangle's (non-excluded) pixels that are foreground. */
  coverage: number
}

/** Mean colour and foreground coverage of one rectangle of the photo (hands excluded). */
export function patchColour(
  image: RgbImage,
  alpha: Uint8Array,
  rect: Rect,
  exclude: Disc[] = [],
): PatchColour {
  const r = clampRect(rect, image.width, image.height)
  let L = 0
  let a = 0
  let b = 0
  let count = 0
  let area = 0
  // Every pixel of small patches, a regular subsample of big ones: a mean needs a few thousand pixels.
  const step = Math.max(1, Math.floor(Math.sqrt(((r.x1 - r.x0) * (r.y1 - r.y0)) / 4000)))
  for (let y = r.y0; y < r.y1; y += step) {
    for (let x = r.x0; x < r.x1; x += step) {
      if (inDisc(exclude, x, y)) continue
      area++
      const i = y * image.width + x
      if (alpha[i]! <= FOREGROUND_ALPHA) continue
      const lab = rgbToOklab(image.data[i * 3]!, image.data[i * 3 + 1]!, image.data[i * 3 + 2]!)
      L += lab.L
      a += lab.a
      b += lab.b
      count++
    }
  }
  return {
    lab: count > 0 ? { L: L / count, a: a / count, b: b / count } : null,
    coverage: area > 0 ? count / area : 0,
  }
}
