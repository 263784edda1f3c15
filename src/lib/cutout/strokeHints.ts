// A person's Keep and Remove strokes as hints to the cut-out, not paint. On the model's 320×320 grid the
// strokes become fixed foreground and background (only where the stroked colour agrees, so a stroke that
// spills over the garment's edge does not drag the other side along), spread from there through
// neighbouring cells of the same colours, and only then does the usual guided-filter refinement bring the
// mask to the photo's size along the photo's own edges. So a rough stroke snaps to the garment's edge. The
// model never runs again, and only what a stroke reaches is refined again (the cells it changed, grown by
// the filter's windows, and the pixels over them): a stroke costs a few cheap passes over 102k cells plus
// the filter on its own neighbourhood, and the rest of the cut-out stays byte for byte as it was. What
// depends on the model's grid alone (the guide's planes, window means and covariance inverses, the colour
// bins, the stroke-free cut-out) can be prepared once per photo (`prepareHints`), as the editor's session
// does; the result is the same.
import type { LowResMask, RgbImage } from './types'
import {
  DEFAULT_REFINEMENT,
  applyCoefficients,
  applyCoefficientsIn,
  coefficientsFor,
  coefficientsIn,
  planes,
  prepareGuide,
  refineMask,
  type CellRect,
  type Coefficients,
  type PreparedGuide,
  type RefineOptions,
} from './refineMask'

export interface Stroke {
  mode: 'keep' | 'remove'
  /** The brush's radius in photo pixels. */
  radius: number
  /** x, y pairs in photo pixels (of the image the mask is refined for), in drawing order. */
  points: ArrayLike<number>
}

const KEEP = 1
const REMOVE = -1
/** Weight of a cell the model is already sure of, against 1 for a stroked cell, in the colour model. */
const SURE_WEIGHT = 0.05
const SURE = 0.95
const PRIOR = 1e-3
/** How far the strokes' colours may spread beyond the stroke, in brush radii. */
const REACH = 3
/** Guided-filter passes on the grid that carry the fixed cells along the photo's edges. */
const PROPAGATION_PASSES = 1

/** What the strokes' refinement needs of one model view whatever the strokes: made once per photo. */
export interface PreparedHints {
  mask: LowResMask
  options: RefineOptions
  guide: PreparedGuide
  /** Each grid cell's colour bin (4 bits per channel). */
  bins: Uint16Array
  /** The probability the strokes start from: the model's, or what an earlier cut-out kept of it. */
  start: Float32Array
  /** The start's guided-filter coefficients, once asked for. */
  startCoefficients?: Coefficients
  /** The cut-out with no strokes, per image it was refined for (the preview's, the working size's). */
  strokeFree: WeakMap<RgbImage, Uint8Array>
}

/**
 * `start` (size² values 0..1) is a cut-out to start from instead of the model's, as a garment cut from an
 * outfit photo starts from its extracted picture: strokes change it, and the model's view still says what
 * is background (a cell outside the start that the model sees as foreground counts as neither side).
 */
export function prepareHints(
  mask: LowResMask,
  options: RefineOptions = DEFAULT_REFINEMENT,
  start: Float32Array = mask.probability,
): PreparedHints {
  const cells = mask.size * mask.size
  if (start.length !== cells) throw new Error('The starting cut-out is not on the model’s grid')
  const guide = prepareGuide(planes(mask.guide, cells), mask.size, mask.size, options.radius, options.epsilon)
  return { mask, options, guide, bins: colourBins(mask), start, strokeFree: new WeakMap() }
}

/**
 * The refined alpha (0..255 per pixel, at the image's size) with the strokes applied in order (a later
 * stroke wins where they overlap). With no strokes it is exactly `refineMask` (or `base`, when given).
 * Only what the strokes can reach is refined again: the cells the strokes changed, grown by the guided
 * filter's reach (two windows per pass), and the pixels those cells cover; everywhere else the cut-out is
 * kept as it was, so a stroke does not soften straight edges elsewhere. The filter is linear in the mask,
 * so the strokes' change is filtered on its own and added to the cut-out it starts from. `prepared` (from
 * `prepareHints` on the same mask and options) saves the work that does not depend on the strokes, and
 * keeps the stroke-free cut-out per image. `base` (the image's size) is a cut-out to change instead of the
 * refinement of the start, as a garment's own picture: strokes move it by what they move the refinement.
 */
