// Where one garment ends and the next begins along the body: the mean colour of each row of a strip (the
// middle of the torso), or of small patches stepped along a limb (hip → knee → ankle, at any angle), then
// either the best single split (the waistline between a top and a bottom) or the first lasting change from
// a reference colour (a hem, where shorts give way to legs).
import type { RgbImage } from './imageInput'
import { oklabDistance, type Oklab } from './oklab'
import { patchColour, type Disc } from './regionShape'

export interface RowColour {
  /** Position along the profile: the row for a strip, the distance from the start for a path. */
  at: number
  x: number
  y: number
  /** Mean colour of the strip's foreground in this row; null when the row is (almost) background. */
  lab: Oklab | null
  coverage: number
}

/** A horizontal strip's colour per row, rows y0..y1 (exclusive), x from `left(y)` to `right(y)`. */
export function stripProfile(
  image: RgbImage,
  alpha: Uint8Array,
  y0: number,
  y1: number,
  span: (y: number) => [number, number],
  exclude: Disc[],
): RowColour[] {
  const rows: RowColour[] = []
  const from = Math.max(0, Math.floor(y0))
  const to = Math.min(image.height, Math.ceil(y1))
  for (let y = from; y < to; y++) {
    const [x0, x1] = span(y)
    const { lab, coverage } = patchColour(
      image,
      alpha,
      { x0, x1: Math.max(x0 + 1, x1), y0: y, y1: y + 1 },
      exclude,
    )
    rows.push({ at: y, x: (x0 + x1) / 2, y, lab: coverage >= 0.3 ? lab : null, coverage })
  }
  return rows
}

/**
 * Square patches of half-size `half` every `step` px along a polyline (a limb at any angle), each with the
 * mean colour of its foreground.
 */
export function pathProfile(
  image: RgbImage,
  alpha: Uint8Array,
  path: { x: number; y: number }[],
  step: number,
  half: number,
  exclude: Disc[],
): RowColour[] {
  const samples: RowColour[] = []
  let travelled = 0
  for (let i = 0; i < path.length - 1; i++) {
    const a = path[i]!
    const b = path[i + 1]!
    const length = Math.hypot(b.x - a.x, b.y - a.y)
    const first = Math.ceil(travelled / step) * step - travelled
    for (let d = first; d < length; d += step) {
      const x = a.x + ((b.x - a.x) * d) / length
      const y = a.y + ((b.y - a.y) * d) / length
      const { lab, coverage } = patchColour(
        image,
        alpha,
        { x0: x - half, x1: x + half, y0: y - half, y1: y + half },
        exclude,
      )
      samples.push({ at: travelled + d, x, y, lab: coverage >= 0.3 ? lab : null, coverage })
    }
    travelled += length
  }
  return samples
}

export function meanOfRows(rows: RowColour[]): Oklab | null {
  let L = 0
  let a = 0
  let b = 0
  let n = 0
  for (const row of rows) {
    if (!row.lab) continue
    L += row.lab.L
    a += row.lab.a
    b += row.lab.b
    n++
  }
  return n > 0 ? { L: L / n, a: a / n, b: b / n } : null
}

export interface Split {
  /** Position (`at`) of the first sample of the lower part. */
  at: number
  above: Oklab
  below: Oklab
  /** OKLab distance between the two parts' mean colours. */
  contrast: number
}

/**
 * The row that best splits the strip into two uniformly coloured parts (least squared error of a
 * two-segment fit, O(rows) with prefix sums). Needs at least `minPart` coloured rows on each side.
 */
export function bestSplit(rows: RowColour[], minPart = 3): Split | null {
  const coloured = rows.filter((r): r is RowColour & { lab: Oklab } => r.lab !== null)
  const n = coloured.length
  if (n < 2 * minPart) return null
  const prefix = [{ L: 0, a: 0, b: 0, q: 0 }]
  for (const { lab } of coloured) {
    const p = prefix[prefix.length - 1]!
    prefix.push({
      L: p.L + lab.L,
      a: p.a + lab.a,
      b: p.b + lab.b,
      q: p.q + lab.L ** 2 + lab.a ** 2 + lab.b ** 2,
    })
  }
  const segment = (i: number, j: number) => {
    const p = prefix[j]!
    const o = prefix[i]!
    const count = j - i
    const mean = { L: (p.L - o.L) / count, a: (p.a - o.a) / count, b: (p.b - o.b) / count }
    const error = p.q - o.q - count * (mean.L ** 2 + mean.a ** 2 + mean.b ** 2)
    return { mean, error }
  }
  let best: Split | null = null
  let bestError = Infinity
  for (let k = minPart; k <= n - minPart; k++) {
    const top = segment(0, k)
    const bottom = segment(k, n)
    if (top.error + bottom.error < bestError) {
      bestError = top.error + bottom.error
      best = {
        at: coloured[k]!.at,
        above: top.mean,
        below: bottom.mean,
        contrast: oklabDistance(top.mean, bottom.mean),
      }
    }
  }
  return best
}

/**
 * The first sample, walking along the profile, from which the colour stays at least `threshold` away from
 * `reference` (or turns to background) over a stretch of `run` (in `at` units); null when it never does.
 */
export function firstLastingChange(
  rows: RowColour[],
  reference: Oklab,
  threshold: number,
  run: number,
): RowColour | null {
  let start: RowColour | null = null
  for (const row of rows) {
    const changed = !row.lab || oklabDistance(row.lab, reference) >= threshold
    if (!changed) {
      start = null
      continue
    }
    start ??= row
    if (row.at - start.at >= run) return start
  }
  return null
}
