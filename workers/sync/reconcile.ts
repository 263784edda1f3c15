// Merges a row arriving from the server (pull or realtime) with the replica's copy. Fields the user
// changed that are still waiting in the outbox win; a row the user deleted stays deleted until the
// delete is pushed; an older server version never replaces a newer one (versions are ordered by the
// id of the writing transaction).

export interface PendingState {
  fields: ReadonlySet<string>
  removes: boolean
}

export function isNewer(a: string, b: string): boolean {
  if (!a) return false
  if (!b) return true
  return BigInt(a) > BigInt(b)
}

/** Returns the row to store, or null to leave the replica as it is. */
export function reconcile<T extends { txid: string }>(
  local: T | undefined,
  remote: T,
  pending: PendingState | undefined,
): T | null {
  if (pending?.removes) return null
  if (local && isNewer(local.txid, remote.txid)) return null
  if (!pending || pending.fields.size === 0 || !local) return remote
  const merged: Record<string, unknown> = { ...remote }
  const source = local as Record<string, unknown>
  for (const field of pending.fields) {
    if (field in source) merged[field] = source[field]
  }
  return merged as T
}
