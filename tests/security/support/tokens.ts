// Tokens an attacker makes: signed with the stack's (public, development) secret but without an
// expiry, or for the service role; and plain garbage. The stack must refuse all but the real ones.
import { SignJWT } from 'jose'
import type { World } from './world'

export async function tokenWithoutExp(world: World, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .sign(new TextEncoder().encode(world.stack.context.config.jwtSecret))
}

/** The owner's own claims with the expiry left out: a token that would never stop working. */
export function ownerTokenWithoutExp(world: World): Promise<string> {
  return tokenWithoutExp(world, {
    sub: world.owner.id,
    role: 'authenticated',
    aud: 'authenticated',
    email: world.owner.email,
  })
}

export function serviceRoleWithoutExp(world: World): Promise<string> {
  return tokenWithoutExp(world, { role: 'service_role' })
}

export const garbageToken = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl'
