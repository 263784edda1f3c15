// A bucket's upload rules (size limit, allowed MIME types) and the check every upload passes. Bucket
// settings are read as the database owner: enforcing them must not depend on whether the caller may
// see the bucket row.
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { sniffImageType } from './sniffImage'
import { storageErrors } from './storageError'

/** The most any upload may be, whatever its bucket says (hosted Supabase's default global limit). */
const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024

export interface BucketRow {
  id: string
  name: string
  owner: string | null
  owner_id: string | null
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: Date
  updated_at: Date
}

export const bucketColumns = `id, name, owner, owner_id, public, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, created_at, updated_at`

export async function loadBucket(db: PGlite | Transaction, id: string): Promise<BucketRow | null> {
  const { rows } = await db.query<BucketRow>(`select ${bucketColumns} from storage.buckets where id = $1`, [
    id,
  ])
  return rows[0] ?? null
}

export async function requireBucket(db: PGlite | Transaction, id: string): Promise<BucketRow> {
  const bucket = await loadBucket(db, id)
  if (!bucket) throw storageErrors.noSuchBucket()
  return bucket
}

export function uploadSizeLimit(bucket: BucketRow): number {
  const own = bucket.file_size_limit
  return own !== null && own >= 0 ? Math.min(own, GLOBAL_FILE_SIZE_LIMIT) : GLOBAL_FILE_SIZE_LIMIT
}

/** The type/subtype part of a content type, lower-cased. */
function mimeEssence(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase()
}

function mimeAllowed(bucket: BucketRow, essence: string): boolean {
  const allowed = bucket.allowed_mime_types
  if (!allowed || allowed.length === 0) return true
  return allowed.some((pattern) => {
    const p = pattern.trim().toLowerCase()
    return p.endsWith('/*') ? essence.startsWith(p.slice(0, -1)) : p === essence
  })
}

/** Refuses bytes the bucket does not take: too big, a type it does not allow, or a fake image. */
export function checkUpload(bucket: BucketRow, mimetype: string, bytes: Uint8Array): void {
  if (bytes.byteLength > uploadSizeLimit(bucket)) throw storageErrors.tooLarge()
  const essence = mimeEssence(mimetype)
  if (!/^[\w.+-]+\/[\w.+-]+$/.test(essence) || !mimeAllowed(bucket, essence)) {
    throw storageErrors.invalidMime(mimetype)
  }
  if (essence.startsWith('image/')) {
    const sniffed = sniffImageType(bytes)
    if (!sniffed || !mimeAllowed(bucket, sniffed)) throw storageErrors.invalidMime(mimetype)
  }
}

const sizeUnits: Record<string, number> = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3 }

/** `fileSizeLimit` as storage-js sends it: a byte count, a string like '5MB', or null for none. */
export function parseFileSizeLimit(value: unknown): number | null | undefined {
  if (value === undefined) return undefined
  if (value === null || value === '') return null
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value
  if (typeof value === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value)
    if (match) return Math.floor(Number(match[1]) * sizeUnits[(match[2] ?? 'b').toLowerCase()]!)
  }
  throw storageErrors.invalidRequest('file_size_limit must be a number of bytes or a size like "5MB"')
}

export function parseAllowedMimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined) return undefined
  if (value === null) return null
  if (
    Array.isArray(value) &&
    value.every((v) => typeof v === 'string' && /^[\w.+-]+\/([\w.+-]+|\*)$/.test(v))
  ) {
    return value as string[]
  }
  throw storageErrors.invalidRequest('allowed_mime_types must be a list of MIME types')
}
