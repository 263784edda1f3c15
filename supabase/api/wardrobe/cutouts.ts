// Cut-outs a user waits for: background removal of a wardrobe item (for a sticker) and extraction of one
// item's box from an outfit photo. Results are transparent PNGs in the caller's own folder of
// `wardrobe-stickers`, under names derived from what was asked, so asking again returns the stored
// result without running the model twice. Each item keeps at most `variantsPerItem` files of each
// kind (every new box or size is a new file): to make room the oldest ones no sticker shows are
// removed, and when every one is shown by a sticker a new one is refused.
import { createHash } from 'node:crypto'
import { BUCKETS } from '../../../src/lib/wardrobe/storage'
import { ApiError } from '../apiError'
import type { AdminClient } from '../supabaseAdmin'
import { readImageHeader } from '../vision/imageInput'
import type { BoxPercent, VisionService } from '../vision/types'
import { imagePathOf, readStorageObject, type StorageObject, type StorageReader } from './storageImage'

/** Spec §9: links to wardrobe images and stickers last a week. */
const STICKER_URL_LIFETIME = 604_800

export interface CutOutDeps {
  admin: AdminClient
  vision: VisionService
  reader: StorageReader
  variantsPerItem: number
}

export interface ItemRow {
  id: string
  user_id: string
  image_path: string
  is_public: boolean
  cutout_path: string | null
  /** Who made `cutout_path`: the engine, a device, or its owner by hand (`edited`). */
  cutout_source: 'engine' | 'device' | 'edited' | null
  analysis: { items?: Array<{ id?: unknown; boundingBox?: unknown }> } | null
}

export interface StoredCutOut {
  /** `wardrobe-stickers/<user>/…`, what rows store. */
  path: string
  /** A signed link to it (spec §7: `transparent_image_url` / `extracted_url`). */
  url: string
}

/** The item the caller names; 404 when there is none, 403 when it is someone else's private item. */
export async function visibleItem(
  admin: AdminClient,
  userId: string,
  itemId: string,
  options: { ownOnly: boolean },
): Promise<ItemRow> {
  const { data, error } = await admin
    .from('wardrobe_items')
    .select('id, user_id, image_path, is_public, cutout_path, cutout_source, analysis')
    .eq('id', itemId)
    .is('deleted_at', null)
    .maybeSingle()
  if (error) throw new Error(`Could not read the item: ${error.message}`)
  const item = data
  if (!item) throw new ApiError(404, 'Item not found')
  if (item.user_id !== userId && (options.ownOnly || !item.is_public)) {
    throw new ApiError(403, options.ownOnly ? 'You can only change your own items' : 'You can only use your own items or public ones')
  }
  return item
}

function split(imagePath: string): { bucket: string; path: string } {
  const slash = imagePath.indexOf('/')
  return { bucket: imagePath.slice(0, slash), path: imagePath.slice(slash + 1) }
}

async function exists(admin: AdminClient, imagePath: string): Promise<boolean> {
  const { bucket, path } = split(imagePath)
  const { data, error } = await admin.storage.from(bucket).exists(path)
  if (error) return false
  return data
}

export async function signedUrlOf(admin: AdminClient, imagePath: string): Promise<string> {
  const { bucket, path } = split(imagePath)
  const { data, error } = await admin.storage.from(bucket).createSignedUrl(path, STICKER_URL_LIFETIME)
  if (error || !data) throw new Error(`Could not sign ${imagePath}: ${error?.message ?? 'no URL'}`)
  return data.signedUrl
}

async function download(admin: AdminClient, imagePath: string): Promise<Uint8Array> {
  const { bucket, path } = split(imagePath)
  const { data, error } = await admin.storage.from(bucket).download(path)
  if (error || !data) throw new Error(`Could not read ${imagePath}: ${error?.message ?? 'no file'}`)
  return new Uint8Array(await data.arrayBuffer())
}

