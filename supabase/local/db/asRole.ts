// Runs work inside one transaction as a Supabase API role with JWT claims set the way PostgREST sets
// them (role switched with SET LOCAL ROLE, claims in request.jwt.claims), so row-level security and
// auth.uid() decide exactly as they would on a hosted project.
import type { PGlite, Transaction } from '@electric-sql/pglite'

export type ApiRole = 'anon' | 'authenticated' | 'service_role'

export interface RequestAuth {
  role: ApiRole
  claims: Record<string, unknown>
}

export const anonAuth: RequestAuth = { role: 'anon', claims: { role: 'anon' } }
export const serviceAuth: RequestAuth = { role: 'service_role', claims: { role: 'service_role' } }

export function userAuth(userId: string, extra: Record<string, unknown> = {}): RequestAuth {
  return {
    role: 'authenticated',
    claims: { sub: userId, role: 'authenticated', aud: 'authenticated', ...extra },
  }
}

const roles: ReadonlySet<string> = new Set<ApiRole>(['anon', 'authenticated', 'service_role'])

export async function setRequestAuth(tx: Transaction, auth: RequestAuth): Promise<void> {
  if (!roles.has(auth.role)) throw new Error(`Unknown role ${auth.role}`)
  await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(auth.claims)])
  await tx.exec(`set local role ${auth.role}`)
}

export function asRole<T>(pg: PGlite, auth: RequestAuth, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return pg.transaction(async (tx) => {
    await setRequestAuth(tx, auth)
    return work(tx)
  })
}
