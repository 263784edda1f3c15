// What every service of the local stack shares: settings, the database, the API keys and where files
// live. Services receive it when they are mounted; none of them reaches for globals.
import type { PGlite } from '@electric-sql/pglite'
import type { Context } from 'hono'
import type { StackConfig } from './config'
import type { OriginPolicy } from './guard/originPolicy'
import type { ApiKeys } from './keys'
import type { AuthResolution } from './requestAuth'
import type { SessionWatch } from './sessionWatch'
import type { ImageRenders } from './storage/renderCache'
import { resolveRequestAuth } from './requestAuth'

export interface StackContext {
  config: StackConfig
  db: PGlite
  keys: ApiKeys
  /** Which hosts and browser origins may reach the stack (HTTP and WebSocket alike). */
  origins: OriginPolicy
  /** Base URL clients reach the stack at, e.g. http://127.0.0.1:54321 (known once listening). */
  publicUrl(): string
  /** Directory that holds stored objects, one sub-directory per bucket. */
  storageRoot: string
  /** Sign-outs and deleted accounts, for the realtime channels that hold their tokens. */
  sessions: SessionWatch
  /** Storage's image renderer and its cache, bounded by `config.renders`. */
  renders: ImageRenders
}

/** Resolves the apikey and Authorization headers of a Hono request. */
export function requestAuthOf(ctx: StackContext, c: Context): Promise<AuthResolution> {
  return resolveRequestAuth(ctx.config.jwtSecret, ctx.keys, {
    apikey: c.req.header('apikey') ?? c.req.query('apikey'),
    authorization: c.req.header('authorization'),
  })
}
