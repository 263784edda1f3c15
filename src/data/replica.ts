// What a mutation or a hook needs to work on "the" replica: the signed-in user's database and a handle
// on the sync engine. The app builds one per signed-in user (or guest); tests build their own.
import type { MooriDB } from './db'
import type { SyncedTable } from './model/rows'
import type { ScopeKey } from './model/scopes'
import type { ProductApi } from './wardrobe/productApi'

/** The sync engine as the data layer sees it; plain calls, results arrive through the replica. */
export interface SyncHandle {
  /** Something was queued: push soon. */
  nudge(): void
  /** A screen needs this scope: keep it pulled and live. Returns a release function. */
  retainScope(scope: ScopeKey): () => void
  /** Try again now: push and re-pull every held scope (a 'Try Again' button). */
  resume?(): void
  /**
   * Read this row from the server again; it arrives in the replica like any server row (the outfit
   * job's status poll, for when live updates go quiet).
   */
  refreshRow?(table: SyncedTable, rowId: string): void
}

/** Turns stored image paths into URLs: public buckets directly, private ones by signing. */
export interface ImageSigner {
  publicUrl(bucket: string, path: string): string
  /** A public photo resized by Storage to `width` px wide; absent where Storage does not resize. */
  publicSizedUrl?(bucket: string, path: string, width: number): string
  /**
   * The object's token-free address (`/object/authenticated/…`): useless to the network without a
   * session, but the service worker's image cache keys it like any signed link of the same object, so
   * offline it shows what the device kept, with no signed link stored.
   */
  objectUrl(bucket: string, path: string): string
  /** A signed URL valid for `expiresIn` seconds; throws when it cannot be made (e.g. offline). */
  sign(bucket: string, path: string, expiresIn: number): Promise<string>
}

export interface Replica {
  db: MooriDB
  /** The signed-in user, or null for a guest. */
  userId: string | null
  sync: SyncHandle
  images: ImageSigner
  /** The product API, for calls whose answer the user waits for (DESIGN §1). */
  api: ProductApi
}

/** Thrown by mutations when input breaks a rule; nothing was written. The message is the spec's. */
export class MutationError extends Error {
  override name = 'MutationError'
}
