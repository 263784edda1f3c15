// The legs' part in garment regions: where a leg's centre line runs, where the bottom garment ends (a hem
// found by walking each leg from hip to ankle), and whether one colour running across the hips with fabric
// between the legs makes a one-piece. Every distance is in torso lengths (T).
import { sides, type BodyContext, type Point, type Side } from './bodyFrame'
import { isSkinTone } from './colorNames'
import { firstLastingChange, meanOfRows, pathProfile, stripProfile, type RowColour } from './colourProfile'
import { mean } from './numbers'
import { oklabDistance, type Oklab } from './oklab'
import { discsAlong, patchColour, type Disc } from './regionShape'

/** Colour difference that ends a garment along a leg (fabric → skin, socks or shoes). */
const HEM_CONTRAST = 0.12

/** The x of one leg's centre line at height y (hip → knee → ankle, extended straight past the last point). */
function legX({ p, frame }: BodyContext, side: Side, y: number): number | null {
  const chain = [p[`${side}Hip`] ?? frame.hips, p[`${side}Knee`], p[`${side}Ankle`]].filter((q): q is Point =>
    Boolean(q),
  )
  if (chain.length < 2) return null
  for (let i = 0; i < chain.length - 1; i++) {
    const a = chain[i]!
    const b = chain[i + 1]!
    if (y <= b.y || i === chain.length - 2) {
      const t = b.y === a.y ? 0 : (y - a.y) / (b.y - a.y)
      return a.x + t * (b.x - a.x)
    }
  }
  return null
}

/**
 * A one-piece runs across the hip line: same colour above and below it (checked by the caller), the mask
 * continuous there, and — the evidence trousers lack — fabric between the legs at mid-thigh in that same
 * colour. Needs a frontal view (hips apart); in profile the legs overlap and nothing can be told.
 * Returns the hem row, or null when it is not a one-piece.
 */
export function dressHem(
  body: BodyContext,
  hips: Point,
  hipWidth: number,
  colour: Oklab,
  torso: [number, number],
): number | null {
  const { p, T, image, alpha, hands } = body
  if (!p.leftKnee || !p.rightKnee || hipWidth < 0.2 * T) return null
  const across = stripProfile(image, alpha, hips.y - 0.3 * T, hips.y + 0.2 * T, () => torso, hands)
  const coverages = across.map((r) => r.coverage)
  if (coverages.length === 0 || mean(coverages) < 0.85 || Math.min(...coverages) < 0.6) return null
  const between = (y: number): [number, number] => {
    const a = legX(body, 'left', y) ?? hips.x
    const b = legX(body, 'right', y) ?? hips.x
    const [l, r] = a < b ? [a, b] : [b, a]
    return [Math.round(l + 0.25 * (r - l)), Math.round(r - 0.25 * (r - l))]
  }
  const thigh = hips.y + 0.5 * (mean([p.leftKnee.y, p.rightKnee.y]) - hips.y)
  const [x0, x1] = between(thigh)
  const gap = patchColour(
    image,
    alpha,
    { x0, x1: Math.max(x0 + 1, x1), y0: thigh - 0.05 * T, y1: thigh + 0.05 * T },
    hands,
  )
  if (gap.coverage < 0.75 || !gap.lab || oklabDistance(gap.lab, colour) >= 0.1) return null
  const limit = Math.min(image.height, Math.max(p.leftAnkle?.y ?? 0, p.rightAnkle?.y ?? 0) || image.height)
  const rows = stripProfile(image, alpha, hips.y + 0.2 * T, limit, between, hands)
  return firstLastingChange(rows, colour, HEM_CONTRAST, Math.max(3, Math.round(0.04 * T)))?.y ?? limit
}

/** Hip → knee → ankle of one side; past the knee by a thigh's length when the ankle was not seen. */
function legPath({ p, frame }: BodyContext, side: Side): Point[] | null {
  const hip = p[`${side}Hip`] ?? frame.hips
  const knee = p[`${side}Knee`]
  if (!hip || !knee) return null
  const ankle = p[`${side}Ankle`] ?? { x: 2 * knee.x - hip.x, y: 2 * knee.y - hip.y, score: 0 }
  return [hip, knee, ankle]
}

