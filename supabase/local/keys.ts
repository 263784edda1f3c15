// JWTs of the local stack: HS256 with the stack's secret, the same claims Supabase issues. The anon and
// service-role API keys are JWTs too (role claim only), derived deterministically from the secret so
// that they never change between runs and can be printed and documented.
import { SignJWT, jwtVerify, errors } from 'jose'

export interface ApiKeys {
  anonKey: string
  serviceRoleKey: string
}

/** Issued-at and expiry of the API keys: fixed, so the keys are the same on every machine. */
const KEY_IAT = 1_767_225_600 // 2026-01-01
const KEY_EXP = 2_082_758_400 // 2036-01-01
const LOCAL_ISSUER = 'supabase-local-moori'

function secretBytes(secret: string): Uint8Array {
  return new TextEncoder().encode(secret)
}

export async function makeApiKeys(secret: string): Promise<ApiKeys> {
  const sign = (role: string) =>
    new SignJWT({ iss: LOCAL_ISSUER, role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(KEY_IAT)
      .setExpirationTime(KEY_EXP)
      .sign(secretBytes(secret))
  return { anonKey: await sign('anon'), serviceRoleKey: await sign('service_role') }
}

export async function signJwt(secret: string, claims: Record<string, unknown>, expiresInSeconds: number) {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(secretBytes(secret))
}

export type VerifyResult =
  | { ok: true; claims: Record<string, unknown> }
  | { ok: false; reason: 'expired' | 'invalid' }

export async function verifyJwt(secret: string, token: string): Promise<VerifyResult> {
  try {
    // A token without `exp` would never stop working: refused, like any token it cannot date.
    const { payload } = await jwtVerify(token, secretBytes(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    })
    return { ok: true, claims: payload }
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' }
  }
}
