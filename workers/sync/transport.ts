// What the sync engine needs from the backend, as an interface: the engine runs against the real local
// stack through the Supabase implementation (faults injected into its fetch), and against an in-memory
// server flushed by hand in its unit tests (`testing/memoryTransport.ts`).
import type { PushOp } from '@/data/model/outbox'
import type { ChangeBinding } from '@/data/model/scopes'
import type { ServerTable } from '@/data/model/tables'

export type PushResult = { ok: true } | { ok: false; code: string; message: string }

/** What one sync_push call carries: row changes, batches of them (all or nothing), and calls. */
export type PushableOp = Extract<PushOp, { op: 'insert' | 'update' | 'call' | 'batch' }>

export interface PullResponse {
  scope: string
  cursor: string | null
  rows: Partial<Record<ServerTable, Array<Record<string, unknown>>>>
  members: Partial<Record<ServerTable, string[]>>
  wall_stats?: Array<{ wall_id: string; polaroid_count: number; preview_ids: string[] }>
}

export interface RealtimeChange {
  table: ServerTable
  eventType: 'INSERT' | 'UPDATE' | 'DELETE'
  record: Record<string, unknown>
  oldRecord: Record<string, unknown>
}

export type ChannelStatus = 'subscribed' | 'error' | 'closed'

export interface SyncTransport {
  /** Runs queued mutations in order; one result per operation (a batch's is its first refusal, or ok
   * when all of it applied). Throws SyncError for the request. */
  push(ops: PushableOp[]): Promise<PushResult[]>
  /** A scope's rows since the cursor, as the server sent them: the engine checks the reply
   * (`parsePullResponse`) before anything of it is stored. */
  pull(scope: string, since: string): Promise<unknown>
  /** Stores a file; a file already at this path (an earlier attempt whose answer was lost) is success. */
  upload(bucket: string, path: string, blob: Blob, contentType: string): Promise<void>
  removeObject(bucket: string, path: string): Promise<void>
  /** POSTs to the product API as the user; throws SyncError (permanent refusals carry the API's words). */
  callApi(path: string, body: Record<string, unknown>): Promise<void>
  /** The server's current version of a row as the user may see it, or null. */
  fetchRow(table: ServerTable, id: string): Promise<Record<string, unknown> | null>
  /** The server's current versions of the rows of `ids` the user may see (one request; at most
   * `FETCH_ROWS_MAX` ids), in no particular order. */
  fetchRows(table: ServerTable, ids: string[]): Promise<Array<Record<string, unknown>>>
  subscribe(
    name: string,
    bindings: ChangeBinding[],
    onChange: (change: RealtimeChange) => void,
    onStatus: (status: ChannelStatus) => void,
  ): () => Promise<void>
  /** Hands a fresh token to the realtime socket (after a refresh, or when the device wakes). */
  refreshRealtimeAuth(): Promise<void>
  close(): Promise<void>
}

/** How many ids one `fetchRows` request names (its URL stays short). */
export const FETCH_ROWS_MAX = 100

/** Where the engine gets the user's access token; the main thread owns the session. */
export interface TokenSource {
  get(): Promise<string | null>
  /** Asks the session owner for a new token after the server said 401. */
  refresh(): Promise<string | null>
}
