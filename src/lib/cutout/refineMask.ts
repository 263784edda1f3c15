// Brings the model's 320×320 mask up to the photo's resolution along the photo's own edges. Plain
// interpolation leaves soft, blocky borders (u2netp predicts at 320 px); a colour guided filter (He, Sun &
// Tang 2013, in its "fast" form: coefficients on a coarse grid, applied at full resolution) makes the alpha a
// local linear function of the photo's colour, so it steps where the photo steps. A gentle contrast curve
// around 0.5 then crisps the ramp without moving the 50 % line. Shared by the server and the device's
// cut-out worker, so a cut-out looks the same wherever it was made; strokeHints.ts builds on its steps.
import { boxMean } from './boxFilter'
import type { LowResMask, RgbImage } from './types'

type MaskRefinement = 'bilinear' | 'guided'

export interface RefineOptions {
  method: MaskRefinement
  /** Window radius in coefficient-grid pixels. */
  radius: number
  /** Regularisation: larger keeps the mask smoother, smaller follows weaker photo edges. */
  epsilon: number
  /**
   * Where the coefficients are computed: on the model's 320×320 view, or on the photo area-downsampled by an
   * integer factor to about this many pixels on its long side (the "fast" guided filter's subsampling).
   */
  grid: 'model' | number
  /** Slope of the contrast curve at 0.5 (1 = none). */
  gain: number
}

/**
 * Chosen on the composite set (scripts/vision-measure.ts; mean IoU / mean alpha error / CPU at ~800 px):
 * bilinear 0.9464 / 1.38 % / 9 ms; this 0.9499 / 1.05 % / 44 ms; the same filter on a 512 px grid of the
 * photo 0.9505 / 1.06 % / 64 ms. A 13×13 window on the model's grid moves misplaced edges onto the photo's
 * at two thirds of the cost; gain 2 halves the soft ramp.
 */
export const DEFAULT_REFINEMENT: RefineOptions = {
  method: 'guided',
  radius: 6,
  epsilon: 1e-4,
  grid: 'model',
  gain: 2,
}

/** The refined alpha (0..255, one byte per pixel) at the photo's size. */
export function refineMask(
  mask: LowResMask,
  image: RgbImage,
  options: RefineOptions = DEFAULT_REFINEMENT,
): Uint8Array {
  const { width, height } = image
  const out = new Uint8Array(width * height)
  if (options.method === 'bilinear') {
    const up = resizeBilinear(mask.probability, mask.size, mask.size, width, height)
    for (let i = 0; i < out.length; i++) out[i] = toByte(contrast(up[i]!, options.gain))
    return out
  }
  const grid = coefficientGrid(mask, image, options.grid)
  const coefficients = guidedCoefficients(
    grid.guide,
    grid.probability,
    grid.width,
    grid.height,
    options.radius,
    options.epsilon,
  )
  applyCoefficients(coefficients, grid.width, grid.height, image, options.gain, out)
  return out
}

interface Grid {
  /** Three planes R, G, B in 0..1. */
  guide: [Float32Array, Float32Array, Float32Array]
  probability: Float32Array
  width: number
  height: number
}

function coefficientGrid(mask: LowResMask, image: RgbImage, grid: RefineOptions['grid']): Grid {
  if (grid === 'model') {
    return {
      guide: planes(mask.guide, mask.size * mask.size),
      probability: mask.probability,
      width: mask.size,
      height: mask.size,
    }
  }
  const factor = Math.max(1, Math.round(Math.max(image.width, image.height) / grid))
  const width = Math.max(1, Math.floor(image.width / factor))
  const height = Math.max(1, Math.floor(image.height / factor))
  return {
    guide: planes(downsample(image, factor, width, height), width * height),
    probability: resizeBilinear(mask.probability, mask.size, mask.size, width, height),
    width,
    height,
  }
}

/** Interleaved RGB bytes → three float planes in 0..1. */
export function planes(rgb: Uint8Array, count: number): [Float32Array, Float32Array, Float32Array] {
  const r = new Float32Array(count)
  const g = new Float32Array(count)
  const b = new Float32Array(count)
  for (let i = 0; i < count; i++) {
    r[i] = rgb[i * 3]! / 255
    g[i] = rgb[i * 3 + 1]! / 255
    b[i] = rgb[i * 3 + 2]! / 255
  }
  return [r, g, b]
}

