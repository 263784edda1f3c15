// The outbox: mutations waiting to reach the server, in the order they were made. Each entry carries
// the server operation to run, the replica row and fields it touched (so pulls never overwrite them
// while it waits), and the message the user sees if the server refuses it.
import type { PushWait } from './pushWait'
import type { SyncedTable } from './rows'
import type { ServerTable } from './tables'

/** Product API calls the outbox may carry (POST, relative to the API's base URL). */
type ApiPath = '/wardrobe/background-ootd'

export type RpcName =
  | 'move_polaroid'
  | 'move_wall_sticker'
  | 'delete_polaroid'
  | 'delete_wall_sticker'
  | 'delete_own_wall'
  /** Undo and redo: a compare-and-set of a row's watched columns, or its deletion or return. */
  | 'apply_undo'

export type RowChangeOp =
  | { op: 'insert'; table: ServerTable; row: Record<string, unknown> }
  | { op: 'update'; table: ServerTable; id: string; patch: Record<string, unknown> }

export type PushOp =
  | RowChangeOp
  /** Row changes that apply together or not at all (a bulk edit of many wardrobe items): one outbox
   * entry, one subtransaction on the server. */
  | { op: 'batch'; ops: RowChangeOp[] }
  | { op: 'call'; fn: RpcName; args: Record<string, unknown> }
  /** Puts a pending upload (a Blob kept in the replica) into Storage before the rows that use it. */
  | { op: 'upload'; bucket: string; path: string }
  /** Best-effort removal of a stored file after the row that used it is gone. */
  | { op: 'removeObject'; bucket: string; path: string }
  /** A product API call that must wait for the rows before it (starting an outfit job on an uploaded
   * photo); idempotent on the server, so a retry after a lost answer starts nothing twice. */
  | { op: 'api'; path: ApiPath; body: Record<string, unknown> }

/** What a refused change leaves on its row when the row exists only on this device (a job the product
 * API never started): there is no server version to put back, so the row gets `patch` and the message
 * the user reads in `messageField` instead. Kept on the entry, so the engine needs no rule of its own. */
export interface RefusalMark {
  patch: Record<string, unknown>
  messageField: string
}

/** A replica row a change sets `fields` of, or removes. */
export interface TouchedRow {
  table: SyncedTable
  rowId: string
  fields: string[]
  removes?: boolean
}

export interface OutboxEntry {
  /** Auto-increment: the order mutations were made in, which is the order they are pushed in. */
  seq?: number
  /** `${table}:${rowId}`: the replica row this entry touches. */
  key: string
  table: SyncedTable
  rowId: string
  /** Replica fields this entry sets; pulled data never overwrites them while the entry waits. */
  fields: string[]
  /** The whole row goes away locally (a delete): pulled data must not bring it back. */
  removes?: boolean
  /** Further rows a batch changes, each protected from pulled data like the entry's own row. */
  also?: TouchedRow[]
  /** `key` and the keys of `also` (a multi-entry index): "does anything wait for this row?" reads it. */
  keys: string[]
  op: PushOp
  /** Position saves of one item coalesce: only the latest is sent. */
  coalesce?: 'position'
  /** What the user reads if the server refuses this change (the spec's messages); `{message}` is
   * replaced by the server's words. */
  failureMessage: string
  /** What the user reads instead when the refusal is a uniqueness violation. */
  uniqueViolationMessage?: string
  /** The server's own words, when it gave any, replace `failureMessage` (product API refusals). */
  preferServerMessage?: boolean
  /** Set when the row exists only on this device: a refusal marks it instead of restoring it. */
  onRefused?: RefusalMark
  createdAt: number
  /** Bumped when a newer change is folded into this entry; a push only acknowledges what it sent. */
  rev: number
  attempts: number
  lastError?: string
}

export interface FailedMutation {
  id?: number
  entry: OutboxEntry
  code: string
  /** The server's words, for the curious and for support. */
  serverMessage: string
  /** The spec's message shown to the user. */
  message: string
  failedAt: number
  /** Set once the UI has told the user. */
  notified: number
}

export interface PendingUpload {
  /** `${bucket}/${path}`. */
  key: string
  bucket: string
  path: string
  blob: Blob
  contentType: string
  createdAt: number
}

/** An outfit photo picked for upload (issue 25), kept on the device as picked until it is shrunk and kept
 * as an item with its job (in the one transaction that deletes this row). Its id becomes the job's id.
 * The original itself is in `PickedFile`, under the same id. */
export interface PickedPhoto {
  id: string
  batchId: string
  name: string
  skipTagging: boolean
  /** Epoch ms. */
  pickedAt: number
  /** Its place in the batch, from 0. */
  position: number
  /** Why it could not be read or kept; it waits for Retry or Remove. Null while it waits its turn. */
  error: string | null
}

/** A picked photo's original (a File, or a Blob with the photo's `name` beside it), apart from its row:
 * the batch's live queries read the rows on every write of a batch, and never need the Files. */
export interface PickedFile {
  id: string
  file: Blob
}

export interface ScopeState {
  key: string
  /** Commit-safe cursor for incremental scopes; null for window scopes and before the first pull. */
  cursor: string | null
  lastPulledAt: number | null
  lastUsedAt: number
  status: 'new' | 'pulling' | 'ready' | 'error'
  /** Why the last pull failed (also logged), shown with Try Again; null once a pull succeeds. */
  error: string | null
  /** The scope's realtime channel: tests and the status wait on 'joined' instead of sleeping. Absent
   * for scopes without live changes and before the worker subscribed. */
  channel?: ChannelState
}

export type ChannelState = 'joining' | 'joined' | 'error' | 'closed'

export interface ScopeMember {
  scope: string
  table: SyncedTable
  rowId: string
}

export interface SyncState {
  id: 'sync'
  online: boolean
  pushing: boolean
  lastSyncedAt: number | null
  lastError: string | null
  /** Why the engine is not pushing right now, or what its push waits on (absent before it first ran). */
  push?: PushWait
}

export interface SignedUrl {
  /** `${bucket}/${path}`. */
  key: string
  url: string
  expiresAt: number
}

/** A row whose server version was masked by pending local fields: re-read it once they are pushed. */
export interface StaleRow {
  /** `${table}:${rowId}`. */
  key: string
  table: SyncedTable
  rowId: string
}
