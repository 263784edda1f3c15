// Wardrobes for the Products tests, put in place with the service role as the wardrobe engine would
// leave them: photos in Storage, items with AI tags (confidence, not verified) or the owner's own tags,
// outfit photos with their analysis, and outfit jobs in any state.
import sharp from 'sharp'
import { admin } from '../support/stack'
import type { E2EUser } from '../support/users'
import { newId, photo } from '../support/walls'

export type TagType = 'category' | 'color' | 'style' | 'material' | 'brand' | 'season' | 'occasion'

export interface SeedTag {
  type: TagType
  value: string
  /** An AI tag with this confidence (not verified); absent for the owner's own tag. */
  ai?: number
}

export interface SeedBox {
  category: string
  confidence: number
  description: string
  color: string | null
  /** Percentages of the photo. */
  box: { x: number; y: number; width: number; height: number }
  /** What the test photo paints there, so a screenshot shows whether the box lands on it. */
  paint: string
}

export interface SeedItem {
  name: string
  description?: string | null
  isPublic?: boolean
  tags?: SeedTag[]
  hue?: number
  /** An outfit photo: its analysis with these detected items (the photo is painted to match). */
  outfit?: { boxes: SeedBox[]; style: string; season: string; occasion: string; confidence: number; width: number; height: number }
  /** An outfit photo whose job is in this state (no analysis). */
  job?: { status: 'queued' | 'processing' | 'failed'; progress?: number; error?: string }
  /** Newer items first: minutes before now. */
  minutesAgo?: number
}

export interface SeededItem {
  id: string
  name: string
  tagIds: Record<string, string>
}

function check<T extends { error: unknown }>(result: T, what: string): T {
  if (result.error) throw new Error(`${what}: ${JSON.stringify(result.error)}`)
  return result
}

/** A plain background with each detected item painted as a coloured block where its box is. */
async function outfitPhoto(width: number, height: number, boxes: SeedBox[]): Promise<Buffer> {
  const blocks = await Promise.all(
    boxes.map(async (b) => ({
      input: await sharp({
        create: {
          width: Math.max(1, Math.round((b.box.width / 100) * width)),
          height: Math.max(1, Math.round((b.box.height / 100) * height)),
          channels: 3,
          background: b.paint,
        },
      })
        .png()
        .toBuffer(),
      left: Math.round((b.box.x / 100) * width),
      top: Math.round((b.box.y / 100) * height),
    })),
  )
  return sharp({ create: { width, height, channels: 3, background: '#efe6d8' } })
    .composite(blocks)
    .jpeg({ quality: 85 })
    .toBuffer()
}

export async function seedWardrobe(owner: E2EUser, items: SeedItem[]): Promise<SeededItem[]> {
  const seeded: SeededItem[] = []
  for (const [index, spec] of items.entries()) {
    const id = newId()
    const outfit = spec.outfit !== undefined || spec.job !== undefined
    const bucket = outfit ? 'ootd-images' : 'wardrobe-images'
    const path = `${owner.id}/e2e/${id}.jpg`
    const image = spec.outfit
      ? await outfitPhoto(spec.outfit.width, spec.outfit.height, spec.outfit.boxes)
      : await photo(spec.hue ?? (index * 53) % 360, 480, 480)
    check(await admin.storage.from(bucket).upload(path, image, { contentType: 'image/jpeg' }), 'upload a wardrobe photo')
    const imagePath = `${bucket}/${path}`
    const createdAt = new Date(Date.now() - (spec.minutesAgo ?? index) * 60_000).toISOString()
    let jobId: string | null = null
    if (spec.job || spec.outfit) {
      jobId = newId()
      const status = spec.job?.status ?? 'completed'
      check(
        await admin.from('processing_jobs').insert({
          id: jobId,
          user_id: owner.id,
          kind: 'ootd',
          status,
          progress: spec.job?.progress ?? (status === 'completed' ? 100 : 0),
          error: spec.job?.error ?? null,
          input: { image_path: imagePath, item_id: id, skip_ai_tagging: false },
          // Made when its item was, so a seeded history groups into batches the way a real one does.
          created_at: createdAt,
        }),
        'add a processing job',
      )
    }
    const analysis = spec.outfit
      ? {
          imageUrl: imagePath,
          items: spec.outfit.boxes.map((b) => ({
            id: newId(),
            category: b.category,
            confidence: b.confidence,
            description: b.description,
            brand: null,
            color: b.color,
            style: null,
            material: null,
            boundingBox: b.box,
          })),
          outfitStyle: spec.outfit.style,
          season: spec.outfit.season,
          occasion: spec.outfit.occasion,
          confidence: spec.outfit.confidence,
          processingTime: 2430,
          createdAt,
          location: null,
          weather: null,
          mood: null,
        }
      : null
    check(
      await admin.from('wardrobe_items').insert({
        id,
        user_id: owner.id,
        image_path: imagePath,
        name: spec.name,
        description: spec.description ?? null,
        is_public: spec.isPublic ?? false,
        upload_source: outfit ? 'ootd' : 'upload',
        job_id: jobId,
        analysis,
        created_at: createdAt,
      }),
      'add a wardrobe item',
    )
    const tagIds: Record<string, string> = {}
    const tags = (spec.tags ?? []).map((t) => {
      const tagId = newId()
      tagIds[`${t.type}:${t.value}`] = tagId
      return {
        id: tagId,
        wardrobe_item_id: id,
        tag_type: t.type,
        tag_value: t.value,
        confidence_score: t.ai ?? 1,
        is_ai_generated: t.ai !== undefined,
        is_verified: t.ai === undefined,
      }
    })
    if (tags.length > 0) check(await admin.from('clothing_tags').insert(tags), 'tag a wardrobe item')
    seeded.push({ id, name: spec.name, tagIds })
  }
  return seeded
}