/** Area-average downsampling by an integer factor (the right edge's leftover pixels are dropped). */
function downsample(image: RgbImage, factor: number, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 3)
  const area = factor * factor
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0
      let g = 0
      let b = 0
      for (let dy = 0; dy < factor; dy++) {
        let i = ((y * factor + dy) * image.width + x * factor) * 3
        for (let dx = 0; dx < factor; dx++, i += 3) {
          r += image.data[i]!
          g += image.data[i + 1]!
          b += image.data[i + 2]!
        }
      }
      const o = (y * width + x) * 3
      out[o] = r / area
      out[o + 1] = g / area
      out[o + 2] = b / area
    }
  }
  return out
}

/** Per-pixel a (3 planes) and b of q = a·I + b, already averaged over the window (mean_a, mean_b). */
export interface Coefficients {
  a: [Float32Array, Float32Array, Float32Array]
  b: Float32Array
}

/** The colour guided filter's linear coefficients (He et al. 2013, eq. 14 and the averaging step). */
function guidedCoefficients(
  guide: [Float32Array, Float32Array, Float32Array],
  p: Float32Array,
  w: number,
  h: number,
  r: number,
  epsilon: number,
): Coefficients {
  return coefficientsFor(prepareGuide(guide, w, h, r, epsilon), p)
}

/**
 * What the guided filter needs of its guide alone: the guide's window means and, per pixel, the inverse of
 * its colour covariance Σ + εU (as adjugate entries and 1/det). Nine of the filter's seventeen window means
 * and its 3×3 solve depend on the guide only, so a caller that filters many masks with one guide (the
 * cut-out editor, once per stroke) prepares it once: `coefficientsFor` then gives exactly the same numbers.
 */
export interface PreparedGuide {
  guide: [Float32Array, Float32Array, Float32Array]
  w: number
  h: number
  r: number
  mR: Float32Array
  mG: Float32Array
  mB: Float32Array
  /** Adjugate of Σ + εU (symmetric: 00, 01, 02, 11, 12, 22) and 1/det, per pixel, in doubles as computed. */
  inverse: [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array]
  inverseDet: Float64Array
  /** Scratch planes `coefficientsFor` reuses (it runs to completion, so one set per guide is enough). */
  work: Record<(typeof WORK_PLANES)[number], Float32Array<ArrayBuffer>>
}

const WORK_PLANES = ['scratch', 'product', 'mP', 'mRP', 'mGP', 'mBP', 'aR', 'aG', 'aB', 'b'] as const

export function prepareGuide(
  guide: [Float32Array, Float32Array, Float32Array],
  w: number,
  h: number,
  r: number,
  epsilon: number,
): PreparedGuide {
  const n = w * h
  const scratch = new Float32Array(n)
  const mean = (src: Float32Array) => boxMean(src, w, h, r, new Float32Array(n), scratch)
  const productBuffer = new Float32Array(n)
  const product = (x: Float32Array, y: Float32Array) => {
    for (let i = 0; i < n; i++) productBuffer[i] = x[i]! * y[i]!
    return mean(productBuffer)
  }
  const [R, G, B] = guide
  const mR = mean(R)
  const mG = mean(G)
  const mB = mean(B)
  const mRR = product(R, R)
  const mRG = product(R, G)
  const mRB = product(R, B)
  const mGG = product(G, G)
  const mGB = product(G, B)
  const mBB = product(B, B)
  const inverse: PreparedGuide['inverse'] = [
    new Float64Array(n),
    new Float64Array(n),
    new Float64Array(n),
    new Float64Array(n),
    new Float64Array(n),
    new Float64Array(n),
  ]
  const [v00, v01, v02, v11, v12, v22] = inverse
  const inverseDet = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    const mr = mR[i]!
    const mg = mG[i]!
    const mb = mB[i]!
    // Σ + εU, symmetric 3×3; solved by its adjugate.
    const srr = mRR[i]! - mr * mr + epsilon
    const srg = mRG[i]! - mr * mg
    const srb = mRB[i]! - mr * mb
    const sgg = mGG[i]! - mg * mg + epsilon
    const sgb = mGB[i]! - mg * mb
    const sbb = mBB[i]! - mb * mb + epsilon
    const i00 = sgg * sbb - sgb * sgb
    const i01 = srb * sgb - srg * sbb
    const i02 = srg * sgb - srb * sgg
    v00[i] = i00
    v01[i] = i01
    v02[i] = i02
    v11[i] = srr * sbb - srb * srb
    v12[i] = srb * srg - srr * sgb
    v22[i] = srr * sgg - srg * srg
    inverseDet[i] = 1 / (srr * i00 + srg * i01 + srb * i02)
  }
  return {
    guide,
    w,
    h,
    r,
    mR,
    mG,
    mB,
    inverse,
    inverseDet,
    work: Object.fromEntries(WORK_PLANES.map((name) => [name, new Float32Array(n)])) as PreparedGuide['work'],
  }
}

