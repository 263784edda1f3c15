// Wardrobe arrangements for the e2e tests: items seeded through the public protocols (a photo in the
// owner's folder, the row, its tags), optionally with the cut-out the engine would have made, and
// outfit jobs held by a stand-in engine instance, so a test drives a job's progress, found items and
// outcome exactly as the engine writes them (see supabase/api/wardrobe/ootdRows.ts) while the stack's
// own job runner leaves it alone (claimed, with a fresh heartbeat).
import type { BrowserContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { admin } from './stack'
import type { E2EUser } from './users'
import { clientFor, newId, photo } from './walls'

export const STAND_IN_ENGINE = 'e2e-stand-in-engine'

/**
 * How long a test lets a first cut-out on the device take, named so that a test's time limit says what
 * it waits for (DESIGN §7): a cold cut-out worker compiles onnxruntime's 14 MB of WebAssembly, loads
 * u2netp and cuts one photo out. About 2 s on a quiet 2-core machine; 38-39 s measured here with a load
 * average of 13-18 (other suites on the same two cores), in the editor and in the import dialog alike,
 * and past 60 s at a load average near 25 (two e2e runs and a typecheck beside other agents' suites).
 */
export const DEVICE_CUTOUT_BUDGET_MS = 90_000

/**
 * How long a test lets the stack's real engine take over one outfit photo, named for the same reason: the
 * job runner claims it, the vision worker loads its models (the stack's first job), finds the person and
 * the garments, cuts each out and tags it. 27 s measured here, upload included, for a stack's first job
 * at a load average of 15.
 */
export const OUTFIT_JOB_BUDGET_MS = 60_000

type TagType = 'category' | 'color' | 'style' | 'material' | 'brand' | 'season' | 'occasion'

/** A product photo: the garment of `cutOutPng` on a plain light backdrop, which u2netp tells apart. */
export async function productPhoto(hue: number, size = 400): Promise<Buffer> {
  const garment = await cutOutPng(hue, Math.round(size * 0.75))
  return sharp({ create: { width: size, height: size, channels: 3, background: '#efebe4' } })
    .composite([{ input: garment, gravity: 'center' }])
    .jpeg({ quality: 88 })
    .toBuffer()
}

/** A transparent PNG with one coloured garment-ish shape, as cut-outs look. */
export async function cutOutPng(hue: number, size = 240): Promise<Buffer> {
  const colour = `hsl(${hue}, 55%, 55%)`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
    <path d="M30 10 L45 16 Q50 22 55 16 L70 10 L90 30 L78 40 L74 34 L74 90 L26 90 L26 34 L22 40 L10 30 Z" fill="${colour}"/></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

export interface SeededItem {
  id: string
  name: string
  imagePath: string
  cutoutPath: string | null
}

export async function seedWardrobeItem(
  owner: E2EUser,
  options: {
    name: string
    tags: Array<[TagType, string]>
    isPublic?: boolean
    hue?: number
    cutOut?: boolean
    /** The item's photo (a JPEG); a flat two-tone one of `hue` by default. */
    photo?: Buffer
  },
): Promise<SeededItem> {
  const client = await clientFor(owner)
  const id = newId()
  const path = `${owner.id}/wardrobe/${id}.jpg`
  const upload = await client.storage
    .from('wardrobe-images')
    .upload(path, options.photo ?? (await photo(options.hue ?? 0, 360, 360)), { contentType: 'image/jpeg' })
  if (upload.error) throw upload.error
  const inserted = await client.from('wardrobe_items').insert({
    id,
    user_id: owner.id,
    image_path: `wardrobe-images/${path}`,
    name: options.name,
    description: null,
    is_public: options.isPublic ?? false,
    upload_source: 'upload',
  })
  if (inserted.error) throw inserted.error
  if (options.tags.length > 0) {
    const tags = await client.from('clothing_tags').insert(
      options.tags.map(([type, value]) => ({
        id: newId(),
        wardrobe_item_id: id,
        tag_type: type,
        tag_value: value,
        confidence_score: 1,
        is_ai_generated: false,
        is_verified: true,
      })),
    )
    if (tags.error) throw tags.error
  }
  let cutoutPath: string | null = null
  if (options.cutOut) {
    // What the engine leaves after a background removal: a PNG in the owner's cutouts folder.
    const cutout = `${owner.id}/cutouts/${id}.png`
    const stored = await admin.storage
      .from('wardrobe-stickers')
      .upload(cutout, await cutOutPng(options.hue ?? 0), { contentType: 'image/png' })
    if (stored.error) throw stored.error
    cutoutPath = `wardrobe-stickers/${cutout}`
    const updated = await admin.from('wardrobe_items').update({ cutout_path: cutoutPath }).eq('id', id)
    if (updated.error) throw updated.error
  }
  return { id, name: options.name, imagePath: `wardrobe-images/${path}`, cutoutPath }
}

export interface HeldJob {
  id: string
  userId: string
  itemId: string | null
  imagePath: string
  skipTagging: boolean
}

export interface JobHolder {
  /** The jobs the app started, oldest first. */
  jobs: HeldJob[]
  /** Waits for the app to start its next job (the `n`-th, counting from 1). */
  started(n?: number): Promise<HeldJob>
}

/**
 * Every outfit job the app starts in this context is taken by the stand-in engine before the product
 * API sees the request (the API then finds the job already there and says it started). `fail` makes
 * the jobs fail at once with that error, as the engine does when an image cannot be used.
 */
export async function holdOutfitJobs(
  context: BrowserContext,
  options: { fail?: string } = {},
): Promise<JobHolder> {
  const jobs: HeldJob[] = []
  await context.route('**/api/wardrobe/background-ootd', async (route) => {
    const body = route.request().postDataJSON() as {
      processing_id: string
      user_id: string
      item_id?: string | null
      image_url: string
      skip_ai_tagging: boolean
    }
    const job: HeldJob = {
      id: body.processing_id,
      userId: body.user_id,
      itemId: body.item_id ?? null,
      imagePath: body.image_url,
      skipTagging: body.skip_ai_tagging,
    }
    const { error } = await admin.from('processing_jobs').upsert(
      {
        id: job.id,
        user_id: job.userId,
        kind: 'ootd',
        status: options.fail ? 'failed' : 'processing',
        progress: 0,
        error: options.fail ?? null,
        input: {
          image_path: job.imagePath,
          item_id: job.itemId,
          skip_ai_tagging: job.skipTagging,
          skip_ai_extraction: true,
        },
        claimed_by: options.fail ? null : STAND_IN_ENGINE,
        heartbeat_at: new Date().toISOString(),
        attempts: 1,
      },
      { onConflict: 'id', ignoreDuplicates: true },
    )
    if (error) throw error
    if (!jobs.some((j) => j.id === job.id)) jobs.push(job)
    await route.continue()
  })
  return {
    jobs,
    async started(n = jobs.length + 1) {
      const deadline = Date.now() + 30_000
      while (jobs.length < n) {
        if (Date.now() > deadline) throw new Error(`The app did not start outfit job #${n}`)
        await new Promise((r) => setTimeout(r, 100))
      }
      return jobs[n - 1]!
    },
  }
}

export interface FoundItem {
  item_id: string
  description: string
  image_path: string
}

/** The cut-outs of garments the engine "found", stored where the engine keeps them. */
export async function foundItems(job: HeldJob, descriptions: string[]): Promise<FoundItem[]> {
  return Promise.all(
    descriptions.map(async (description, index) => {
      const itemId = `${job.id}-g${index}`
      const path = `${job.userId}/items/${itemId}.png`
      const stored = await admin.storage
        .from('wardrobe-stickers')
        .upload(path, await cutOutPng(index * 60), { contentType: 'image/png', upsert: true })
      if (stored.error) throw stored.error
      return { item_id: itemId, description, image_path: `wardrobe-stickers/${path}` }
    }),
  )
}

/** One step of the engine's progress (and a fresh heartbeat, so the job stays the stand-in's). */
export async function advanceJob(
  job: HeldJob,
  patch: { progress: number; items?: FoundItem[]; totalItems?: number },
): Promise<void> {
  const items = patch.items ?? []
  const { error } = await admin
    .from('processing_jobs')
    .update({
      progress: patch.progress,
      items,
      processed_items: items.length,
      total_items: Math.max(patch.totalItems ?? 0, items.length),
      heartbeat_at: new Date().toISOString(),
    })
    .eq('id', job.id)
  if (error) throw error
}

/** What the engine writes at the end: the found garments as items, and the job completed. */
export async function completeJob(job: HeldJob, items: FoundItem[]): Promise<void> {
  if (items.length > 0) {
    const inserted = await admin.from('wardrobe_items').insert(
      items.map((item) => ({
        id: item.item_id,
        user_id: job.userId,
        image_path: item.image_path,
        name: item.description,
        description: null,
        is_public: false,
        upload_source: 'ootd_extracted',
        job_id: job.id,
      })),
    )
    if (inserted.error) throw inserted.error
  }
  const { error } = await admin
    .from('processing_jobs')
    .update({
      status: 'completed',
      progress: 100,
      items,
      processed_items: items.length,
      total_items: items.length,
      claimed_by: null,
    })
    .eq('id', job.id)
  if (error) throw error
}

export async function serverJob(
  id: string,
): Promise<{ id: string; status: string; input: Record<string, unknown> } | null> {
  const { data, error } = await admin
    .from('processing_jobs')
    .select('id, status, input')
    .eq('id', id)
    .maybeSingle()
  if (error) throw error
  return data
}

/** The processing dialog's job id as the app shows it. */
export function processingDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Processing your photo' })
}