export function refineWithHints(
  mask: LowResMask,
  image: RgbImage,
  strokes: readonly Stroke[],
  options: RefineOptions = DEFAULT_REFINEMENT,
  prepared?: PreparedHints,
  base?: Uint8Array,
): Uint8Array {
  if (prepared && (prepared.mask !== mask || prepared.options !== options)) {
    throw new Error('The prepared hints are for another mask or other options')
  }
  if (base && base.length !== image.width * image.height) throw new Error('The base cut-out is not the image’s size')
  if (strokes.length === 0 && base) return base.slice()
  const modelGrid = options.method === 'guided' && options.grid === 'model'
  const start = prepared?.start ?? mask.probability
  if (strokes.length === 0 && !(prepared && modelGrid)) {
    return refineMask(start === mask.probability ? mask : { ...mask, probability: start }, image, options)
  }
  const n = mask.size
  const ready = prepared ?? prepareHints(mask, options)
  // refineMask's own steps on the model's grid, with the guide prepared.
  const before = base ?? strokeFree(ready, image)
  if (strokes.length === 0) return before.slice()
  const hints = rasterise(strokes, n, image.width, image.height)
  const likelihood = colourLikelihood(mask, ready.bins, hints, start)
  const fixed = new Int8Array(n * n)
  for (let i = 0; i < n * n; i++) {
    if (hints[i] === KEEP && likelihood[i]! >= 0.5) fixed[i] = KEEP
    else if (hints[i] === REMOVE && likelihood[i]! <= 0.5) fixed[i] = REMOVE
  }
  const reach = Math.ceil(REACH * gridRadius(strokes, n, image.width, image.height))
  const p = Float32Array.from(start)
  spread(fixed, likelihood, p, n, reach, KEEP)
  spread(fixed, likelihood, p, n, reach, REMOVE)
  imposeFixed(fixed, p)
  let changed = changedCells(p, start, n)
  if (!changed) return before.slice()
  const r = options.radius
  const guide = ready.guide.guide
  for (let pass = 0; pass < PROPAGATION_PASSES; pass++) {
    // p ← start + guided(p − start): the change carried along the photo's edges, the rest left as it is.
    const rect = grow(changed, 3 * r, n)
    const c = coefficientsIn(ready.guide, changeIn(p, start, rect, n), rect)
    const reached = grow(changed, 2 * r, n)
    const rw = rect.x1 - rect.x0
    for (let y = reached.y0; y < reached.y1; y++) {
      for (let x = reached.x0; x < reached.x1; x++) {
        const i = y * n + x
        const k = (y - rect.y0) * rw + (x - rect.x0)
        p[i] = start[i]! + c.a[0][k]! * guide[0][i]! + c.a[1][k]! * guide[1][i]! + c.a[2][k]! * guide[2][i]! + c.b[k]!
      }
    }
    imposeFixed(fixed, p)
    changed = reached
  }
  const rect = grow(changed, 3 * r, n)
  const delta = coefficientsIn(ready.guide, changeIn(p, start, rect, n), rect)
  const out = before.slice()
  applyCoefficientsIn(startCoefficients(ready), delta, rect, n, n, image, options.gain, out, base)
  return out
}

/** The refinement of the start at this image's size, made once per image a session shows. */
function strokeFree(ready: PreparedHints, image: RgbImage): Uint8Array {
  let alpha = ready.strokeFree.get(image)
  if (!alpha) {
    alpha = new Uint8Array(image.width * image.height)
    applyCoefficients(startCoefficients(ready), ready.mask.size, ready.mask.size, image, ready.options.gain, alpha)
    ready.strokeFree.set(image, alpha)
  }
  return alpha
}