/** The guided filter's coefficients for the mask `p` over a prepared guide (eight window means): the
 * windowed computation over the whole grid. */
export function coefficientsFor(prepared: PreparedGuide, p: Float32Array): Coefficients {
  return coefficientsIn(prepared, p, { x0: 0, y0: 0, x1: prepared.w, y1: prepared.h })
}

/** A rectangle of coefficient-grid cells; x1 and y1 are exclusive. */
export interface CellRect {
  x0: number
  y0: number
  x1: number
  y1: number
}

/**
 * The guided filter's coefficients (already window-averaged) for a mask change `d` that is zero outside
 * `rect` less 3r on each side (except where `rect` meets the grid's border), computed on `rect` alone
 * (`d` holds its cells, row-major). The filter is linear in the mask for a fixed guide, so these add to
 * the coefficients of the mask the change was made to. Both of the filter's windows around a cell within
 * 2r of the change stay inside `rect`, and farther out every window sees zeros, so clipping at `rect`'s
 * inner sides changes nothing: a change to a few cells costs a few cells' work, not the whole grid's.
 */
export function coefficientsIn(prepared: PreparedGuide, d: Float32Array, rect: CellRect): Coefficients {
  const { guide, w, r, mR, mG, mB, inverseDet } = prepared
  const [v00, v01, v02, v11, v12, v22] = prepared.inverse
  const rw = rect.x1 - rect.x0
  const rh = rect.y1 - rect.y0
  const n = rw * rh
  // The guide's scratch planes (full grid size) hold this rectangle's in-between planes: no allocation but
  // the four it returns.
  const work = (name: (typeof WORK_PLANES)[number]) => prepared.work[name].subarray(0, n)
  const scratch = work('scratch')
  const mean = (src: Float32Array, out: Float32Array = new Float32Array(n)) => boxMean(src, rw, rh, r, out, scratch)
  const [R, G, B] = guide
  const product = work('product')
  const meanTimes = (plane: Float32Array, out: Float32Array) => {
    for (let y = 0, k = 0; y < rh; y++) {
      for (let x = 0, i = (rect.y0 + y) * w + rect.x0; x < rw; x++, k++, i++) product[k] = plane[i]! * d[k]!
    }
    return mean(product, out)
  }
  const mP = mean(d, work('mP'))
  const mRP = meanTimes(R, work('mRP'))
  const mGP = meanTimes(G, work('mGP'))
  const mBP = meanTimes(B, work('mBP'))
  const aR = work('aR')
  const aG = work('aG')
  const aB = work('aB')
  const b = work('b')
  for (let y = 0, k = 0; y < rh; y++) {
    for (let x = 0, i = (rect.y0 + y) * w + rect.x0; x < rw; x++, k++, i++) {
      const mr = mR[i]!
      const mg = mG[i]!
      const mb = mB[i]!
      const mp = mP[k]!
      const cr = mRP[k]! - mr * mp
      const cg = mGP[k]! - mg * mp
      const cb = mBP[k]! - mb * mp
      const i01 = v01[i]!
      const i02 = v02[i]!
      const i12 = v12[i]!
      const inv = inverseDet[i]!
      const ar = (v00[i]! * cr + i01 * cg + i02 * cb) * inv
      const ag = (i01 * cr + v11[i]! * cg + i12 * cb) * inv
      const ab = (i02 * cr + i12 * cg + v22[i]! * cb) * inv
      aR[k] = ar
      aG[k] = ag
      aB[k] = ab
      b[k] = mp - ar * mr - ag * mg - ab * mb
    }
  }
  return { a: [mean(aR), mean(aG), mean(aB)], b: mean(b) }
}

/**
 * `applyCoefficients` for the coefficients `start` plus a change `delta` that lives on `rect` (from
 * `coefficientsIn`, and used up: without `base` the sum is made in its planes), written only for the
 * pixels whose samples fall in `rect`: `out` keeps the rest. With
 * `base` (a cut-out that is not the refinement of `start`), a pixel gets `base` moved by what the change
 * moves the refinement, so away from the change the base stays exactly as it was.
 */
