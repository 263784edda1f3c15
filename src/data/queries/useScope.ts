// Holds a sync scope while a screen is mounted (the engine keeps it pulled and live) and reports
// whether its data has arrived: 'loading' until the first pull, then 'ready', or 'error' when the
// first pull failed (offline with nothing stored yet).
import { useEffect } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import type { ScopeKey } from '../model/scopes'
import { useReplica } from '../ReplicaContext'

export type ScopeStatus = 'loading' | 'ready' | 'error'

export function useScope(scope: ScopeKey | null): { status: ScopeStatus; error: string | null } {
  const { db, sync } = useReplica()
  useEffect(() => (scope ? sync.retainScope(scope) : undefined), [sync, scope])
  const state = useLiveQuery(() => (scope ? db.scopes.get(scope) : undefined), [db, scope])
  if (!scope) return { status: 'ready', error: null }
  if (state?.lastPulledAt) return { status: 'ready', error: null }
  if (state?.status === 'error') return { status: 'error', error: state.error }
  return { status: 'loading', error: null }
}
