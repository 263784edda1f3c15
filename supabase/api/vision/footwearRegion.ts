// The shoes in a full-body photo: the mask around each accepted ankle, below the shin, as one garment (a
// pair is one wardrobe item). Separate from the other regions because the feet follow their own rules.
import { sides, type BodyContext, type Side } from './bodyFrame'
import type { GarmentRegion, MeasureRegion } from './garmentRegion'
import { mean, round2 } from './numbers'
import { discsAlong, type Rect } from './regionShape'

/**
 * Shoes: the mask from the lower shin down, within a foot's reach of each accepted ankle (split halfway
 * when the feet are close). One footwear garment per photo — a pair is one wardrobe item: both feet
 * when they are near each other, otherwise the better-seen foot.
 */
export function footwearRegion({ p, T, image }: BodyContext, measure: MeasureRegion): GarmentRegion | null {
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
    const region = measure('footwear', [window], ankle.score, 0.8, 0.2, shins)
    if (region.pixelCount >= (0.1 * shin) ** 2) feet.push({ side, region })
  }
  if (feet.length === 0) return null
  if (feet.length === 1) return feet[0]!.region
  const [a, b] = feet.map((f) => f.region) as [GarmentRegion, GarmentRegion]
  const gap = Math.max(a.box.x, b.box.x) - Math.min(a.box.x + a.box.width, b.box.x + b.box.width)
  if (gap < 0.5 * mean([a.box.width, b.box.width])) {
    const pair = measure(
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
