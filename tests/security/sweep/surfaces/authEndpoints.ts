// The auth service's administration (every user, with emails) is for the service role only: rows for
// its endpoints, tried with a user's token, the anon key and a service_role token without expiry.
import type { Case, Surface } from '../sweepTable'
import { forActors } from '../sweepTable'
import { send, seenIn } from '../../support/http'
import { serviceRoleWithoutExp } from '../../support/tokens'
import type { Actor, World } from '../../support/world'

interface AdminSpec {
  method: string
  path(world: World): string
  body?(world: World): unknown
  /** Whether the owner's account was read or changed. */
  reached(world: World, status: number, body: string): Promise<boolean> | boolean
}

async function ownerAccount(world: World): Promise<string> {
  const { rows } = await world.stack.db.query(
    'select email, raw_user_meta_data, banned_until from auth.users where id = $1',
    [world.owner.id],
  )
  return JSON.stringify(rows)
}

function adminEndpoint(name: string, spec: AdminSpec): Surface {
  const attempt =
    (bearer: (w: World, actor: Actor) => Promise<string> | string) => async (w: World, actor: Actor) => {
      const body = spec.body?.(w)
      const answer = await send(w.stack.port, {
        method: spec.method,
        path: spec.path(w),
        headers: {
          apikey: w.stack.anonKey,
          Authorization: `Bearer ${await bearer(w, actor)}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { effect: await spec.reached(w, answer.status, answer.body), seen: seenIn(answer) }
    }
  return {
    kind: 'auth',
    name,
    cases: (): Case[] => [
      ...forActors(
        ['anon', 'stranger', 'owner'],
        'refuse',
        'use the admin API with their own token',
        attempt((w, actor) => w.tokenOf(actor)),
      ),
      ...forActors(
        ['anon'],
        'refuse',
        'use it with a service_role token that never expires',
        attempt((w) => serviceRoleWithoutExp(w)),
      ),
    ],
  }
}

export const authEndpoints: Surface[] = [
  adminEndpoint('GET /auth/v1/admin/users', {
    method: 'GET',
    path: () => '/auth/v1/admin/users',
    reached: (w, status, body) => status === 200 || body.includes(w.owner.email),
  }),
  adminEndpoint('GET /auth/v1/admin/users/:id', {
    method: 'GET',
    path: (w) => `/auth/v1/admin/users/${w.owner.id}`,
    reached: (w, status, body) => status === 200 || body.includes(w.owner.email),
  }),
  adminEndpoint('PUT /auth/v1/admin/users/:id', {
    method: 'PUT',
    path: (w) => `/auth/v1/admin/users/${w.owner.id}`,
    body: () => ({ user_metadata: { pwned: true }, ban_duration: '876000h' }),
    reached: async (w, status) => status === 200 || (await ownerAccount(w)).includes('pwned'),
  }),
  adminEndpoint('DELETE /auth/v1/admin/users/:id', {
    method: 'DELETE',
    path: (w) => `/auth/v1/admin/users/${w.owner.id}`,
    reached: async (w, status) => status === 200 || (await ownerAccount(w)) === '[]',
  }),
]
