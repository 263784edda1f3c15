// A best guess at what a lone garment is (no person in the photo, e.g. a T-shirt laid flat or a shoe on a
// table) from its silhouette alone: sleeves make the top wider than the hem, trousers split into two legs,
// a dress is tall and flares, a shoe is long and low. There is no classifier (reference §4), so the
// confidence stays at or below 0.5 and the app asks the user to confirm.
import type { DetectedCategory } from './types'

export interface SilhouetteGuess {
  category: DetectedCategory
  confidence: number
  /** Which rule decided, for logs and tests. */
  reason: string
}

/** Width of the silhouette (first to last opaque pixel) in rows at these fractions of its height. */
function widthAt(mask: Uint8Array, w: number, h: number, fraction: number): number {
  const y = Math.min(h - 1, Math.max(0, Math.round(fraction * (h - 1))))
  let first = -1
  let last = -1
  for (let x = 0; x < w; x++) {
    if (mask[y * w + x]) {
      if (first < 0) first = x
      last = x
    }
  }
  return first < 0 ? 0 : last - first + 1
}

/** Fraction of rows in [from, to) (fractions of height) with a background gap in their middle third. */
function gapRows(mask: Uint8Array, w: number, h: number, from: number, to: number): number {
  let rows = 0
  let gaps = 0
  for (let y = Math.round(from * h); y < Math.round(to * h); y++) {
    rows++
    let first = -1
    let last = -1
    for (let x = 0; x < w; x++) {
      if (mask[y * w + x]) {
        if (first < 0) first = x
        last = x
      }
    }
    if (first < 0) continue
    const span = last - first + 1
    let run = 0
    let longest = 0
    for (let x = first + Math.floor(span / 3); x < first + Math.ceil((2 * span) / 3); x++) {
      run = mask[y * w + x] ? 0 : run + 1
      longest = Math.max(longest, run)
    }
    if (longest >= Math.max(2, span * 0.05)) gaps++
  }
  return rows > 0 ? gaps / rows : 0
}

/**
 * `mask` is 1 for the garment's pixels, cropped to its bounding box (w × h).
 * Rules, in order: two legs → bottom; long and low → footwear; sleeves wider than the hem → top;
 * tall and flaring → dress; wide at the hem and short → bottom (a skirt); otherwise top, barely.
 */
export function silhouetteCategory(mask: Uint8Array, w: number, h: number): SilhouetteGuess {
  const aspect = h / Math.max(1, w)
  const upper = Math.max(widthAt(mask, w, h, 0.2), widthAt(mask, w, h, 0.3))
  const middle = widthAt(mask, w, h, 0.5)
  const lower = widthAt(mask, w, h, 0.85)
  const legs = gapRows(mask, w, h, 0.6, 0.95)
  if (legs >= 0.6 && aspect >= 0.9) return { category: 'bottom', confidence: 0.5, reason: 'two legs' }
  if (aspect < 0.75 && lower >= upper)
    return { category: 'footwear', confidence: 0.35, reason: 'long and low' }
  if (upper >= 1.25 * lower && aspect < 1.4)
    return { category: 'top', confidence: 0.45, reason: 'sleeves wider than the hem' }
  if (aspect >= 1.15 && lower >= 1.15 * middle)
    return { category: 'dress', confidence: 0.4, reason: 'tall and flaring' }
  if (lower >= 1.2 * upper && aspect < 1.15)
    return { category: 'bottom', confidence: 0.35, reason: 'flaring and short (a skirt)' }
  return { category: 'top', confidence: 0.2, reason: 'no clear shape' }
}
