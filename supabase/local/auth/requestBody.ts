// Reading auth request bodies: JSON objects only (anything else is 400 bad_json), and the PKCE
// challenge supabase-js adds to sign-up, magic-link and recovery requests in PKCE mode.
import type { Context } from 'hono'
import { AuthError, validationError } from './authError'
import type { Json } from './users'

export async function readJsonBody(c: Context): Promise<Json> {
  const text = await c.req.text()
  if (!text.trim()) return {}
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AuthError(400, 'bad_json', 'Request body must be a JSON object')
  }
  return body as Json
}

export function optionalString(body: Json, field: string): string | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw validationError(`${field} must be a string`)
  return value
}

export interface PkceChallenge {
  challenge: string
  method: 's256' | 'plain'
}

/** Validates code_challenge + code_challenge_method (both or neither), from a body or a query. */
export function pkceChallengeOf(challenge: unknown, method: unknown): PkceChallenge | null {
  const hasChallenge = typeof challenge === 'string' && challenge !== ''
  const hasMethod = typeof method === 'string' && method !== ''
  if (!hasChallenge && !hasMethod) return null
  if (!hasChallenge || !hasMethod) {
    throw validationError('PKCE flow requires code_challenge_method and code_challenge')
  }
  const normalized = method.toLowerCase()
  if (normalized !== 's256' && normalized !== 'plain') {
    throw validationError('code challenge method not supported')
  }
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) {
    throw validationError('code challenge has to be between 43 and 128 characters')
  }
  return { challenge, method: normalized }
}
