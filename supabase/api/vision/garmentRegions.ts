// Turns keypoints and the refined person mask into garment regions: top, bottom, one-piece (dress) and
// footwear. Keypoints only say where the body is; each region is the mask inside a body-aligned band
// (so the sticker follows the real garment, not a padded box), and the band edges come from the photo's
// colours: the waistline is where the torso's colour changes, a hem is where a leg's colour changes.
// Pure: no models, no I/O; every threshold is in torso lengths (T) so it holds at any photo size.
import { bodyFrame, sides, type BodyFrame, type Keypoint, type Point, type Side } from './bodyFrame'
import { isSkinTone } from './colorNames'
import {
  bestSplit,
  firstLastingChange,
  meanOfRows,
  pathProfile,
  stripProfile,
  type RowColour,
} from './colourProfile'
import type { PixelRect, RgbImage } from './imageInput'
import { oklabDistance, type Oklab } from './oklab'
import { productRegion } from './productRegion'
import {
  FOREGROUND_ALPHA,
  measureShape,
  patchColour,
  type Disc,
  type Rect,
  type RegionShape,
} from './regionShape'
import type { DetectedCategory } from './types'

export interface GarmentRegion {
  category: DetectedCategory
  /** Which pixels belong to the garment: the sticker keeps the mask inside this shape only. */
  shape: RegionShape
  /** Bounding box of the garment's foreground pixels, in the analysed image. */
  box: PixelRect
  /** Foreground pixels of the garment (its weight in the outfit's colours). */
  pixelCount: number
  /** 0..1, from the keypoint scores behind the region and how well the mask fills it. */
  confidence: number
  /** A bottom or dress that ends above the knee (shorts, a mini skirt or dress): the legs show. */
  short: boolean
  /** For a top or dress: forearms covered ('long') or bare ('short'); null when no forearm was seen. */
  sleeves: 'long' | 'short' | null
}

export interface RegionInput {
  image: RgbImage
  /** Refined alpha of the foreground, one byte per pixel. */
  alpha: Uint8Array
  keypoints: Keypoint[]
}

export interface GarmentRegions {
  personFound: boolean
  regions: GarmentRegion[]
}

/** Colour difference (OKLab) that separates two garments; shading within one fabric stays below it. */
const GARMENT_CONTRAST = 0.08
/** Colour difference that ends a garment along a leg (fabric → skin, socks or shoes). */
const HEM_CONTRAST = 0.12

export function garmentRegions({ image, alpha, keypoints }: RegionInput): GarmentRegions {
  const { width, height } = image
  const maskAt = (x: number, y: number) => {
    const xi = Math.round(x)
    const yi = Math.round(y)
    return xi >= 0 && yi >= 0 && xi < width && yi < height ? alpha[yi * width + xi]! : 0
  }
  const frame = bodyFrame(keypoints, width, height, maskAt)
  if (frame.personFound && frame.shoulders && plausibleWearer(frame, alpha, width, height)) {
    const regions = new Body(image, alpha, frame).regions()
    if (regions.length > 0) return { personFound: true, regions }
  }
  // No one wearing it: the whole foreground is one garment (a product shot, a flat lay).
  const product = productRegion(alpha, width, height)
  return { personFound: false, regions: product ? [product] : [] }
}

/**
 * MoveNet always answers, and on a garment alone it sometimes draws a small, low-scoring skeleton (seen on
 * a sneaker, a sock and a cap). A real wearer's keypoints lie on the foreground — the body is what the mask
 * cut out — and span a good part of it: at least 30 % of the foreground's height and 10 % of the photo's.
 */
