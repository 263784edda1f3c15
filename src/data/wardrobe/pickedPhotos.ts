// Many outfit photos at once (issue 25), kept before they are prepared: pressing Upload stores every picked
// original in the replica (`pickedFiles`, beside its row in `pickedPhotos`) in one transaction, and
// preparation works from there: each is
// shrunk, then kept as an item with its job in the transaction that deletes its picked row
// (`keepPickedOutfit`). So a reload, a killed tab or a crash between the steps loses no photo and keeps
// none twice; whatever still waits is prepared by whichever tab holds the preparation lock next.
import type { MooriDB } from '../db'
import type { PickedFile, PickedPhoto } from '../model/outbox'
import { MutationError, type Replica } from '../replica'
import { OUT_OF_SPACE_MESSAGE, withQuotaRecovery } from '../storageQuota'
import { newId } from '@/lib/ids'
import { messages } from '@/lib/messages'
import { keepPickedOutfit, type OutfitUpload } from './outfitUploads'
import { compareCodeUnits } from '@/lib/compareCodeUnits'
import { yieldToMain } from '@/lib/yieldToMain'

/** Shrinks one original (the app's is `downscaleImage`, in a web worker). */
export type Shrink = (file: File) => Promise<Blob>

export interface KeptPick {
  batchId: string
  /** The photos' ids, in the order picked; each becomes its job's id once kept. */
  ids: string[]
}

/** Stores the picked originals on the device, all or none; a full device gets a plain message. */
export async function keepPickedPhotos(
  replica: Replica,
  files: readonly File[],
  skipTagging: boolean,
  write: (run: () => Promise<void>) => Promise<void> = withQuotaRecovery,
): Promise<KeptPick> {
  if (!replica.userId) throw new MutationError(messages.wardrobeNeedsSignIn)
  const batchId = newId()
  const pickedAt = Date.now()
  const rows: PickedPhoto[] = files.map((file, position) => ({
    id: newId(),
    batchId,
    name: file.name,
    skipTagging,
    pickedAt,
    position,
    error: null,
  }))
  const originals: PickedFile[] = rows.map((row, i) => ({ id: row.id, file: files[i]! }))
  const { db } = replica
  try {
    await write(() =>
      db.transaction('rw', db.pickedPhotos, db.pickedFiles, async () => {
        await db.pickedPhotos.bulkAdd(rows)
        await db.pickedFiles.bulkAdd(originals)
      }),
    )
  } catch (error) {
    if (error instanceof MutationError && error.message === OUT_OF_SPACE_MESSAGE) throw new MutationError(messages.batchDeviceFull)
    throw error
  }
  return { batchId, ids: rows.map((row) => row.id) }
}

/** Every picked photo still on the device (waiting or failed), in the order picked. */
export async function pickedPhotosInOrder(db: MooriDB): Promise<PickedPhoto[]> {
  const rows = await db.pickedPhotos.toArray()
  return rows.sort((a, b) => a.pickedAt - b.pickedAt || compareCodeUnits(a.batchId, b.batchId) || a.position - b.position)
}

/** Sends a photo that could not be read or kept back to preparation (it re-reads the stored original). */
export async function retryPickedPhoto(replica: Replica, id: string, shrink: Shrink): Promise<void> {
  await replica.db.pickedPhotos.update(id, { error: null })
  await preparePickedPhotos(replica, shrink)
}

/** Drops a photo that could not be read or kept from its batch. */
export async function removePickedPhoto(replica: Replica, id: string): Promise<void> {
  await forgetPickedPhoto(replica.db, id)
}

/** Deletes a picked photo's row and its original together. */
function forgetPickedPhoto(db: MooriDB, id: string): Promise<void> {
  return db.transaction('rw', db.pickedPhotos, db.pickedFiles, async () => {
    await db.pickedPhotos.delete(id)
    await db.pickedFiles.delete(id)
  })
}

/** The stored original as a File again (IndexedDB hands a File back, a Blob if stored as one). */
async function originalOf(db: MooriDB, photo: PickedPhoto): Promise<File> {
  const stored = await db.pickedFiles.get(photo.id)
  if (!stored) throw new Error(`The original of picked photo ${photo.id} is not on this device`)
  const { file } = stored
  return file instanceof File ? file : new File([file], photo.name, { type: file.type })
}

/** Shrinks one waiting photo and keeps it; a failure stays on its row, with its message. */
async function prepareOne(replica: Replica, photo: PickedPhoto, shrink: Shrink): Promise<void> {
  const fail = (error: unknown) => {
    console.error('Could not keep an outfit photo of the batch', error)
    const message = error instanceof MutationError ? error.message : messages.batchPrepareFailed
    return replica.db.pickedPhotos.update(photo.id, { error: message })
  }
  let image: Blob
  try {
    image = await shrink(await originalOf(replica.db, photo))
  } catch (error) {
    await fail(error)
    return
  }
  try {
    await keepPickedOutfit(replica, photo.id, image)
  } catch (error) {
    await fail(error)
  }
}

interface Run {
  again: boolean
  done: Promise<void>
}

/** One preparation loop per replica in this tab. */
const runs = new WeakMap<MooriDB, Run>()

/** Prepares every waiting photo, one after another (the shrinking worker takes one at a time). Across
 * tabs one prepares at a time (a Web Lock per replica); a call while this tab's loop runs makes it look
 * again before it stops. Resolves when nothing waits. */
export function preparePickedPhotos(replica: Replica, shrink: Shrink): Promise<void> {
  const { db } = replica
  const current = runs.get(db)
  if (current) {
    current.again = true
    return current.done
  }
  const run: Run = { again: false, done: Promise.resolve() }
  const drain = async () => {
    for (;;) {
      run.again = false
      // The waiting list is read once a pass, not once a photo. Each is read again alone when its turn
      // comes, so one removed or kept meanwhile (another tab) is skipped; photos picked meanwhile wait a
      // pass.
      const waiting = (await pickedPhotosInOrder(db)).filter((photo) => photo.error === null).map((photo) => photo.id)
      if (waiting.length === 0 && !run.again) return
      for (const id of waiting) {
        const photo = await db.pickedPhotos.get(id)
        if (photo && photo.error === null) await prepareOne(replica, photo, shrink)
        // The photo's rows just changed: the screens render them before the next one is sent to shrink.
        await yieldToMain()
      }
    }
  }
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  const locked = locks ? async () => void (await locks.request(`moori-picked-photos:${db.name}`, drain)) : drain
  run.done = locked()
    .catch((error: unknown) => console.error('Preparing picked photos stopped', error))
    .finally(() => runs.delete(db))
  runs.set(db, run)
  return run.done
}

/** A pick of one photo, kept first like a batch and prepared at once: its item and job, or the error
 * that stopped it (then its row goes: the single upload shows its picker again, as before). */
export async function preparePickedPhoto(replica: Replica, id: string, shrink: Shrink): Promise<OutfitUpload> {
  await preparePickedPhotos(replica, shrink)
  const { db } = replica
  const job = await db.jobs.get(id)
  if (job?.input.item_id) return { itemId: job.input.item_id, jobId: id }
  const photo = await db.pickedPhotos.get(id)
  await forgetPickedPhoto(db, id)
  throw new MutationError(photo?.error ?? messages.batchPrepareFailed)
}
