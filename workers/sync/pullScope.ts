// One pull of one scope, with the engine's only pull-failure path: whatever goes wrong (no network, a
// refusal, a reply that cannot be read, the replica failing to store it) is logged and written to the
// scope's row, where the screen shows it with Try Again. Nothing is thrown and nothing is swallowed:
// the caller gets the outcome and decides whether to retry. A 401 refreshes the token and tries again once.
import type { MooriDB } from '@/data/db'
import { isIncremental } from '@/data/model/scopes'
import { applyPull } from './applyToReplica'
import { asSyncError, type SyncError } from './classifyError'
import { parsePullResponse } from './parsePullResponse'
import { refreshToken } from './refreshToken'
import { restoreServerVersions } from './restoreServerVersion'
import { markScopeFailed } from './scopeState'
import type { SyncTransport, TokenSource } from './transport'

export interface PullContext {
  db: MooriDB
  transport: SyncTransport
  tokens: TokenSource
  /** Checked after every network call: a stopped engine writes nothing more. */
  stopped: () => boolean
  log: (message: string, error?: unknown) => void
}

export type PullOutcome = { status: 'pulled' } | { status: 'failed'; error: SyncError } | { status: 'stopped' }

async function fetchScope(context: PullContext, scope: string) {
  const state = await context.db.scopes.get(scope)
  const since = isIncremental(scope) ? (state?.cursor ?? '0') : '0'
  try {
    return parsePullResponse(scope, await context.transport.pull(scope, since))
  } catch (error) {
    const failure = asSyncError(error, `Could not pull ${scope}`)
    if (failure.kind !== 'auth' || !(await refreshToken(context.tokens, context.log))) throw failure
    return parsePullResponse(scope, await context.transport.pull(scope, since))
  }
}

export async function pullScope(context: PullContext, scope: string): Promise<PullOutcome> {
  try {
    const response = await fetchScope(context, scope)
    if (context.stopped()) return { status: 'stopped' }
    const absent = await applyPull(context.db, scope, response)
    if (absent.length > 0 && !context.stopped()) await restoreServerVersions(context.db, context.transport, absent)
    if (context.stopped()) return { status: 'stopped' }
    return { status: 'pulled' }
  } catch (error) {
    if (context.stopped()) return { status: 'stopped' }
    const failure = asSyncError(error, `Could not pull ${scope}`)
    context.log(`Pull of ${scope} failed (${failure.kind})`, error)
    try {
      await markScopeFailed(context.db, scope, failure.message)
    } catch (recordError) {
      context.log(`Could not record the failed pull of ${scope}`, recordError)
    }
    return { status: 'failed', error: failure }
  }
}
