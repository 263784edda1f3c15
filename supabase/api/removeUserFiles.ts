// Finds and removes every stored object under a user's id folder, in every bucket (account deletion).
// Storage's list() shows one folder level at a time (sub-folders come back with a null id), so the
// walk recurses; removal goes in batches.
import { IMAGE_BUCKETS } from '../../src/lib/wardrobe/storage'
import type { AdminClient } from './supabaseAdmin'

const PAGE = 1000
const REMOVE_BATCH = 100

async function listFolder(admin: AdminClient, bucket: string, folder: string): Promise<string[]> {
  const paths: string[] = []
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await admin.storage
      .from(bucket)
      .list(folder, { limit: PAGE, offset, sortBy: { column: 'name', order: 'asc' } })
    if (error) throw new Error(`Could not list ${bucket}/${folder}: ${error.message}`)
    for (const entry of data) {
      const path = `${folder}/${entry.name}`
      if (entry.id === null) paths.push(...(await listFolder(admin, bucket, path)))
      else paths.push(path)
    }
    if (data.length < PAGE) return paths
  }
}

/** Removes everything under `<userId>/` in all four buckets; returns how many objects went. */
export async function removeUserFiles(admin: AdminClient, userId: string): Promise<number> {
  let removed = 0
  for (const bucket of IMAGE_BUCKETS) {
    const paths = await listFolder(admin, bucket, userId)
    for (let i = 0; i < paths.length; i += REMOVE_BATCH) {
      const batch = paths.slice(i, i + REMOVE_BATCH)
      const { error } = await admin.storage.from(bucket).remove(batch)
      if (error) throw new Error(`Could not remove files from ${bucket}: ${error.message}`)
      removed += batch.length
    }
  }
  return removed
}
