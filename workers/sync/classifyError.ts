// Decides what a failed request means (DESIGN §4): retry later (network, 5xx, 429, timeouts, serialisation
// conflicts), refresh the token and retry (401), or never retry because the server refused the change
// itself (bad data 22xxx, constraints 23xxx, permissions/undefined objects 42xxx, raised rules P0001).
// Network failures are recognised by type (the transport's fetch wraps them), never by their wording.

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
    /** The HTTP status; 0 when the request got no answer, -1 when it failed on the device. */
    readonly status: number,
    readonly code: string | null = null,
    /** The server's `Retry-After` in milliseconds, when it named one (a 429 from the product API). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message)
  }
}

export function isSyncError(error: unknown): error is SyncError {
  return error instanceof SyncError
}

/** Thrown by the transport's fetch when a request got no answer at all (offline, dropped, answer lost). */
export class NetworkFailure extends Error {
  override name = 'NetworkFailure'
  constructor(readonly failure: unknown) {
    super(failure instanceof Error ? failure.message : String(failure))
  }
}

/** Whether an error, or the error a library wrapped it in (`originalError`, `cause`), is a network failure. */
export function isNetworkFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (e instanceof NetworkFailure) return true
    const wrapper = e as { originalError?: unknown; cause?: unknown }
    e = wrapper.originalError ?? wrapper.cause
  }
  return false
}

/** Any error as a SyncError: an unexpected one (a bug, a full disk) is retried later, like a network
 * failure, but keeps its own message so the log and the screen say what happened. */
export function asSyncError(error: unknown, what: string): SyncError {
  if (isSyncError(error)) return error
  if (isNetworkFailure(error)) return new SyncError('transient', `${what}: the network is unreachable`, 0)
  const message = error instanceof Error ? error.message : String(error)
  return new SyncError('transient', `${what}: ${message}`, -1)
}

/** Whether a failure means the device is offline (no answer at all), for the status chip. */
export function meansOffline(error: SyncError): boolean {
  return error.kind === 'transient' && error.status === 0
}
