// The Google stand-in carries the sign-in request (where to return, PKCE challenge) from the consent
// page to its form submission in a signed, short-lived state value, so the form cannot be replayed
// later or altered to send tokens elsewhere.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { PkceChallenge } from './requestBody'

export interface OAuthState {
  provider: 'google'
  redirectTo: string
  pkce: PkceChallenge | null
  /** Unix seconds. */
  expiresAt: number
}

const stateLifetimeSeconds = 600

function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('moori-local-oauth-state').digest()
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', keyOf(secret)).update(payload).digest('base64url')
}

export function encodeOAuthState(secret: string, state: Omit<OAuthState, 'expiresAt'>): string {
  const full: OAuthState = { ...state, expiresAt: Math.floor(Date.now() / 1000) + stateLifetimeSeconds }
  const payload = Buffer.from(JSON.stringify(full)).toString('base64url')
  return `${payload}.${sign(secret, payload)}`
}

/** Null when the value was not made by this stack or has expired. */
export function decodeOAuthState(secret: string, value: string): OAuthState | null {
  const [payload, signature, extra] = value.split('.')
  if (!payload || !signature || extra !== undefined) return null
  const expected = Buffer.from(sign(secret, payload))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  try {
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as OAuthState
    return state.expiresAt > Date.now() / 1000 ? state : null
  } catch {
    return null
  }
}