function plausibleWearer(frame: BodyFrame, alpha: Uint8Array, width: number, height: number): boolean {
  const points = Object.values(frame.points)
  const reach = Math.max(2, Math.round(0.015 * Math.max(width, height)))
  const onMask = points.filter((p) => foregroundNear(alpha, width, height, p, reach)).length
  if (onMask < 0.75 * points.length) return false
  const rows = foregroundRows(alpha, width, height)
  if (!rows) return false
  const ys = points.map((p) => p.y)
  const span = Math.max(...ys) - Math.min(...ys)
  return span >= 0.3 * (rows.y1 - rows.y0) && span >= 0.1 * height
}

/** Whether any pixel within `reach` of a point (sampled on a small grid) is foreground. */
function foregroundNear(alpha: Uint8Array, width: number, height: number, p: Point, reach: number): boolean {
  const step = Math.max(1, Math.floor(reach / 3))
  for (
    let y = Math.max(0, Math.round(p.y) - reach);
    y <= Math.min(height - 1, Math.round(p.y) + reach);
    y += step
  ) {
    for (
      let x = Math.max(0, Math.round(p.x) - reach);
      x <= Math.min(width - 1, Math.round(p.x) + reach);
      x += step
    ) {
      if (alpha[y * width + x]! > FOREGROUND_ALPHA) return true
    }
  }
  return false
}

/** First and last rows that hold any foreground. */
function foregroundRows(alpha: Uint8Array, width: number, height: number): { y0: number; y1: number } | null {
  let y0 = -1
  let y1 = -1
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (alpha[y * width + x]! > FOREGROUND_ALPHA) {
        if (y0 < 0) y0 = y
        y1 = y
        break
      }
    }
  }
  return y0 < 0 ? null : { y0, y1: y1 + 1 }
}

/** The per-photo working state of the rules (the frame, hands, extents); one instance per call. */
class Body {
  private readonly T: number
  private readonly hands: Disc[]
  /** Hands plus any bare forearms: skin that no garment region keeps (set once the sleeves are judged). */
  private skin: Disc[] = []
  private readonly p: BodyFrame['points']

  constructor(
    private readonly image: RgbImage,
    private readonly alpha: Uint8Array,
    private readonly frame: BodyFrame,
  ) {
    this.T = frame.torso
    this.p = frame.points
    this.hands = this.handDiscs()
    this.skin = this.hands
  }

  regions(): GarmentRegion[] {
    const { frame, p, T } = this
    const top0 = this.topStart()
    const upper = this.extent(
      [
        p.leftShoulder,
        p.rightShoulder,
        p.leftElbow,
        p.rightElbow,
        p.leftWrist,
        p.rightWrist,
        p.leftHip,
        p.rightHip,
      ],
      0.25 * T,
    )
    const hips = frame.hips
    const knees = [p.leftKnee, p.rightKnee].filter((k): k is Point => Boolean(k))
    // Half-body photo: no hips, or hips without a knee: a top only. Never invent legs.
    if (!hips || knees.length === 0) {
      const end = hips ? hips.y + 0.15 * T : this.image.height
      return this.keep([
        this.upperGarment(
          'top',
          [{ ...upper, y0: top0, y1: end }],
          this.upperScore() * (hips ? 1 : 0.9),
          0.9,
          this.chestColour(),
        ),
      ])
    }
    const hipWidth = p.leftHip && p.rightHip ? Math.abs(p.leftHip.x - p.rightHip.x) : 0
    const lower = this.extent(
      [p.leftHip, p.rightHip, p.leftKnee, p.rightKnee, p.leftAnkle, p.rightAnkle],
      Math.max(0.5 * hipWidth, 0.3 * T),
    )
    const kneeY = mean(knees.map((k) => k.y))
    const torso = this.torsoStrip(hips, hipWidth)
    const profile = stripProfile(
      this.image,
      this.alpha,
      hips.y - 0.6 * T,
      hips.y + 0.25 * T,
      () => torso,
      this.hands,
    )
    const split = bestSplit(profile, Math.max(3, Math.round(0.05 * T)))
    const colourChange =
      split &&
      split.contrast >= GARMENT_CONTRAST &&
      split.at >= hips.y - 0.5 * T &&
      split.at <= hips.y + 0.2 * T
    const regions: GarmentRegion[] = []
    const upperColour = meanOfRows(profile.filter((r) => r.y < hips.y - 0.1 * T))
    const dressHem = !colourChange && upperColour ? this.dressHem(hips, hipWidth, upperColour, torso) : null
    if (dressHem !== null) {
      const x0 = Math.min(upper.x0, lower.x0)
      const x1 = Math.max(upper.x1, lower.x1)
      const dress = this.upperGarment(
        'dress',
        [{ x0, x1, y0: top0, y1: dressHem }],
        0.8 * mean([this.upperScore(), this.lowerScore()]),
        0.6,
        upperColour,
      )
      regions.push({ ...dress, short: dressHem < kneeY })
    } else {
      const waist = colourChange ? split.at : hips.y - 0.1 * T
      regions.push(
        this.upperGarment(
          'top',
          [{ ...upper, y0: top0, y1: waist }],
          this.upperScore(),
          0.9,
          colourChange ? split.above : upperColour,
        ),
      )
      const { end, short, bareLegs } = this.bottomEnd(waist)
      regions.push({
        ...this.region('bottom', [{ ...lower, y0: waist, y1: end }], this.lowerScore(), 0.85, 0.3, bareLegs),
        short,
      })
    }
    const footwear = this.footwear()
    if (footwear) regions.push(footwear)
    return this.keep(regions)
  }

