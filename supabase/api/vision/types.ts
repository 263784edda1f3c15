// What the wardrobe engine's vision layer offers the product API: cut-outs, outfit analysis and region
// cut-outs, all from image bytes. Plain data in and out, so it crosses to worker processes unchanged. The API
// never touches pixels itself; the vision layer never touches Storage or the database.

/** A box as percentages (0..100) of the photo's width and height, as the outfit analysis stores it. */
export interface BoxPercent {
  x: number
  y: number
  width: number
  height: number
}

/** The categories the engine can tell from a photo (spec §3 lists more; people add those by hand). */
export type DetectedCategory = 'top' | 'bottom' | 'dress' | 'footwear'

/** A named colour and its share (0..1) of the garment's own pixels; the share is the tag's confidence. */
export interface ColorShare {
  name: string
  share: number
}

/** A transparent PNG, trimmed to its visible pixels. */
export interface CutOut {
  png: Uint8Array
  width: number
  height: number
  /**
   * Where the cut-out's pixels were in the photo (after EXIF orientation), as unrounded percentages: enough
   * to place the sticker over the photo or to compare it with the photo pixel for pixel. Always set by the
   * vision layer; optional so hand-made CutOuts (fakes, older rows) stay valid.
   */
  box?: BoxPercent
}

export interface DetectedGarment {
  category: DetectedCategory
  /** Where the garment is in the photo (after EXIF orientation). */
  box: BoxPercent
  /** How sure the engine is of this region and its category, 0..1. */
  confidence: number
  /** Dominant colours first, at most 3, each at least a few percent of the garment. */
  colors: ColorShare[]
  /** e.g. 'Navy top', 'Burgundy and white dress'. */
  description: string
  sticker: CutOut
}

export interface OutfitSummary {
  /** From spec §3's option lists where they apply. */
  style: string
  season: 'Spring' | 'Summer' | 'Fall' | 'Winter' | 'All Season'
  occasion: 'Casual' | 'Business' | 'Formal' | 'Party' | 'Athletic' | 'Beach' | 'Travel'
  confidence: number
  colors: ColorShare[]
}

export interface OutfitResult {
  /** The analysed photo's size after EXIF orientation (boxes are percentages of it). */
  width: number
  height: number
  personFound: boolean
  garments: DetectedGarment[]
  outfit: OutfitSummary
  /** Milliseconds per step (decode, segment, refine, pose, regions, encode), for logs and the bench. */
  timings: Record<string, number>
}

export interface VisionService {
  /** The whole foreground cut out, at most `maxSize` px on the longer side. */
  removeBackground(image: Uint8Array, options: { maxSize: number }): Promise<CutOut>
  /** Pose → garment regions → a cut-out, colours and a category per region, and the outfit summary. */
  analyseOutfit(image: Uint8Array): Promise<OutfitResult>
  /** The foreground inside one box of the photo, cut out (item extraction). */
  cutOutRegion(image: Uint8Array, box: BoxPercent, options: { maxSize: number }): Promise<CutOut>
  /** Whether another call would be queued now rather than refused (see VisionBusyError). */
  hasCapacity(): boolean
  /** Loads the models now instead of on first use. */
  warmUp?(): Promise<void>
  close(): Promise<void>
}

/** The image is not one the engine will read (not an image, too many pixels, too many bytes). */
export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError'
}

/** Every worker is busy and the queue is full: try again later (the API answers 429). */
export class VisionBusyError extends Error {
  override name = 'VisionBusyError'
  constructor(readonly retryAfterSeconds: number) {
    super('The wardrobe engine is busy. Please try again in a moment.')
  }
}
