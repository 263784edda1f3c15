// An outfit photo becoming wardrobe items (spec §4 outfit upload processing), local-first: the photo is
// kept on the device and shown at once as the outfit's own item, with a job that waits in the outbox
// behind the photo's upload. The sync worker uploads the photo, saves the item, then asks the product
// API to start the job under the id made here, so the screens follow it from the replica before,
// during and after it runs, offline and across reloads. The job itself, from queued to retried, is
// `outfitJobs.ts`'s.
import { newId } from '@/lib/ids'
import { BUCKETS } from '@/lib/wardrobe/storage'
import { messages } from '@/lib/messages'
import { toServer } from '../model/mapping'
import type { WardrobeItemRow } from '../model/rows'
import { MutationError, type Replica } from '../replica'
import { mutate } from '../mutations/mutate'
import { imageObjectPath, queueImage } from '../mutations/queueImage'
import { queueOutfitJob, requeueOutfitJob } from './outfitJobs'
import { ownItem } from './wardrobeItems'

const OUTFIT_NAME = 'Outfit'

export interface OutfitUpload {
  itemId: string
  jobId: string
}

/** Keeps an (already downscaled) outfit photo as a new item and queues its analysis. */
export async function uploadOutfit(replica: Replica, input: { image: Blob; skipTagging: boolean }): Promise<OutfitUpload> {
  const kept = await keepOutfit(replica, input, null)
  if (!kept) throw new MutationError(messages.batchPrepareFailed)
  return kept
}

/** Keeps a picked photo (issue 25), shrunk to `image`, as an item with its job, and deletes its picked row
 * in the same transaction: after a crash it is either still waiting or kept, never both, never neither.
 * The job takes the picked photo's id. Null when the row is gone (kept by another tab, or removed). */
export async function keepPickedOutfit(replica: Replica, photoId: string, image: Blob): Promise<OutfitUpload | null> {
  return keepOutfit(replica, { image, skipTagging: false }, photoId)
}

async function keepOutfit(
  replica: Replica,
  input: { image: Blob; skipTagging: boolean },
  pickedId: string | null,
): Promise<OutfitUpload | null> {
  const userId = replica.userId
  if (!userId) throw new MutationError(messages.wardrobeNeedsSignIn)
  const { db } = replica
  const itemId = newId()
  const jobId = pickedId ?? newId()
  const contentType = input.image.type || 'image/jpeg'
  return mutate(
    replica,
    [db.wardrobeItems, db.jobs, db.pendingUploads, ...(pickedId ? [db.pickedPhotos, db.pickedFiles] : [])],
    async ({ queue }) => {
      let skipTagging = input.skipTagging
      if (pickedId) {
        const picked = await db.pickedPhotos.get(pickedId)
        if (!picked) return null
        await db.pickedPhotos.delete(pickedId)
        await db.pickedFiles.delete(pickedId)
        // Kept already (its job carries its id): never twice.
        if (await db.jobs.get(jobId)) return null
        skipTagging = picked.skipTagging
      }
      const image = { bucket: BUCKETS.ootd, path: imageObjectPath(userId, 'ootd', itemId, contentType), blob: input.image, contentType }
      const upload = await queueImage(db, { table: 'wardrobeItems', rowId: itemId }, image, messages.uploadImageFailed)
      const now = new Date().toISOString()
      const item: WardrobeItemRow = {
        id: itemId,
        userId,
        imagePath: upload.imagePath,
        name: OUTFIT_NAME,
        description: null,
        isPublic: false,
        uploadSource: 'ootd',
        jobId,
        analysis: null,
        cutoutPath: null,
        cutoutSource: null,
        createdAt: now,
        updatedAt: now,
        txid: '',
      }
      await db.wardrobeItems.add(item)
      const start = await queueOutfitJob(db, jobId, item, skipTagging)
      queue(
        upload.upload,
        {
          table: 'wardrobeItems',
          rowId: itemId,
          fields: Object.keys(item),
          op: { op: 'insert', table: 'wardrobe_items', row: toServer('wardrobeItems', item) },
          failureMessage: messages.uploadImageFailed,
        },
        start,
      )
      return { itemId, jobId }
    },
    { storesFiles: true },
  )
}

/** Sends an outfit photo whose analysis failed (or never started) to a new job. */
export async function retryOutfit(replica: Replica, itemId: string, options: { skipTagging?: boolean } = {}): Promise<string> {
  const { db } = replica
  return mutate(replica, [db.wardrobeItems, db.jobs], async ({ queue }) => {
    const item = await ownItem(replica, itemId)
    if (!item.imagePath.startsWith(`${BUCKETS.ootd}/`)) throw new MutationError(messages.onlyOutfitsAnalysed)
    const retry = await requeueOutfitJob(db, item, options)
    queue(...retry.changes)
    return retry.jobId
  })
}

/** Sends the photo of a failed job (a batch's row knows only its job) to a new job. */
export async function retryOutfitJob(replica: Replica, jobId: string): Promise<string> {
  const job = await replica.db.jobs.get(jobId)
  const itemId = job?.input.item_id
  if (!itemId) throw new MutationError(messages.startOutfitFailed)
  return retryOutfit(replica, itemId)
}
