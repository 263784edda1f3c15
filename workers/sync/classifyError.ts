// Decides what a failed push means (DESIGN §4): retry later (network, 5xx, 429, timeouts, serialisation
// conflicts), refresh the token and retry (401), or never retry because the server refused the change
// itself (bad data 22xxx, constraints 23xxx, permissions/undefined objects 42xxx, raised rules P0001).

export type FailureKind = 'transient' | 'auth' | 'permanent'

const transientSqlStates = [/^08/, /^40/, /^53/, /^55P03$/, /^57/, /^58/, /^XX/]

export function classifySqlState(code: string | undefined | null): FailureKind {
  if (!code) return 'transient'
  if (transientSqlStates.some((r) => r.test(code))) return 'transient'
  if (code === 'PGRST301' || code === 'PGRST303') return 'auth'
  return 'permanent'
}

export function classifyStatus(status: number): FailureKind {
  if (status === 0 || status === 408 || status === 425 || status === 429 || status >= 500) return 'transient'
  if (status === 401) return 'auth'
  return 'permanent'
}

/** An error from the transport, already sorted. */
export class SyncError extends Error {
  override name = 'SyncError'
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly status: number = 0,
    readonly code: string | null = null,
  ) {
    super(message)
  }
}

export function isSyncError(error: unknown): error is SyncError {
  return error instanceof SyncError
}
