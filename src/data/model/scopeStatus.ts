// What a sync scope's stored state means to a screen: 'ready' once it has been pulled, 'error' when its
// first pull failed (offline with nothing stored yet), 'loading' until then. Pure and free of React and
// Dexie, so the boot script's early reads (src/data/early) judge a scope exactly as the hooks do.
import type { ScopeState } from './outbox'

export type ScopeStatus = 'loading' | 'ready' | 'error'

export interface ScopeStatusView {
  status: ScopeStatus
  error: string | null
}

/** A scope's status from its stored state (undefined: never asked for on this device). */
export function scopeStatusOf(state: ScopeState | undefined): ScopeStatusView {
  if (state?.lastPulledAt) return { status: 'ready', error: null }
  if (state?.status === 'error') return { status: 'error', error: state.error }
  return { status: 'loading', error: null }
}
