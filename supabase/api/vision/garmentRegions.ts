// Turns keypoints and the refined person mask into garment regions: top, bottom, one-piece (dress) and
// footwear. Keypoints only say where the body is; each region is the mask inside a body-aligned band
// (so the sticker follows the real garment, not a padded box), and the band edges come from the photo's
// colours: the waistline is where the torso's colour changes, a hem is where a leg's colour changes.
// Pure: no models, no I/O; every threshold is in torso lengths (T) so it holds at any photo size.
import { chestColour, handDiscs, judgeSleeves } from './arms'
import { bodyFrame, type BodyContext, type BodyFrame, type Keypoint, type Point } from './bodyFrame'
import { bestSplit, meanOfRows, stripProfile } from './colourProfile'
import { footwearRegion } from './footwearRegion'
import type { RgbImage } from './imageInput'
import { bottomEnd, dressHem } from './legs'
import { mean, round2 } from './numbers'
import type { Oklab } from './oklab'
import { plausibleWearer } from './plausibleWearer'
import { productRegion } from './productRegion'
import { measureShape, type Disc, type Rect, type RegionShape } from './regionShape'
import type { GarmentRegion, MeasureRegion } from './garmentRegion'

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

/** The per-photo working state of the rules (the frame, hands, extents); one instance per call. */
class Body {
  private readonly ctx: BodyContext
  /** Hands plus any bare forearms: skin that no garment region keeps (set once the sleeves are judged). */
  private skin: Disc[]

  constructor(image: RgbImage, alpha: Uint8Array, frame: BodyFrame) {
    const hands = handDiscs(frame.points, frame.torso)
    this.ctx = { image, alpha, frame, p: frame.points, T: frame.torso, hands }
    this.skin = hands
  }

  regions(): GarmentRegion[] {
    const { frame, p, T } = this.ctx
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
      const end = hips ? hips.y + 0.15 * T : this.ctx.image.height
      return this.keep([
        this.upperGarment(
          'top',
          [{ ...upper, y0: top0, y1: end }],
          this.upperScore() * (hips ? 1 : 0.9),
          0.9,
          chestColour(this.ctx),
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
      this.ctx.image,
      this.ctx.alpha,
      hips.y - 0.6 * T,
      hips.y + 0.25 * T,
      () => torso,
      this.ctx.hands,
    )
    const split = bestSplit(profile, Math.max(3, Math.round(0.05 * T)))
    const colourChange =
      split &&
      split.contrast >= GARMENT_CONTRAST &&
      split.at >= hips.y - 0.5 * T &&
      split.at <= hips.y + 0.2 * T
    const regions: GarmentRegion[] = []
    const upperColour = meanOfRows(profile.filter((r) => r.y < hips.y - 0.1 * T))
    const hem = !colourChange && upperColour ? dressHem(this.ctx, hips, hipWidth, upperColour, torso) : null
    if (hem !== null) {
      const x0 = Math.min(upper.x0, lower.x0)
      const x1 = Math.max(upper.x1, lower.x1)
      const dress = this.upperGarment(
        'dress',
        [{ x0, x1, y0: top0, y1: hem }],
        0.8 * mean([this.upperScore(), this.lowerScore()]),
        0.6,
        upperColour,
      )
      regions.push({ ...dress, short: hem < kneeY })
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
      const { end, short, bareLegs } = bottomEnd(this.ctx, waist)
      regions.push({
        ...this.region('bottom', [{ ...lower, y0: waist, y1: end }], this.lowerScore(), 0.85, 0.3, bareLegs),
        short,
      })
    }
    const footwear = footwearRegion(this.ctx, this.region)
    if (footwear) regions.push(footwear)
    return this.keep(regions)
  }

  /** Drops regions with too few pixels to be a garment (a speck of mask inside a band). */
  private keep(regions: GarmentRegion[]): GarmentRegion[] {
    const minimum = Math.max(100, 0.0005 * this.ctx.image.width * this.ctx.image.height)
    return regions.filter((r) => r.pixelCount >= minimum)
  }

  /** Measures a region on the mask; confidence = keypoint score × how well the mask fills the band, capped. */
  private readonly region: MeasureRegion = (category, windows, score, cap, fill = 0.3, exclude = []) => {
    const shape: RegionShape = {
      windows: windows.map((w) => ({ ...w, y0: Math.max(0, w.y0), y1: Math.max(w.y0, w.y1) })),
      exclude: [...this.skin, ...exclude],
    }
    const measure = measureShape(this.ctx.alpha, this.ctx.image.width, this.ctx.image.height, shape)
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
    const { p, T } = this.ctx
    const shoulderY = Math.min(p.leftShoulder?.y ?? Infinity, p.rightShoulder?.y ?? Infinity)
    const start = shoulderY - 0.15 * T
    return p.nose ? Math.max(start, p.nose.y + 0.12 * T) : start
  }

  /** Horizontal extent of some body points, padded. */
  private extent(points: (Point | undefined)[], pad: number): { x0: number; x1: number } {
    const xs = points.filter((q): q is Point => Boolean(q)).map((q) => q.x)
    return { x0: Math.min(...xs) - pad, x1: Math.max(...xs) + pad }
  }

  /** The middle of the body between shoulders and hips, where the waistline is looked for. */
  private torsoStrip(hips: Point, hipWidth: number): [number, number] {
    const half = Math.max(0.1 * this.ctx.T, 0.35 * hipWidth)
    return [Math.round(hips.x - half), Math.round(hips.x + half)]
  }

  private upperScore(): number {
    const { p } = this.ctx
    return mean([p.leftShoulder, p.rightShoulder].filter((q): q is Point => Boolean(q)).map((q) => q.score))
  }

  private lowerScore(): number {
    const { p } = this.ctx
    return mean(
      [p.leftHip, p.rightHip, p.leftKnee, p.rightKnee]
        .filter((q): q is Point => Boolean(q))
        .map((q) => q.score),
    )
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
    const { length, bareForearms } = judgeSleeves(this.ctx, colour)
    this.skin = [...this.ctx.hands, ...bareForearms]
    return { ...this.region(category, windows, score, cap), sleeves: length }
  }
}