  /** Drops regions with too few pixels to be a garment (a speck of mask inside a band). */
  private keep(regions: GarmentRegion[]): GarmentRegion[] {
    const minimum = Math.max(100, 0.0005 * this.image.width * this.image.height)
    return regions.filter((r) => r.pixelCount >= minimum)
  }

  /** Measures a region on the mask; confidence = keypoint score × how well the mask fills the band, capped. */
  private region(
    category: DetectedCategory,
    windows: Rect[],
    score: number,
    cap: number,
    fill = 0.3,
    exclude: Disc[] = [],
  ): GarmentRegion {
    const shape: RegionShape = {
      windows: windows.map((w) => ({ ...w, y0: Math.max(0, w.y0), y1: Math.max(w.y0, w.y1) })),
      exclude: [...this.skin, ...exclude],
    }
    const measure = measureShape(this.alpha, this.image.width, this.image.height, shape)
    const coverage = measure.area > 0 ? measure.count / measure.area : 0
    const confidence = Math.min(cap, score * Math.min(1, coverage / fill))
    const box = measure.box ?? { x: 0, y: 0, width: 0, height: 0 }
    return {
      category,
      shape,
      box,
      pixelCount: measure.count,
      confidence: round2(confidence),
      short: false,
      sleeves: null,
    }
  }

  /** The collar line: a little above the shoulder keypoints, and below the chin when the nose is seen. */
  private topStart(): number {
    const { p, T } = this
    const shoulderY = Math.min(p.leftShoulder?.y ?? Infinity, p.rightShoulder?.y ?? Infinity)
    const start = shoulderY - 0.15 * T
    return p.nose ? Math.max(start, p.nose.y + 0.12 * T) : start
  }

  /** Horizontal extent of some body points, padded. */
  private extent(points: (Point | undefined)[], pad: number): { x0: number; x1: number } {
    const xs = points.filter((q): q is Point => Boolean(q)).map((q) => q.x)
    return { x0: Math.min(...xs) - pad, x1: Math.max(...xs) + pad }
  }

