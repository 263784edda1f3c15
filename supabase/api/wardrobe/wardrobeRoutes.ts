// The wardrobe endpoints of the product API (spec §7): remove-background and extract-item answer with a
// cut-out the caller waits for; background-ootd queues an outfit job and answers at once; processing-status
// reads a job (the app reads jobs from its replica and uses this only as a fallback). Each checks that
// the caller acts for themselves and on things they may use, and answers every refusal as `{ error }`.
import type { Context, Hono } from 'hono'
import { isClientId, newId } from '../../../src/lib/ids'
import type { ProcessingStatusAnswer } from '../../../src/lib/wardrobe/jobs'
import { OUTFIT_PHOTO_BUCKETS } from '../../../src/lib/wardrobe/storage'
import { ApiError, errorResponse, jsonObjectBody } from '../apiError'
import { isCaller, type ApiEnv, type ApiUser } from '../requireUser'
import type { AdminClient } from '../supabaseAdmin'
import { ImageRejectedError, VisionBusyError, type VisionService } from '../vision/types'
import { readImageHeader } from '../vision/imageInput'
import { createCutOutBudget } from './cutOutBudget'
import { createFairCutOutLine, visionInLine } from './fairCutOutLine'
import { boxForItem, extractItemImage, removeItemBackground, signedUrlOf, visibleItem } from './cutouts'
import { queueOotdJob, readJob } from './jobStore'
import { readStorageObject, storageObjectOf, type StorageReader } from './storageImage'

export interface WardrobeRouteDeps {
  admin: () => AdminClient
  vision: () => VisionService
  reader: StorageReader
  /** Origins whose Storage URLs name this project's objects. */
  storageOrigins: () => readonly string[]
  /** A job was queued: the local job runner should look now. */
  jobQueued: () => void
  limits?: Partial<WardrobeLimits>
}

export interface WardrobeLimits {
  /**
   * Outfit jobs one user may have waiting or running: a whole batch of photos (the app takes 50 at once)
   * is accepted, and the job runner decides how many of them run at once (`runningPerUser`).
   */
  jobsPerUser: number
  /** Outfit jobs waiting or running for everyone, before new ones are refused (a few full batches). */
  jobsInTotal: number
  /** Cut-outs (remove-background, extract-item) one user may ask for at once, and then per minute. */
  cutOutBurst: number
  cutOutsPerMinute: number
  /** Cut-outs of one user in the vision pool at once; the rest wait their turn (fairCutOutLine.ts). */
  cutOutsInPoolPerUser: number
  /** Cut-out files kept per item and kind; older ones no sticker shows are removed to make room. */
  variantsPerItem: number
}

const defaultWardrobeLimits: WardrobeLimits = {
  jobsPerUser: 60,
  jobsInTotal: 500,
  cutOutBurst: 20,
  cutOutsPerMinute: 12,
  cutOutsInPoolPerUser: 2,
  variantsPerItem: 8,
}

const DEFAULT_MAX_SIZE = 800

function requireCaller(user: ApiUser, userId: unknown): void {
  if (!isCaller(user, userId)) throw new ApiError(403, 'user_id must be your own user id')
}

function clientIdField(value: unknown, field: string): string {
  if (typeof value !== 'string' || !isClientId(value)) throw new ApiError(400, `${field} must be an id`)
  return value
}

function maxSizeField(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_MAX_SIZE
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 64 || value > 2048) {
    throw new ApiError(400, 'max_size must be a whole number of pixels from 64 to 2048')
  }
  return value
}

function flagField(value: unknown, field: string): boolean {
  if (value === undefined || value === null) return false
  if (typeof value !== 'boolean') throw new ApiError(400, `${field} must be true or false`)
  return value
}

/** Turns the vision layer's refusals into answers: 400 for a bad image, 429 with Retry-After when busy. */
async function withVision<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ImageRejectedError) throw new ApiError(400, error.message)
    if (error instanceof VisionBusyError) {
      throw new ApiError(429, error.message, { 'Retry-After': String(error.retryAfterSeconds) })
    }
    throw error
  }
}

/** Endpoints whose answers carry `success` (spec §7) say `success: false` next to the error. */
const withSuccessFlag = (error: unknown, c: Context) => errorResponse(error, c, { success: false })

