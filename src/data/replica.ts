// What a mutation or a hook needs to work on "the" replica: the signed-in user's database and a handle
// on the sync engine. The app builds one per signed-in user (or guest); tests build their own.
import type { MooriDB } from './db'
import type { ScopeKey } from './model/scopes'

/** The sync engine as the data layer sees it; plain calls, results arrive through the replica. */
export interface SyncHandle {
  /** Something was queued: push soon. */
  nudge(): void
  /** A screen needs this scope: keep it pulled and live. Returns a release function. */
  retainScope(scope: ScopeKey): () => void
  /** Try again now: push and re-pull every held scope (a 'Try Again' button). */
  resume?(): void
}

/** Turns stored image paths into URLs: public buckets directly, private ones by signing. */
export interface ImageSigner {
  publicUrl(bucket: string, path: string): string
  /** A signed URL valid for `expiresIn` seconds; throws when it cannot be made (e.g. offline). */
  sign(bucket: string, path: string, expiresIn: number): Promise<string>
}

/** An outfit job as the product API reports it (spec §5 processing status). */
export interface ProcessingStatus {
  status: 'queued' | 'processing' | 'completed' | 'failed'
  progress: number
  processed_items: number
  total_items: number
  error: string | null
  items: Array<{ item_id: string; description: string; extracted_url: string; image_path?: string }>
}

/**
 * The product API calls whose answer a user waits for (DESIGN §1): they need the network by nature and
 * throw `ApiCallError` with a message the screens can show when they cannot be made.
 */
export interface WardrobeApi {
  /** The item's cut-out in the caller's own folder (`bucket/path`), made once. */
  removeBackground(request: { itemId: string; imagePath: string; maxSize?: number }): Promise<{ path: string }>
  processingStatus(jobId: string): Promise<ProcessingStatus>
}

export class ApiCallError extends Error {
  override name = 'ApiCallError'
  constructor(
    message: string,
    /** 0 when the call never reached the server (offline). */
    readonly status: number,
  ) {
    super(message)
  }
}

export interface Replica {
  db: MooriDB
  /** The signed-in user, or null for a guest. */
  userId: string | null
  sync: SyncHandle
  images: ImageSigner
  api: WardrobeApi
}

/** Thrown by mutations when input breaks a rule; nothing was written. The message is the spec's. */
export class MutationError extends Error {
  override name = 'MutationError'
}
