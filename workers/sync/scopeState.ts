// Every write to a scope's row in the replica (`scopes`): when it was last used and pulled, its cursor,
// the error of its last failed pull, and whether its realtime channel is joined. Screens read the row
// (loading, ready, or the error with Try Again); tests wait on `channel: 'joined'`. Writes merge, so
// no writer drops another's field.
import type { MooriDB } from '@/data/db'
import type { ChannelState, ScopeState } from '@/data/model/outbox'

async function patchScope(db: MooriDB, scope: string, patch: Partial<Omit<ScopeState, 'key'>>): Promise<void> {
  await db.transaction('rw', db.scopes, async () => {
    const current = await db.scopes.get(scope)
    await db.scopes.put({
      key: scope,
      cursor: null,
      lastPulledAt: null,
      lastUsedAt: Date.now(),
      status: 'new',
      error: null,
      ...current,
      ...patch,
    })
  })
}

/** A lease was taken or given back: the scope counts as used now (idle eviction starts from here). */
export function touchScope(db: MooriDB, scope: string): Promise<void> {
  return patchScope(db, scope, { lastUsedAt: Date.now() })
}

/** Inside the pull's own transaction: the rows are in, the cursor moves, any earlier error is over. */
export function markScopePulled(db: MooriDB, scope: string, cursor: string | null): Promise<void> {
  return patchScope(db, scope, { cursor, lastPulledAt: Date.now(), status: 'ready', error: null })
}

/** The pull failed: the screen shows why (with Try Again) until a pull succeeds. */
export function markScopeFailed(db: MooriDB, scope: string, message: string): Promise<void> {
  return patchScope(db, scope, { status: 'error', error: message })
}

export function markChannel(db: MooriDB, scope: string, channel: ChannelState): Promise<void> {
  return patchScope(db, scope, { channel })
}