export function applyCoefficientsIn(
  start: Coefficients,
  delta: Coefficients,
  rect: CellRect,
  cw: number,
  ch: number,
  image: RgbImage,
  gain: number,
  out: Uint8Array,
  base?: Uint8Array,
): void {
  const { width, height, data } = image
  const [aR, aG, aB] = start.a
  const [dR, dG, dB] = delta.a
  const rw = rect.x1 - rect.x0
  const xs = axis(width, cw, cw / width)
  const ys = axis(height, ch, ch / height)
  const inside = (lower: Int32Array, upper: Int32Array, from: number, to: number, size: number) => {
    let first = size
    let last = -1
    for (let i = 0; i < size; i++) {
      if (lower[i]! >= from && upper[i]! < to) {
        first = Math.min(first, i)
        last = i
      }
    }
    return [first, last + 1] as const
  }
  const [px0, px1] = inside(xs.lower, xs.upper, rect.x0, rect.x1, width)
  const [py0, py1] = inside(ys.lower, ys.upper, rect.y0, rect.y1, height)
  if (!base) {
    // The start's coefficients plus the change's, on the rectangle's cells, then one interpolation a pixel.
    // (in place: the change's coefficients are not used again)
    const rh = rect.y1 - rect.y0
    const from = [aR, aG, aB, start.b] as const
    const sum = [dR, dG, dB, delta.b] as const
    for (let plane = 0; plane < 4; plane++) {
      const [s, a] = [sum[plane]!, from[plane]!]
      for (let y = 0, k = 0; y < rh; y++)
        for (let x = 0, i = (rect.y0 + y) * cw + rect.x0; x < rw; x++, k++, i++) s[k] = a[i]! + s[k]!
    }
    applyCoefficients({ a: [dR, dG, dB], b: delta.b }, rw, rh, image, gain, out, {
      rect,
      cw,
      ch,
      pixels: { x0: px0, x1: px1, y0: py0, y1: py1 },
    })
    return
  }
  for (let y = py0; y < py1; y++) {
    const y0 = ys.lower[y]!
    const y1 = ys.upper[y]!
    const wy = ys.weight[y]!
    const row0 = y0 * cw
    const row1 = y1 * cw
    const local0 = (y0 - rect.y0) * rw - rect.x0
    const local1 = (y1 - rect.y0) * rw - rect.x0
    for (let x = px0; x < px1; x++) {
      const x0 = xs.lower[x]!
      const x1 = xs.upper[x]!
      const wx = xs.weight[x]!
      const w00 = (1 - wx) * (1 - wy)
      const w01 = wx * (1 - wy)
      const w10 = (1 - wx) * wy
      const w11 = wx * wy
      const i00 = row0 + x0
      const i01 = row0 + x1
      const i10 = row1 + x0
      const i11 = row1 + x1
      const j00 = local0 + x0
      const j01 = local0 + x1
      const j10 = local1 + x0
      const j11 = local1 + x1
      const sr = aR[i00]! * w00 + aR[i01]! * w01 + aR[i10]! * w10 + aR[i11]! * w11
      const sg = aG[i00]! * w00 + aG[i01]! * w01 + aG[i10]! * w10 + aG[i11]! * w11
      const sb = aB[i00]! * w00 + aB[i01]! * w01 + aB[i10]! * w10 + aB[i11]! * w11
      const s0 = start.b[i00]! * w00 + start.b[i01]! * w01 + start.b[i10]! * w10 + start.b[i11]! * w11
      const ar = sr + (dR[j00]! * w00 + dR[j01]! * w01 + dR[j10]! * w10 + dR[j11]! * w11)
      const ag = sg + (dG[j00]! * w00 + dG[j01]! * w01 + dG[j10]! * w10 + dG[j11]! * w11)
      const ab = sb + (dB[j00]! * w00 + dB[j01]! * w01 + dB[j10]! * w10 + dB[j11]! * w11)
      const bb = s0 + (delta.b[j00]! * w00 + delta.b[j01]! * w01 + delta.b[j10]! * w10 + delta.b[j11]! * w11)
      const p = (y * width + x) * 3
      const k = y * width + x
      const q = (ar * data[p]! + ag * data[p + 1]! + ab * data[p + 2]!) / 255 + bb
      if (!base) {
        out[k] = toByte(contrast(q, gain))
      } else {
        const before = toByte(contrast((sr * data[p]! + sg * data[p + 1]! + sb * data[p + 2]!) / 255 + s0, gain))
        const moved = base[k]! + toByte(contrast(q, gain)) - before
        out[k] = moved <= 0 ? 0 : moved >= 255 ? 255 : moved
      }
    }
  }
}