async function store(admin: AdminClient, imagePath: string, png: Uint8Array): Promise<void> {
  const { bucket, path } = split(imagePath)
  const { error } = await admin.storage
    .from(bucket)
    .upload(path, png, { contentType: 'image/png', upsert: true, cacheControl: '3600' })
  if (error) throw new Error(`Could not store ${imagePath}: ${error.message}`)
}

/**
 * Makes room for one more variant of an item in `folder` (`wardrobe-stickers/<user>/cutouts/`): when
 * it holds `max` already, the oldest that neither the item nor any sticker uses are removed; when all
 * are in use, 409.
 */
async function makeRoomForVariant(
  admin: AdminClient,
  folder: string,
  itemId: string,
  keep: string | null,
  max: number,
): Promise<void> {
  const { bucket, path } = split(folder)
  const { data, error } = await admin.storage
    .from(bucket)
    .list(path.replace(/\/$/, ''), { search: `${itemId}-`, limit: 1000, sortBy: { column: 'created_at', order: 'asc' } })
  if (error) throw new Error(`Could not list the cut-outs: ${error.message}`)
  const variants = (data ?? [])
    .filter((f) => f.name.startsWith(`${itemId}-`) && f.name.endsWith('.png'))
    .map((f) => `${folder}${f.name}`)
  const excess = variants.length - (max - 1)
  if (excess <= 0) return
  const used = await admin.from('wall_stickers').select('image_path').in('image_path', variants)
  if (used.error) throw new Error(`Could not read the stickers: ${used.error.message}`)
  const shown = new Set(((used.data ?? []) as Array<{ image_path: string }>).map((row) => row.image_path))
  const removable = variants.filter((v) => v !== keep && !shown.has(v)).slice(0, excess)
  if (removable.length < excess) {
    throw new ApiError(409, `This item has ${variants.length} cut-outs in use already. Delete a sticker made from it first.`)
  }
  const removed = await admin.storage.from(bucket).remove(removable.map((v) => split(v).path))
  if (removed.error) throw new Error(`Could not remove old cut-outs: ${removed.error.message}`)
}

const shortHash = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 12)

async function stored(admin: AdminClient, path: string): Promise<StoredCutOut> {
  return { path, url: await signedUrlOf(admin, path) }
}

/** Where cut-outs made for stickers live: the caller's own folder, so stickers own their picture. */
function cutoutFolder(userId: string): string {
  return `${BUCKETS.stickers}/${userId}/cutouts/`
}

/**
 * The item's image without its background, as a file of the caller's own that stickers may show. An
 * own item whose cut-out was made before answers at once; a picture that is already a cut-out (garments
 * from outfit photos) is copied, not run through the model; anything else is cut out once per source
 * image and size. The cut-out is remembered on the item when the item is the caller's.
 */
export async function removeItemBackground(
  deps: CutOutDeps,
  request: { userId: string; token: string; item: ItemRow; source: StorageObject; maxSize: number },
): Promise<StoredCutOut> {
  const { admin, vision } = deps
  const { item, userId } = request
  const sourcePath = imagePathOf(request.source)
  if (sourcePath !== item.image_path && sourcePath !== item.cutout_path) {
    throw new ApiError(400, "image_url must be the item's own image")
  }
  const own = item.user_id === userId
  if (own && item.cutout_path?.startsWith(cutoutFolder(userId)) && (await exists(admin, item.cutout_path))) {
    return stored(admin, item.cutout_path)
  }

  // Someone else's public item whose owner fixed its cut-out by hand: that fix is the item's cut-out for
  // everyone (the model would only make again what the owner corrected). The caller gets a copy.
  const handFixed = !own && item.cutout_source === 'edited' && item.cutout_path !== null ? item.cutout_path : null
  const target = `${cutoutFolder(userId)}${item.id}-${shortHash(handFixed ?? sourcePath, String(request.maxSize))}.png`
  if (!(await exists(admin, target))) {
    const bytes = handFixed ? await download(admin, handFixed) : await readStorageObject(deps.reader, request.token, request.source)
    await readImageHeader(bytes)
    await makeRoomForVariant(admin, cutoutFolder(userId), item.id, own ? item.cutout_path : null, deps.variantsPerItem)
    if (handFixed || request.source.bucket === BUCKETS.stickers) {
      // Already transparent (made by the engine): the caller gets their own copy.
      await store(admin, target, bytes)
    } else {
      const cutOut = await vision.removeBackground(bytes, { maxSize: request.maxSize })
      await store(admin, target, cutOut.png)
    }
  }
  if (own && item.cutout_path !== target) {
    const { error } = await admin.from('wardrobe_items').update({ cutout_path: target }).eq('id', item.id)
    if (error) throw new Error(`Could not remember the cut-out: ${error.message}`)
  }
  return stored(admin, target)
}