/** An item's tags as the server holds them (deleted ones left out). */
export async function serverTags(itemId: string) {
  const result = await admin
    .from('clothing_tags')
    .select('id, tag_type, tag_value, confidence_score, is_ai_generated, is_verified')
    .eq('wardrobe_item_id', itemId)
    .is('deleted_at', null)
  if (result.error) throw result.error
  return (result.data ?? []) as Array<{
    id: string
    tag_type: string
    tag_value: string
    confidence_score: number
    is_ai_generated: boolean
    is_verified: boolean
  }>
}

/** A varied wardrobe for looking at the Products area and its dialogs. */
export const showcase: SeedItem[] = [
  {
    name: 'Beach day outfit',
    description: 'Linen shirt, shorts and espadrilles on the boardwalk.',
    isPublic: true,
    tags: [
      { type: 'category', value: 'complete_outfit', ai: 0.93 },
      { type: 'style', value: 'OOTD Complete', ai: 0.99 },
      { type: 'season', value: 'Summer', ai: 0.84 },
      { type: 'occasion', value: 'Beach', ai: 0.71 },
    ],
    outfit: {
      width: 600,
      height: 900,
      style: 'Relaxed coastal',
      season: 'Summer',
      occasion: 'Beach',
      confidence: 0.86,
      boxes: [
        { category: 'top', confidence: 0.91, description: 'White linen shirt, relaxed fit', color: 'White', box: { x: 22, y: 12, width: 56, height: 34 }, paint: '#fdfdf8' },
        { category: 'bottom', confidence: 0.74, description: 'Navy drawstring shorts', color: 'Navy', box: { x: 28, y: 46, width: 44, height: 24 }, paint: '#1f3b73' },
        { category: 'footwear', confidence: 0.52, description: 'Jute espadrilles', color: 'Beige', box: { x: 30, y: 84, width: 40, height: 10 }, paint: '#d9c19a' },
      ],
    },
  },
  {
    name: 'White linen shirt',
    description: 'Relaxed fit, from the beach photo.',
    isPublic: true,
    hue: 40,
    tags: [
      { type: 'category', value: 'top', ai: 0.91 },
      { type: 'color', value: 'White', ai: 0.88 },
      { type: 'style', value: 'OOTD Extracted', ai: 0.99 },
      { type: 'material', value: 'Linen', ai: 0.64 },
      { type: 'season', value: 'Summer', ai: 0.81 },
      { type: 'occasion', value: 'Casual', ai: 0.58 },
      { type: 'brand', value: 'Arket' },
    ],
  },
  {
    name: 'Navy shorts',
    isPublic: false,
    hue: 220,
    tags: [
      { type: 'category', value: 'bottom', ai: 0.74 },
      { type: 'color', value: 'Navy', ai: 0.55 },
      { type: 'style', value: 'OOTD Extracted', ai: 0.99 },
    ],
  },
  { name: 'Rainy city look', job: { status: 'failed', error: 'Processing failed. Please try again.' }, hue: 200 },
  {
    name: 'Camel wool coat',
    description: 'Double-breasted, knee length. A winter staple bought second hand.',
    isPublic: false,
    hue: 30,
    tags: [
      { type: 'category', value: 'outerwear' },
      { type: 'color', value: 'Brown' },
      { type: 'material', value: 'Wool' },
      { type: 'season', value: 'Winter' },
    ],
  },
  {
    name: 'Sage slip dress',
    isPublic: true,
    hue: 110,
    tags: [
      { type: 'category', value: 'dress' },
      { type: 'color', value: 'Green' },
      { type: 'occasion', value: 'Formal' },
    ],
  },
]
