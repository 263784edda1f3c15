// Colour maths for naming garment colours: sRGB → OKLab (Björn Ottosson's perceptual space) and OKLCH.
// Distances in OKLab match what people see far better than in RGB, and its hue/chroma/lightness make the
// naming rules readable ("dark blue is navy"). A few lines of public formulae, so no dependency.

export interface Oklab {
  /** Lightness, 0 (black) … 1 (white). */
  L: number
  a: number
  b: number
}

export interface Oklch {
  L: number
  /** Chroma: 0 for greys, ~0.1 for clear garment colours, up to ~0.3 for the most vivid sRGB colours. */
  C: number
  /** Hue angle in degrees, 0 ≤ h < 360 (red ≈ 29, yellow ≈ 110, green ≈ 142, blue ≈ 264). */
  h: number
}

/** sRGB byte → linear light, precomputed for all 256 values (the per-pixel hot path). */
const linear = new Float64Array(256)
for (let i = 0; i < 256; i++) {
  const c = i / 255
  linear[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/** Converts one sRGB colour (bytes 0..255) to OKLab. */
export function rgbToOklab(r: number, g: number, b: number): Oklab {
  const lr = linear[r & 255]!
  const lg = linear[g & 255]!
  const lb = linear[b & 255]!
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb)
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb)
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb)
  return {
    L: 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    a: 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    b: 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  }
}

export function oklabToOklch({ L, a, b }: Oklab): Oklch {
  const C = Math.hypot(a, b)
  let h = (Math.atan2(b, a) * 180) / Math.PI
  if (h < 0) h += 360
  return { L, C, h }
}

/** Euclidean distance in OKLab (ΔE_ok); ~0.02 is barely visible, ~0.1 is clearly a different colour. */
export function oklabDistance(p: Oklab, q: Oklab): number {
  return Math.hypot(p.L - q.L, p.a - q.a, p.b - q.b)
}

/** The mean of some colours in OKLab (null for none). */
export function meanOklab(labs: Oklab[]): Oklab | null {
  if (labs.length === 0) return null
  let L = 0
  let a = 0
  let b = 0
  for (const lab of labs) {
    L += lab.L
    a += lab.a
    b += lab.b
  }
  return { L: L / labs.length, a: a / labs.length, b: b / labs.length }
}

/** Parses '#rrggbb' (tests and swatches). */
export function hexToOklab(hex: string): Oklab {
  const match = /^#([0-9a-f]{6})$/i.exec(hex)
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`)
  const n = parseInt(match[1]!, 16)
  return rgbToOklab((n >> 16) & 255, (n >> 8) & 255, n & 255)
}
