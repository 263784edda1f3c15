// What a finished outfit job writes, as plain rows: the outfit's own item (styled 'OOTD Complete',
// carrying the outfit analysis of spec §5), one item per detected garment (styled 'OOTD Extracted',
// its image the garment's cut-out), and their tags. Ids are derived from the job, so a job that is
// resumed after a crash writes the very same rows, and writing them twice changes nothing.
import type { JobItem } from '../../../src/lib/wardrobe/jobs'
import { OOTD_COMPLETE, OOTD_EXTRACTED } from '../../../src/lib/wardrobe/ootdStyles'
import { BUCKETS } from '../../../src/lib/wardrobe/storage'
import type { ColorShare, DetectedGarment, OutfitResult } from '../vision/types'
import type { CompletedRows, JobRow } from './jobStore'
const OUTFIT_CATEGORY = 'complete_outfit'

function outfitItemId(job: Pick<JobRow, 'id' | 'input'>): string {
  return job.input.item_id ?? `${job.id}-outfit`
}

function garmentItemId(jobId: string, index: number): string {
  return `${jobId}-g${index}`
}

/** Where a garment's cut-out is stored: the owner's own folder, named after the item. */
function garmentStickerPath(userId: string, itemId: string): string {
  return `${BUCKETS.stickers}/${userId}/items/${itemId}.png`
}

const round = (n: number) => Math.round(n * 100) / 100

/** 'light gray' → 'Light gray': tags read as words people would type. */
function tagValueOfColor(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/** The items a job reports as it goes (spec §5 processing status). */
export function jobItemsOf(jobId: string, userId: string, garments: Pick<DetectedGarment, 'description'>[]): JobItem[] {
  return garments.map((garment, index) => {
    const itemId = garmentItemId(jobId, index)
    return { item_id: itemId, description: garment.description, image_path: garmentStickerPath(userId, itemId) }
  })
}

type TagRow = {
  id: string
  wardrobe_item_id: string
  tag_type: string
  tag_value: string
  confidence_score: number
  is_ai_generated: boolean
  is_verified: boolean
}

/** Tags for one item: facts (where it came from) always, the engine's guesses unless skipped. */
function tagsFor(
  itemId: string,
  facts: Array<[string, string]>,
  guesses: Array<[string, string, number]>,
  skipGuesses: boolean,
): TagRow[] {
  const rows: TagRow[] = []
  const add = (type: string, value: string, confidence: number, ai: boolean) =>
    rows.push({
      id: `${itemId}-t${rows.length}`,
      wardrobe_item_id: itemId,
      tag_type: type,
      tag_value: value,
      confidence_score: round(confidence),
      is_ai_generated: ai,
      is_verified: !ai,
    })
  for (const [type, value] of facts) add(type, value, 1, false)
  if (!skipGuesses) for (const [type, value, confidence] of guesses) add(type, value, confidence, true)
  return rows
}

const colorGuesses = (colors: ColorShare[]): Array<[string, string, number]> =>
  colors.map((c) => ['color', tagValueOfColor(c.name), c.share])

export function ootdRows(
  job: Pick<JobRow, 'id' | 'user_id' | 'input'>,
  result: OutfitResult,
  options: { processingTime: number; createdAt: string },
): CompletedRows {
  const skip = job.input.skip_ai_tagging
  const outfitId = outfitItemId(job)
  const jobItems = jobItemsOf(job.id, job.user_id, result.garments)

  const analysis = {
    imageUrl: job.input.image_path,
    items: result.garments.map((garment, index) => ({
      id: jobItems[index]!.item_id,
      category: garment.category,
      confidence: round(garment.confidence),
      description: garment.description,
      brand: null,
      color: garment.colors[0] ? tagValueOfColor(garment.colors[0].name) : null,
      style: null,
      material: null,
      boundingBox: {
        x: round(garment.box.x),
        y: round(garment.box.y),
        width: round(garment.box.width),
        height: round(garment.box.height),
      },
    })),
    outfitStyle: result.outfit.style,
    season: result.outfit.season,
    occasion: result.outfit.occasion,
    confidence: round(result.outfit.confidence),
    processingTime: Math.round(options.processingTime),
    createdAt: options.createdAt,
    location: null,
    weather: null,
    mood: null,
  }

  const outfitItem = {
    id: outfitId,
    image_path: job.input.image_path,
    name: result.garments.length > 0 ? 'Outfit' : 'Photo',
    description: null,
    upload_source: 'ootd',
    analysis,
    cutout_path: null,
  }
  const garmentItems = result.garments.map((garment, index) => ({
    id: jobItems[index]!.item_id,
    image_path: jobItems[index]!.image_path,
    name: garment.description,
    description: null,
    upload_source: 'ootd_extracted',
    analysis: null,
    // The item's image is itself a cut-out; stickers get their own copy when they are made.
    cutout_path: null,
  }))

  const outfit = result.outfit
  const tags = [
    ...tagsFor(
      outfitId,
      [
        ['style', OOTD_COMPLETE],
        ['category', OUTFIT_CATEGORY],
      ],
      [
        ...colorGuesses(outfit.colors),
        ['style', outfit.style, outfit.confidence],
        ['season', outfit.season, outfit.confidence],
        ['occasion', outfit.occasion, outfit.confidence],
      ],
      skip,
    ),
    ...result.garments.flatMap((garment, index) =>
      tagsFor(
        jobItems[index]!.item_id,
        [['style', OOTD_EXTRACTED]],
        [['category', garment.category, garment.confidence], ...colorGuesses(garment.colors)],
        skip,
      ),
    ),
  ]

  return { items: [outfitItem, ...garmentItems], tags, jobItems }
}