function isPercent(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100
}

/** A bounding box in percentages (spec §3), or null when `value` is not one. */
function boxOf(value: unknown): BoxPercent | null {
  if (!value || typeof value !== 'object') return null
  const { x, y, width, height } = value as Record<string, unknown>
  if (!isPercent(x) || !isPercent(y) || !isPercent(width) || !isPercent(height)) return null
  if (width < 1 || height < 1 || x + width > 100.5 || y + height > 100.5) return null
  return { x, y, width, height }
}

/**
 * Which box of the photo to cut out: the one sent with the item details, else the one the outfit
 * analysis recorded for the item (the outfit's own item holds it), else the whole photo.
 */
export async function boxForItem(
  admin: AdminClient,
  userId: string,
  item: ItemRow,
  details: Record<string, unknown>,
): Promise<BoxPercent> {
  const sent = details.boundingBox ?? details.BoundingBox
  if (sent !== undefined) {
    const box = boxOf(sent)
    if (!box) throw new ApiError(400, 'item_details.boundingBox must be percentages: { x, y, width, height }')
    return box
  }
  const wanted = [item.id, details.ID, details.id].filter((v): v is string => typeof v === 'string')
  const fromAnalysis = (analysis: ItemRow['analysis']) =>
    analysis?.items?.map((entry) => (typeof entry.id === 'string' && wanted.includes(entry.id) ? boxOf(entry.boundingBox) : null)).find(Boolean) ?? null
  const own = fromAnalysis(item.analysis)
  if (own) return own
  const { data, error } = await admin
    .from('wardrobe_items')
    .select('analysis')
    .eq('user_id', userId)
    .is('deleted_at', null)
    .not('analysis', 'is', null)
    .order('created_at', { ascending: false })
    .limit(200)
  if (error) throw new Error(`Could not read outfit analyses: ${error.message}`)
  for (const row of (data ?? []) as Array<Pick<ItemRow, 'analysis'>>) {
    const box = fromAnalysis(row.analysis)
    if (box) return box
  }
  return { x: 0, y: 0, width: 100, height: 100 }
}

/** Cuts one item's box out of a photo the caller may read (item extraction, spec §7). */
export async function extractItemImage(
  deps: CutOutDeps,
  request: { userId: string; token: string; item: ItemRow; source: StorageObject; box: BoxPercent; maxSize: number },
): Promise<StoredCutOut> {
  const { admin, vision } = deps
  const sourcePath = imagePathOf(request.source)
  const { x, y, width, height } = request.box
  const key = shortHash(sourcePath, [x, y, width, height].map((n) => n.toFixed(2)).join(','), String(request.maxSize))
  const folder = `${BUCKETS.stickers}/${request.userId}/extracted/`
  const target = `${folder}${request.item.id}-${key}.png`
  if (!(await exists(admin, target))) {
    const bytes = await readStorageObject(deps.reader, request.token, request.source)
    await readImageHeader(bytes)
    await makeRoomForVariant(admin, folder, request.item.id, request.item.cutout_path, deps.variantsPerItem)
    const cutOut = await vision.cutOutRegion(bytes, request.box, { maxSize: request.maxSize })
    await store(admin, target, cutOut.png)
  }
  return stored(admin, target)
}
