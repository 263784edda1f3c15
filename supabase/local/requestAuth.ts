// Decides who a request is, the way Supabase's gateway and PostgREST do: the apikey must be one of the
// project's keys; the bearer token is either that key (the key's role) or a user JWT signed with the
// project secret (its role and claims). Each service turns a refusal into its own error shape.
import type { RequestAuth, ApiRole } from './db/asRole'
import type { ApiKeys } from './keys'
import { verifyJwt } from './keys'

type AuthRefusal =
  | { ok: false; reason: 'no_api_key'; message: 'No API key found in request' }
  | { ok: false; reason: 'invalid_api_key'; message: 'Invalid API key' }
  | { ok: false; reason: 'jwt_expired'; message: 'JWT expired' }
  | { ok: false; reason: 'jwt_invalid'; message: string }

export type AuthResolution = { ok: true; auth: RequestAuth; userJwt: string | null } | AuthRefusal

const apiRoles: ReadonlySet<string> = new Set<ApiRole>(['anon', 'authenticated', 'service_role'])

export function bearerToken(authorization: string | null | undefined): string | null {
  if (!authorization) return null
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim())
  return match ? match[1]!.trim() : null
}

function keyRole(keys: ApiKeys, key: string): 'anon' | 'service_role' | null {
  if (key === keys.anonKey) return 'anon'
  if (key === keys.serviceRoleKey) return 'service_role'
  return null
}

/** Resolves a token alone (realtime joins, signed-in checks): an API key or a user JWT. */
export async function resolveToken(secret: string, keys: ApiKeys, token: string): Promise<AuthResolution> {
  const role = keyRole(keys, token)
  if (role) return { ok: true, auth: { role, claims: { role } }, userJwt: null }
  const verified = await verifyJwt(secret, token)
  if (!verified.ok) {
    return verified.reason === 'expired'
      ? { ok: false, reason: 'jwt_expired', message: 'JWT expired' }
      : { ok: false, reason: 'jwt_invalid', message: 'Invalid JWT' }
  }
  const claimedRole = verified.claims.role
  if (typeof claimedRole !== 'string' || !apiRoles.has(claimedRole)) {
    return { ok: false, reason: 'jwt_invalid', message: 'JWT role is not allowed' }
  }
  return { ok: true, auth: { role: claimedRole as ApiRole, claims: verified.claims }, userJwt: token }
}

export async function resolveRequestAuth(
  secret: string,
  keys: ApiKeys,
  headers: { apikey: string | null | undefined; authorization: string | null | undefined },
): Promise<AuthResolution> {
  const apikey = headers.apikey?.trim()
  if (!apikey) return { ok: false, reason: 'no_api_key', message: 'No API key found in request' }
  if (!keyRole(keys, apikey)) return { ok: false, reason: 'invalid_api_key', message: 'Invalid API key' }
  return resolveToken(secret, keys, bearerToken(headers.authorization) ?? apikey)
}
