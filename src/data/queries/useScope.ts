// Holds a sync scope while a screen is mounted (the engine keeps it pulled and live) and reports
// whether its data has arrived: 'loading' until the first pull, then 'ready', or 'error' when the
// first pull failed (offline with nothing stored yet). Data hooks read the scope's state inside their
// own live query (`readScopeStatus`), so "pulled" and "the rows" always come from one snapshot: a
// screen never flashes an empty or not-found state between the two.
import { useEffect } from 'react'
import type { MooriDB } from '../db'
import type { ScopeKey } from '../model/scopes'
import { scopeStatusOf, type ScopeStatusView } from '../model/scopeStatus'
import { useReplicaBase } from '../ReplicaContext'

export type { ScopeStatus, ScopeStatusView } from '../model/scopeStatus'

/** For use inside a live query, next to the rows it reads. */
export async function readScopeStatus(db: MooriDB, scope: ScopeKey): Promise<ScopeStatusView> {
  return scopeStatusOf(await db.scopes.get(scope))
}

/** Keeps the scope pulled and live while the calling component is mounted. */
export function useRetainScope(scope: ScopeKey | null): void {
  const { sync } = useReplicaBase()
  useEffect(() => (scope ? sync.retainScope(scope) : undefined), [sync, scope])
}
