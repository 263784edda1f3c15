// One outfit job, step by step (spec §4 outfit upload processing): read the photo (progress 10, set
// when the job was claimed), find the garments and cut them out (50), store each garment's cut-out as
// it is made, so the screens can show detected items as they appear, then save everything in one
// transaction (90) and finish (100).
import type { AdminClient } from '../supabaseAdmin'
import type { VisionService } from '../vision/types'
import type { JobProgress, JobRow } from './jobStore'
import { completeHeldJob } from './jobStore'
import { jobItemsOf, ootdRows } from './ootdRows'
import { readStorageObject, storageObjectOf, type StorageReader } from './storageImage'

export interface OotdJobDeps {
  admin: AdminClient
  vision: VisionService
  reader: StorageReader
  /** Reads Storage with this token (the service key): the photo was checked as the user's when queued. */
  serviceKey: string
  instanceId: string
  /** Writes progress; throws when this instance no longer holds the job. */
  report(patch: JobProgress): Promise<void>
}

export async function runOotdJob(deps: OotdJobDeps, job: JobRow): Promise<{ storedPaths: string[] }> {
  const started = performance.now()
  const photo = storageObjectOf(job.input.image_path, [])
  const bytes = await readStorageObject(deps.reader, deps.serviceKey, photo)
  const result = await deps.vision.analyseOutfit(bytes)
  const jobItems = jobItemsOf(job.id, job.user_id, result.garments)
  await deps.report({ progress: 50, total_items: jobItems.length, processed_items: 0, items: [] })

  const storedPaths: string[] = []
  for (const [index, garment] of result.garments.entries()) {
    const imagePath = jobItems[index]!.image_path
    const slash = imagePath.indexOf('/')
    const { error } = await deps.admin.storage
      .from(imagePath.slice(0, slash))
      .upload(imagePath.slice(slash + 1), garment.sticker.png, { contentType: 'image/png', upsert: true, cacheControl: '3600' })
    if (error) throw new Error(`Could not store a cut-out: ${error.message}`)
    storedPaths.push(imagePath)
    await deps.report({ processed_items: index + 1, items: jobItems.slice(0, index + 1) })
  }

  await deps.report({ progress: 90 })
  const rows = ootdRows(job, result, {
    processingTime: performance.now() - started,
    createdAt: new Date().toISOString(),
  })
  await completeHeldJob(deps.admin, job.id, deps.instanceId, rows)
  return { storedPaths }
}