function startCoefficients(ready: PreparedHints): Coefficients {
  return (ready.startCoefficients ??= coefficientsFor(ready.guide, ready.start))
}

/** The bounding rectangle of the cells where `p` differs from `start`, or null when none does. */
function changedCells(p: Float32Array, start: Float32Array, n: number): CellRect | null {
  let x0 = n
  let y0 = n
  let x1 = -1
  let y1 = -1
  for (let y = 0; y < n; y++) {
    for (let x = 0, i = y * n; x < n; x++, i++) {
      if (p[i] === start[i]) continue
      if (x < x0) x0 = x
      if (x > x1) x1 = x
      if (y < y0) y0 = y
      y1 = y
    }
  }
  return x1 < 0 ? null : { x0, y0, x1: x1 + 1, y1: y1 + 1 }
}

function grow(rect: CellRect, by: number, n: number): CellRect {
  return {
    x0: Math.max(0, rect.x0 - by),
    y0: Math.max(0, rect.y0 - by),
    x1: Math.min(n, rect.x1 + by),
    y1: Math.min(n, rect.y1 + by),
  }
}

/** p − start on `rect`'s cells, row-major. */
function changeIn(p: Float32Array, start: Float32Array, rect: CellRect, n: number): Float32Array {
  const rw = rect.x1 - rect.x0
  const d = new Float32Array(rw * (rect.y1 - rect.y0))
  for (let y = rect.y0, k = 0; y < rect.y1; y++) {
    for (let x = rect.x0, i = y * n + x; x < rect.x1; x++, i++, k++) d[k] = p[i]! - start[i]!
  }
  return d
}

/** Keep (+1) / remove (−1) per grid cell: each stroke a chain of capsules, later strokes over earlier. */
function rasterise(strokes: readonly Stroke[], n: number, width: number, height: number): Int8Array {
  const hints = new Int8Array(n * n)
  const sx = n / width
  const sy = n / height
  for (const stroke of strokes) {
    const value = stroke.mode === 'keep' ? KEEP : REMOVE
    const r = Math.max(0.5, stroke.radius)
    const pts = stroke.points
    const count = Math.floor(pts.length / 2)
    for (let k = 0; k < count; k++) {
      const ax = pts[2 * k]!
      const ay = pts[2 * k + 1]!
      const bx = k + 1 < count ? pts[2 * k + 2]! : ax
      const by = k + 1 < count ? pts[2 * k + 3]! : ay
      // The cell under the point itself, however small the brush.
      const cx = Math.min(n - 1, Math.max(0, Math.floor(ax * sx)))
      const cy = Math.min(n - 1, Math.max(0, Math.floor(ay * sy)))
      hints[cy * n + cx] = value
      const gx0 = Math.max(0, Math.floor((Math.min(ax, bx) - r) * sx))
      const gx1 = Math.min(n - 1, Math.ceil((Math.max(ax, bx) + r) * sx))
      const gy0 = Math.max(0, Math.floor((Math.min(ay, by) - r) * sy))
      const gy1 = Math.min(n - 1, Math.ceil((Math.max(ay, by) + r) * sy))
      const dx = bx - ax
      const dy = by - ay
      const length2 = dx * dx + dy * dy
      for (let gy = gy0; gy <= gy1; gy++) {
        const py = (gy + 0.5) / sy
        for (let gx = gx0; gx <= gx1; gx++) {
          const px = (gx + 0.5) / sx
          const t = length2 > 0 ? Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / length2)) : 0
          const ex = px - (ax + t * dx)
          const ey = py - (ay + t * dy)
          if (ex * ex + ey * ey <= r * r) hints[gy * n + gx] = value
        }
      }
    }
  }
  return hints
}

/** The largest brush, in grid cells (the grid is squeezed, so the finer axis counts). */
function gridRadius(strokes: readonly Stroke[], n: number, width: number, height: number): number {
  const scale = Math.max(n / width, n / height)
  return Math.max(1, ...strokes.map((s) => s.radius * scale))
}