/**
 * Where the bottom ends. Each visible leg is walked from hip to ankle (at whatever angle it lies); the
 * bottom's colour is read on the upper thigh and a hem is the first lasting change from it (fabric → skin
 * or socks). When every leg has a hem the bottom ends there — short if before the knee — and the leg
 * beyond each hem is cut away with discs, so a kicking leg does not end up in the shorts. Otherwise the
 * bottom runs to the ankles, or to the photo's edge when the feet are out of frame.
 */
export function bottomEnd(
  body: BodyContext,
  waist: number,
): { end: number; short: boolean; bareLegs: Disc[] } {
  const { p, T, image, alpha, hands } = body
  const ankleY = Math.max(p.leftAnkle?.y ?? 0, p.rightAnkle?.y ?? 0)
  const longEnd = { end: ankleY > 0 ? ankleY : image.height, short: false, bareLegs: [] as Disc[] }
  const half = Math.max(2, 0.07 * T)
  const inImage = (s: { x: number; y: number }) =>
    s.x >= 0 && s.y >= 0 && s.x < image.width && s.y < image.height
  const hems: { at: number; x: number; y: number; short: boolean; path: Point[] }[] = []
  let legs = 0
  for (const side of sides) {
    const path = legPath(body, side)
    if (!path) continue
    const [hip, knee, ankle] = path as [Point, Point, Point]
    const thigh = Math.hypot(knee.x - hip.x, knee.y - hip.y)
    const shin = Math.hypot(ankle.x - knee.x, ankle.y - knee.y)
    const samples = pathProfile(image, alpha, path, Math.max(1, 0.02 * T), half, hands).filter(inImage)
    const reference = meanOfRows(
      samples.filter((s) => s.at >= 0.1 * thigh && s.at <= 0.35 * thigh && s.y >= waist),
    )
    if (!reference) continue
    legs++
    // Stop short of the ankle: shoes are a change of colour too, but not a hem.
    const scan = samples.filter((s) => s.at > 0.35 * thigh && s.at < thigh + 0.85 * shin)
    const hem = findHem(T, scan, reference)
    if (hem) hems.push({ at: hem.at, x: hem.x, y: hem.y, short: hem.at < thigh + 0.15 * shin, path })
  }
  if (legs === 0 || hems.length < legs) return longEnd
  const r = Math.max(0.13 * T, 2 * half)
  // Beyond each hem: the bare leg, and the foot around a seen ankle (the shoe is its own garment).
  const feet = sides.flatMap((side) => {
    const ankle = p[`${side}Ankle`]
    const knee = p[`${side}Knee`]
    return ankle && knee
      ? [{ x: ankle.x, y: ankle.y, r: 0.6 * Math.hypot(ankle.x - knee.x, ankle.y - knee.y) }]
      : []
  })
  const bareLegs = [...hems.flatMap((hem) => discsAlong(hem.path, hem.at + r, r)), ...feet]
  return { end: Math.max(...hems.map((h) => h.y)) + 0.02 * T, short: hems.every((h) => h.short), bareLegs }
}

/**
 * The first lasting colour change along a leg that is a hem, not a fold: what follows it must be skin
 * (bare legs) or clearly another garment (ΔE ≥ 0.2: socks, tights). Shading on shiny or creased fabric
 * changes mostly lightness and stays below that, so it is skipped and the walk goes on.
 */
function findHem(T: number, samples: RowColour[], reference: Oklab): RowColour | null {
  const run = Math.max(3, 0.05 * T)
  const settle = Math.max(run, 0.15 * T)
  let rest = samples
  for (;;) {
    const candidate = firstLastingChange(rest, reference, HEM_CONTRAST, run)
    if (!candidate) return null
    const after = meanOfRows(rest.filter((s) => s.at >= candidate.at && s.at < candidate.at + settle))
    if (!after || isSkinTone(after) || oklabDistance(after, reference) >= 0.2) return candidate
    rest = rest.filter((s) => s.at > candidate.at + run)
  }
}