  /** A hand is skin, not sleeve: a disc just past each seen wrist, sized by the forearm. */
  private handDiscs(): Disc[] {
    const discs: Disc[] = []
    for (const side of sides) {
      const wrist = this.p[`${side}Wrist`]
      const elbow = this.p[`${side}Elbow`]
      if (!wrist) continue
      if (elbow) {
        const dx = wrist.x - elbow.x
        const dy = wrist.y - elbow.y
        discs.push({ x: wrist.x + 0.3 * dx, y: wrist.y + 0.3 * dy, r: 0.4 * Math.hypot(dx, dy) })
      } else discs.push({ x: wrist.x, y: wrist.y, r: 0.12 * this.T })
    }
    return discs
  }

  /** The middle of the body between shoulders and hips, where the waistline is looked for. */
  private torsoStrip(hips: Point, hipWidth: number): [number, number] {
    const half = Math.max(0.1 * this.T, 0.35 * hipWidth)
    return [Math.round(hips.x - half), Math.round(hips.x + half)]
  }

  private upperScore(): number {
    const { p } = this
    return mean([p.leftShoulder, p.rightShoulder].filter((q): q is Point => Boolean(q)).map((q) => q.score))
  }

  private lowerScore(): number {
    const { p } = this
    return mean(
      [p.leftHip, p.rightHip, p.leftKnee, p.rightKnee]
        .filter((q): q is Point => Boolean(q))
        .map((q) => q.score),
    )
  }

