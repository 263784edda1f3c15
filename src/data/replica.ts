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
}

export interface Replica {
  db: MooriDB
  /** The signed-in user, or null for a guest. */
  userId: string | null
  sync: SyncHandle
}

/** Thrown by mutations when input breaks a rule; nothing was written. The message is the spec's. */
export class MutationError extends Error {
  override name = 'MutationError'
}