/** q = mean_a·I + mean_b at the photo's resolution, coefficients interpolated bilinearly, then the curve. */
export function applyCoefficients(
  c: Coefficients,
  cw: number,
  ch: number,
  image: RgbImage,
  gain: number,
  out: Uint8Array,
  window?: { rect: CellRect; cw: number; ch: number; pixels: CellRect },
): void {
  const { width, height, data } = image
  const [aR, aG, aB] = c.a
  // With a window, `c` covers `window.rect` of a `window.cw` × `window.ch` grid, and only `window.pixels`
  // (whose samples all fall in the rectangle) are written.
  const gw = window?.cw ?? cw
  const gh = window?.ch ?? ch
  const ox = window?.rect.x0 ?? 0
  const oy = window?.rect.y0 ?? 0
  const sx = gw / width
  const sy = gh / height
  const xs = axis(width, gw, sx)
  const px = window?.pixels ?? { x0: 0, x1: width, y0: 0, y1: height }
  for (let y = px.y0; y < px.y1; y++) {
    const fy = Math.min(gh - 1, Math.max(0, (y + 0.5) * sy - 0.5))
    const y0 = Math.floor(fy)
    const y1 = Math.min(gh - 1, y0 + 1)
    const wy = fy - y0
    const row0 = (y0 - oy) * cw - ox
    const row1 = (y1 - oy) * cw - ox
    for (let x = px.x0; x < px.x1; x++) {
      const x0 = xs.lower[x]!
      const x1 = xs.upper[x]!
      const wx = xs.weight[x]!
      const i00 = row0 + x0
      const i01 = row0 + x1
      const i10 = row1 + x0
      const i11 = row1 + x1
      const w00 = (1 - wx) * (1 - wy)
      const w01 = wx * (1 - wy)
      const w10 = (1 - wx) * wy
      const w11 = wx * wy
      const ar = aR[i00]! * w00 + aR[i01]! * w01 + aR[i10]! * w10 + aR[i11]! * w11
      const ag = aG[i00]! * w00 + aG[i01]! * w01 + aG[i10]! * w10 + aG[i11]! * w11
      const ab = aB[i00]! * w00 + aB[i01]! * w01 + aB[i10]! * w10 + aB[i11]! * w11
      const bb = c.b[i00]! * w00 + c.b[i01]! * w01 + c.b[i10]! * w10 + c.b[i11]! * w11
      const p = (y * width + x) * 3
      const q = (ar * data[p]! + ag * data[p + 1]! + ab * data[p + 2]!) / 255 + bb
      out[y * width + x] = toByte(contrast(q, gain))
    }
  }
}

/** Precomputed bilinear sample positions along one axis (pixel centres aligned). */
function axis(size: number, sourceSize: number, scale: number) {
  const lower = new Int32Array(size)
  const upper = new Int32Array(size)
  const weight = new Float32Array(size)
  for (let i = 0; i < size; i++) {
    const f = Math.min(sourceSize - 1, Math.max(0, (i + 0.5) * scale - 0.5))
    lower[i] = Math.floor(f)
    upper[i] = Math.min(sourceSize - 1, lower[i]! + 1)
    weight[i] = f - lower[i]!
  }
  return { lower, upper, weight }
}

/** Bilinear resize of one float plane. */
export function resizeBilinear(
  src: Float32Array,
  sw: number,
  sh: number,
  dw: number,
  dh: number,
): Float32Array {
  const out = new Float32Array(dw * dh)
  const xs = axis(dw, sw, sw / dw)
  for (let y = 0; y < dh; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) * (sh / dh) - 0.5))
    const y0 = Math.floor(fy)
    const y1 = Math.min(sh - 1, y0 + 1)
    const wy = fy - y0
    for (let x = 0; x < dw; x++) {
      const x0 = xs.lower[x]!
      const x1 = xs.upper[x]!
      const wx = xs.weight[x]!
      const top = src[y0 * sw + x0]! * (1 - wx) + src[y0 * sw + x1]! * wx
      const bottom = src[y1 * sw + x0]! * (1 - wx) + src[y1 * sw + x1]! * wx
      out[y * dw + x] = top * (1 - wy) + bottom * wy
    }
  }
  return out
}

/** A symmetric curve around 0.5: values move away from the middle by `gain`, clamped to 0..1. */
function contrast(v: number, gain: number): number {
  return 0.5 + (v - 0.5) * gain
}

function toByte(v: number): number {
  return v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255)
}