  /** The x of one leg's centre line at height y (hip → knee → ankle, extended straight past the last point). */
  private legX(side: Side, y: number): number | null {
    const chain = [
      this.p[`${side}Hip`] ?? this.frame.hips,
      this.p[`${side}Knee`],
      this.p[`${side}Ankle`],
    ].filter((q): q is Point => Boolean(q))
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
  private dressHem(hips: Point, hipWidth: number, colour: Oklab, torso: [number, number]): number | null {
    const { p, T, image, alpha, hands } = this
    if (!p.leftKnee || !p.rightKnee || hipWidth < 0.2 * T) return null
    const across = stripProfile(image, alpha, hips.y - 0.3 * T, hips.y + 0.2 * T, () => torso, hands)
    const coverages = across.map((r) => r.coverage)
    if (coverages.length === 0 || mean(coverages) < 0.85 || Math.min(...coverages) < 0.6) return null
    const between = (y: number): [number, number] => {
      const a = this.legX('left', y) ?? hips.x
      const b = this.legX('right', y) ?? hips.x
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

  /** The top's colour on the chest (below the collar, between the shoulders), for half-body photos. */
  private chestColour(): Oklab | null {
    const { p, T } = this
    const shoulders = this.frame.shoulders
    if (!shoulders) return null
    const half = Math.max(
      0.1 * T,
      0.3 * Math.abs((p.leftShoulder?.x ?? shoulders.x) - (p.rightShoulder?.x ?? shoulders.x)),
    )
    return patchColour(
      this.image,
      this.alpha,
      {
        x0: shoulders.x - half,
        x1: shoulders.x + half,
        y0: shoulders.y + 0.1 * T,
        y1: shoulders.y + 0.5 * T,
      },
      this.hands,
    ).lab
  }

  /**
   * A top or dress: its sleeves are judged first, and bare forearms are then cut out of it and of every
   * region measured after it (a forearm hanging beside the thigh is not part of the trousers either).
   */
  private upperGarment(
    category: 'top' | 'dress',
    windows: Rect[],
    score: number,
    cap: number,
    colour: Oklab | null,
  ): GarmentRegion {
    const { length, bareForearms } = this.sleeves(colour)
    this.skin = [...this.hands, ...bareForearms]
    return { ...this.region(category, windows, score, cap), sleeves: length }
  }

  /**
   * Sleeve length from the forearms (elbow → wrist): bare when they are skin-toned and unlike the top's
   * colour, covered otherwise. Any bare forearm makes it 'short' (a rolled sleeve reads as short).
   */
  private sleeves(topColour: Oklab | null): { length: 'long' | 'short' | null; bareForearms: Disc[] } {
    const { p, T } = this
    const seen: ('long' | 'short')[] = []
    const bareForearms: Disc[] = []
    for (const side of sides) {
      const elbow = p[`${side}Elbow`]
      const wrist = p[`${side}Wrist`]
      if (!elbow || !wrist) continue
      const half = Math.max(1.5, 0.04 * T)
      const samples = [0.2, 0.35, 0.5, 0.65]
        .map((t) => ({ x: elbow.x + t * (wrist.x - elbow.x), y: elbow.y + t * (wrist.y - elbow.y) }))
        .map((c) =>
          patchColour(this.image, this.alpha, {
            x0: c.x - half,
            x1: c.x + half,
            y0: c.y - half,
            y1: c.y + half,
          }),
        )
        .filter((s) => s.lab && s.coverage >= 0.5)
      const forearm = meanLab(samples.map((s) => s.lab!))
      if (!forearm) continue
      const bare = isSkinTone(forearm) && (!topColour || oklabDistance(forearm, topColour) >= HEM_CONTRAST)
      seen.push(bare ? 'short' : 'long')
      if (bare)
        bareForearms.push(
          ...discsAlong(
            [elbow, wrist],
            0.15 * Math.hypot(wrist.x - elbow.x, wrist.y - elbow.y),
            Math.max(3, 0.09 * T),
          ),
        )
    }
    const length = seen.includes('short') ? 'short' : seen.length > 0 ? 'long' : null
    return { length, bareForearms }
  }

  /** Hip → knee → ankle of one side; past the knee by a thigh's length when the ankle was not seen. */
  private legPath(side: Side): Point[] | null {
    const hip = this.p[`${side}Hip`] ?? this.frame.hips
    const knee = this.p[`${side}Knee`]
    if (!hip || !knee) return null
    const ankle = this.p[`${side}Ankle`] ?? { x: 2 * knee.x - hip.x, y: 2 * knee.y - hip.y, score: 0 }
    return [hip, knee, ankle]
  }

  /**
   * Where the bottom ends. Each visible leg is walked from hip to ankle (at whatever angle it lies); the
   * bottom's colour is read on the upper thigh and a hem is the first lasting change from it (fabric → skin
   * or socks). When every leg has a hem the bottom ends there — short if before the knee — and the leg
   * beyond each hem is cut away with discs, so a kicking leg does not end up in the shorts. Otherwise the
   * bottom runs to the ankles, or to the photo's edge when the feet are out of frame.
   */
  private bottomEnd(waist: number): { end: number; short: boolean; bareLegs: Disc[] } {
    const { T, image, alpha, hands } = this
    const ankleY = Math.max(this.p.leftAnkle?.y ?? 0, this.p.rightAnkle?.y ?? 0)
    const longEnd = { end: ankleY > 0 ? ankleY : image.height, short: false, bareLegs: [] }
    const half = Math.max(2, 0.07 * T)
    const inImage = (s: { x: number; y: number }) =>
      s.x >= 0 && s.y >= 0 && s.x < image.width && s.y < image.height
    const hems: { at: number; x: number; y: number; short: boolean; path: Point[] }[] = []
    let legs = 0
    for (const side of sides) {
      const path = this.legPath(side)
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
      const hem = this.hem(scan, reference)
      if (hem) hems.push({ at: hem.at, x: hem.x, y: hem.y, short: hem.at < thigh + 0.15 * shin, path })
    }
    if (legs === 0 || hems.length < legs) return longEnd
    const r = Math.max(0.13 * T, 2 * half)
    // Beyond each hem: the bare leg, and the foot around a seen ankle (the shoe is its own garment).
    const feet = sides.flatMap((side) => {
      const ankle = this.p[`${side}Ankle`]
      const knee = this.p[`${side}Knee`]
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
  private hem(samples: RowColour[], reference: Oklab): RowColour | null {
    const run = Math.max(3, 0.05 * this.T)
    const settle = Math.max(run, 0.15 * this.T)
    let rest = samples
    for (;;) {
      const candidate = firstLastingChange(rest, reference, HEM_CONTRAST, run)
      if (!candidate) return null
      const after = meanOfRows(rest.filter((s) => s.at >= candidate.at && s.at < candidate.at + settle))
      if (!after || isSkinTone(after) || oklabDistance(after, reference) >= 0.2) return candidate
      rest = rest.filter((s) => s.at > candidate.at + run)
    }
  }

  /**
   * Shoes: the mask from the lower shin down, within a foot's reach of each accepted ankle (split halfway
   * when the feet are close). One footwear garment per photo — a pair is one wardrobe item: both feet
   * when they are near each other, otherwise the better-seen foot.
   */
  private footwear(): GarmentRegion | null {
    const { p, T, image } = this
    const feet: { side: Side; region: GarmentRegion }[] = []
    // The shins are cut away along their own direction (a kicking leg lies sideways through a foot's window):
    // discs from the knee to a fifth of the shin above the ankle, as wide as a calf.
    const shins = sides.flatMap((side) => {
      const knee = p[`${side}Knee`]
      const ankle = p[`${side}Ankle`]
      if (!knee || !ankle) return []
      const length = Math.hypot(ankle.x - knee.x, ankle.y - knee.y)
      const end = { x: knee.x + 0.8 * (ankle.x - knee.x), y: knee.y + 0.8 * (ankle.y - knee.y), score: 0 }
      return discsAlong([knee, end], 0, Math.max(2, 0.18 * length))
    })
    for (const side of sides) {
      const ankle = p[`${side}Ankle`]
      if (!ankle) continue
      const knee = p[`${side}Knee`]
      const shin = knee ? Math.max(0.2 * T, Math.hypot(ankle.x - knee.x, ankle.y - knee.y)) : 0.5 * T
      const window: Rect = {
        x0: ankle.x - 0.6 * shin,
        x1: ankle.x + 0.6 * shin,
        y0: ankle.y - 0.15 * shin,
        y1: Math.min(image.height, ankle.y + 0.6 * shin),
      }
      const other = p[side === 'left' ? 'rightAnkle' : 'leftAnkle']
      if (other && Math.abs(other.x - ankle.x) < 1.2 * shin) {
        const middle = (other.x + ankle.x) / 2
        if (other.x > ankle.x) window.x1 = Math.min(window.x1, middle)
        else window.x0 = Math.max(window.x0, middle)
      }
      const region = this.region('footwear', [window], ankle.score, 0.8, 0.2, shins)
      if (region.pixelCount >= (0.1 * shin) ** 2) feet.push({ side, region })
    }
    if (feet.length === 0) return null
    if (feet.length === 1) return feet[0]!.region
    const [a, b] = feet.map((f) => f.region) as [GarmentRegion, GarmentRegion]
    const gap = Math.max(a.box.x, b.box.x) - Math.min(a.box.x + a.box.width, b.box.x + b.box.width)
    if (gap < 0.5 * mean([a.box.width, b.box.width])) {
      const pair = this.region(
        'footwear',
        [...a.shape.windows, ...b.shape.windows],
        mean([a.confidence, b.confidence]),
        0.8,
        0.2,
        shins,
      )
      return { ...pair, confidence: round2(mean([a.confidence, b.confidence])) }
    }
    return a.confidence * a.pixelCount >= b.confidence * b.pixelCount ? a : b
  }
}

/** Discs of radius r every r/2 along a polyline, from distance `from` to its end. */
function discsAlong(path: Point[], from: number, r: number): Disc[] {
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

function meanLab(labs: Oklab[]): Oklab | null {
  if (labs.length === 0) return null
  return { L: mean(labs.map((l) => l.L)), a: mean(labs.map((l) => l.a)), b: mean(labs.map((l) => l.b)) }
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length
}

function round2(v: number): number {
  return Math.round(v * 100) / 100
}