/** Each grid cell's colour, 4 bits per channel. */
function colourBins(mask: LowResMask): Uint16Array {
  const cells = mask.size * mask.size
  const bins = new Uint16Array(cells)
  const g = mask.guide
  for (let i = 0; i < cells; i++) {
    bins[i] = ((g[i * 3]! >> 4) << 8) | ((g[i * 3 + 1]! >> 4) << 4) | (g[i * 3 + 2]! >> 4)
  }
  return bins
}

/**
 * Per cell, how much its colour (4 bits per channel) looks like what was kept rather than removed: stroked
 * cells count fully, cells the starting cut-out is sure of a little (a cell it leaves out counts as
 * background only where the model agrees). A colour seen on neither side keeps the starting probability.
 */
function colourLikelihood(mask: LowResMask, bins: Uint16Array, hints: Int8Array, start: Float32Array): Float32Array {
  const cells = mask.size * mask.size
  const fore = new Float32Array(4096)
  const back = new Float32Array(4096)
  for (let i = 0; i < cells; i++) {
    const p = start[i]!
    const bin = bins[i]!
    if (hints[i] === KEEP) fore[bin] = fore[bin]! + 1
    else if (hints[i] === REMOVE) back[bin] = back[bin]! + 1
    if (p > SURE && hints[i] !== REMOVE) fore[bin] = fore[bin]! + SURE_WEIGHT
    else if (p < 1 - SURE && mask.probability[i]! < 1 - SURE && hints[i] !== KEEP) back[bin] = back[bin]! + SURE_WEIGHT
  }
  const likelihood = new Float32Array(cells)
  for (let i = 0; i < cells; i++) {
    const f = fore[bins[i]!]!
    const b = back[bins[i]!]!
    likelihood[i] = f + b === 0 ? start[i]! : (f + PRIOR) / (f + b + 2 * PRIOR)
  }
  return likelihood
}

/**
 * From the fixed cells of one side, a breadth-first walk through 8-neighbours whose colour leans the same
 * way, at most `reach` steps: those cells move towards their colour's likelihood (up for keep, down for
 * remove), so the stroke fills out to the edge where the colour changes.
 */
function spread(
  fixed: Int8Array,
  likelihood: Float32Array,
  p: Float32Array,
  n: number,
  reach: number,
  side: number,
): void {
  const depth = new Int32Array(n * n).fill(-1)
  const queue = new Int32Array(n * n)
  let head = 0
  let tail = 0
  for (let i = 0; i < n * n; i++) {
    if (fixed[i] === side) {
      depth[i] = 0
      queue[tail++] = i
    }
  }
  const leans = (i: number) => (side === KEEP ? likelihood[i]! >= 0.5 : likelihood[i]! <= 0.5)
  while (head < tail) {
    const i = queue[head++]!
    const d = depth[i]!
    if (fixed[i] !== side)
      p[i] = side === KEEP ? Math.max(p[i]!, likelihood[i]!) : Math.min(p[i]!, likelihood[i]!)
    if (d >= reach) continue
    const x = i % n
    const y = (i - x) / n
    for (let oy = -1; oy <= 1; oy++) {
      const yy = y + oy
      if (yy < 0 || yy >= n) continue
      for (let ox = -1; ox <= 1; ox++) {
        const xx = x + ox
        if (xx < 0 || xx >= n || (ox === 0 && oy === 0)) continue
        const j = yy * n + xx
        if (depth[j] !== -1 || fixed[j] === -side || !leans(j)) continue
        depth[j] = d + 1
        queue[tail++] = j
      }
    }
  }
}

function imposeFixed(fixed: Int8Array, p: Float32Array): void {
  for (let i = 0; i < fixed.length; i++) {
    if (fixed[i] === KEEP) p[i] = 1
    else if (fixed[i] === REMOVE) p[i] = 0
  }
}
