// storage.objects rows as the service reads and returns them, and the metadata JSON storage-api keeps
// on each object (eTag, size, mimetype, cacheControl, ...), which downloads and listings are served from.
import { createHash } from 'node:crypto'
import type { PGlite, Transaction } from '@electric-sql/pglite'

export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

export interface ObjectRow {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  created_at: Date
  updated_at: Date
  last_accessed_at: Date
  metadata: Partial<ObjectMetadata> | null
  user_metadata: Record<string, unknown> | null
  version: string | null
}

export const objectColumns =
  'id, bucket_id, name, owner, owner_id, created_at, updated_at, last_accessed_at, metadata, user_metadata, version'

/** The object if it exists and the querying role may select it (RLS applies inside asRole). */
export async function selectObject(
  db: PGlite | Transaction,
  bucketId: string,
  name: string,
): Promise<ObjectRow | null> {
  const { rows } = await db.query<ObjectRow>(
    `select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  )
  return rows[0] ?? null
}

export function objectMetadata(bytes: Uint8Array, mimetype: string, cacheControl: string): ObjectMetadata {
  return {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size: bytes.byteLength,
    mimetype,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: bytes.byteLength,
    httpStatusCode: 200,
  }
}

/** The object as remove() and list() return it. */
export function objectJson(row: ObjectRow) {
  return {
    name: row.name,
    bucket_id: row.bucket_id,
    owner: row.owner,
    owner_id: row.owner_id,
    id: row.id,
    updated_at: row.updated_at,
    created_at: row.created_at,
    last_accessed_at: row.last_accessed_at,
    metadata: row.metadata,
    user_metadata: row.user_metadata,
  }
}

/** The object as info() returns it (storage-js camel-cases the keys). */
export function objectInfoJson(row: ObjectRow) {
  const meta = row.metadata ?? {}
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: meta.lastModified ?? row.updated_at,
    created_at: row.created_at,
  }
}