export function mountWardrobeRoutes(app: Hono<ApiEnv>, deps: WardrobeRouteDeps): void {
  const limits = { ...defaultWardrobeLimits, ...deps.limits }
  const line = createFairCutOutLine({ perUser: limits.cutOutsInPoolPerUser })
  const cutOutDeps = (userId: string) => ({
    admin: deps.admin(),
    vision: visionInLine(deps.vision(), line, userId),
    reader: deps.reader,
    variantsPerItem: limits.variantsPerItem,
  })
  const budget = createCutOutBudget({ burst: limits.cutOutBurst, perMinute: limits.cutOutsPerMinute })
  /** Spends one of the caller's cut-out tokens, or refuses with 429 and when to come back. */
  const spendCutOut = (userId: string) => {
    const wait = budget.take(userId)
    if (wait > 0) {
      throw new ApiError(429, 'You have asked for many cut-outs in a short time. Please try again in a moment.', {
        'Retry-After': String(wait),
      })
    }
  }

  app.post('/wardrobe/remove-background', async (c) => {
    const user = c.get('user')
    const body = await jsonObjectBody(c, '{ image_url, user_id, item_id, max_size }')
    requireCaller(user, body.user_id)
    const itemId = clientIdField(body.item_id, 'item_id')
    const maxSize = maxSizeField(body.max_size)
    const source = storageObjectOf(body.image_url, deps.storageOrigins())
    const item = await visibleItem(deps.admin(), user.id, itemId, { ownOnly: false })
    // Charged once the request is valid, before any work: a refusal costs nothing, a repeat does.
    spendCutOut(user.id)
    const result = await withVision(() =>
      removeItemBackground(cutOutDeps(user.id), { userId: user.id, token: c.get('accessToken'), item, source, maxSize }),
    )
    return c.json({ transparent_image_url: result.url, path: result.path })
  })

  app.post('/wardrobe/extract-item', async (c) => {
    try {
      const user = c.get('user')
      const body = await jsonObjectBody(c, '{ image_url, user_id, item_id, item_details }')
      requireCaller(user, body.user_id)
      const itemId = clientIdField(body.item_id, 'item_id')
      const details = body.item_details ?? {}
      if (typeof details !== 'object' || Array.isArray(details)) throw new ApiError(400, 'item_details must be an object')
      const source = storageObjectOf(body.image_url, deps.storageOrigins())
      const admin = deps.admin()
      const item = await visibleItem(admin, user.id, itemId, { ownOnly: true })
      const box = await boxForItem(admin, user.id, item, details as Record<string, unknown>)
      spendCutOut(user.id)
      const result = await withVision(() =>
        extractItemImage(cutOutDeps(user.id), { userId: user.id, token: c.get('accessToken'), item, source, box, maxSize: DEFAULT_MAX_SIZE }),
      )
      return c.json({ success: true, extracted_url: result.url, path: result.path })
    } catch (error) {
      return withSuccessFlag(error, c)
    }
  })

  app.post('/wardrobe/background-ootd', async (c) => {
    try {
      const user = c.get('user')
      const body = await jsonObjectBody(c, '{ image_url, user_id, skip_ai_extraction, skip_ai_tagging }')
      requireCaller(user, body.user_id)
      const processingId = body.processing_id === undefined ? newId() : clientIdField(body.processing_id, 'processing_id')
      const itemId = body.item_id === undefined || body.item_id === null ? null : clientIdField(body.item_id, 'item_id')
      const skipTagging = flagField(body.skip_ai_tagging, 'skip_ai_tagging')
      // Accepted for the spec's clients; the engine never redraws garments, it cuts them out.
      const skipExtraction = flagField(body.skip_ai_extraction, 'skip_ai_extraction')
      const photo = storageObjectOf(body.image_url, deps.storageOrigins())
      const admin = deps.admin()

      const earlier = await readJob(admin, processingId)
      if (earlier) {
        if (earlier.user_id !== user.id) throw new ApiError(409, 'processing_id is already taken')
        return c.json({ success: true, processing_id: earlier.id })
      }
      if (!OUTFIT_PHOTO_BUCKETS.includes(photo.bucket) || !photo.path.startsWith(`${user.id}/`)) {
        throw new ApiError(403, 'The outfit photo must be one of your own uploads')
      }
      if (itemId) {
        const item = await visibleItem(admin, user.id, itemId, { ownOnly: true })
        if (item.image_path !== `${photo.bucket}/${photo.path}`) throw new ApiError(400, "image_url must be the item's own image")
      }
      // Read as the caller: it must exist, be theirs to read, and be an image we will accept.
      await withVision(async () => readImageHeader(await readStorageObject(deps.reader, c.get('accessToken'), photo)))

      const outcome = await queueOotdJob(
        admin,
        {
          id: processingId,
          userId: user.id,
          input: {
            image_path: `${photo.bucket}/${photo.path}`,
            item_id: itemId,
            skip_ai_tagging: skipTagging,
            skip_ai_extraction: skipExtraction,
          },
        },
        limits,
      )
      if (outcome === 'taken') throw new ApiError(409, 'processing_id is already taken')
      if (outcome === 'user_limit') {
        throw new ApiError(429, `You have ${limits.jobsPerUser} outfit photos waiting already. Please wait for some to finish.`, {
          'Retry-After': '10',
        })
      }
      if (outcome === 'total_limit') {
        throw new ApiError(429, 'The wardrobe engine is busy. Please try again in a moment.', { 'Retry-After': '30' })
      }
      deps.jobQueued()
      return c.json({ success: true, processing_id: processingId })
    } catch (error) {
      return withSuccessFlag(error, c)
    }
  })

  app.get('/wardrobe/processing-status', async (c) => {
    const user = c.get('user')
    const id = c.req.query('processing_id')
    if (!id || !isClientId(id)) throw new ApiError(400, 'processing_id must be an id')
    const admin = deps.admin()
    const job = await readJob(admin, id)
    // Someone else's job is as unknown as a job that does not exist.
    if (!job || job.user_id !== user.id) throw new ApiError(404, 'Processing job not found')
    const items = await Promise.all(
      job.items.map(async (item) => ({
        item_id: item.item_id,
        description: item.description,
        extracted_url: await signedUrlOf(admin, item.image_path),
        image_path: item.image_path,
      })),
    )
    const answer: ProcessingStatusAnswer = {
      status: job.status,
      progress: job.progress,
      processed_items: job.processed_items,
      total_items: job.total_items,
      error: job.error,
      items,
    }
    return c.json(answer)
  })
}
