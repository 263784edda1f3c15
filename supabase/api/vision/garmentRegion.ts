// What a garment region is, and the measuring step a region finder gets: shared by garmentRegions.ts
// and the finders it calls (productRegion, footwearRegion), so they need not import it back.
import type { PixelRect } from './imageInput'
import type { Disc, Rect, RegionShape } from './regionShape'
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

/** Measures a region (windows minus skin and `exclude`) on the mask; see Body.region. */
export type MeasureRegion = (
  category: DetectedCategory,
  windows: Rect[],
  score: number,
  cap: number,
  fill?: number,
  exclude?: Disc[],
) => GarmentRegion
