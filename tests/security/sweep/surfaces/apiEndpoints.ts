// One row per /api endpoint of the product API. Nobody gets in without a real session (no token, the
// anon key, a token with no expiry, a forged one), and a signed-in stranger cannot act for the owner
// (a body naming the owner's ids). To add an endpoint, add one apiEndpoint({...}) line below.
import type { Case, Surface } from '../sweepTable'
import { send, seenIn } from '../../support/http'
import { garbageToken, ownerTokenWithoutExp } from '../../support/tokens'
import type { Actor, World } from '../../support/world'

export interface ApiEndpointSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Below /api, e.g. `/walls`. */
  path: string
  /** The body an actor sends; for a stranger, one that names the owner's ids (impersonation). */
  body?(world: World, actor: Actor): unknown
  /** A query string naming the owner's things (`?processing_id=…`); a stranger sends it too. */
  query?(world: World): string
  /** Public endpoints (health) answer anyone. */
  public?: boolean
  /** The owner calling it is a harmless positive control (false for DELETE /account). */
  ownerControl?: boolean
  /** Further attempts on what the endpoint makes (e.g. what a moodboard shows to anyone). */
  extraCases?: Case[]
}

async function callApi(world: World, spec: ApiEndpointSpec, bearer: string | null, actor: Actor) {
  const body = spec.body?.(world, actor)
  return send(world.stack.port, {
    method: spec.method,
    path: `/api${spec.path}${spec.query?.(world) ?? ''}`,
    headers: {
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

const succeeded = (status: number) => status >= 200 && status < 300

export function apiEndpoint(spec: ApiEndpointSpec): Surface {
  const refusedWith = (
    name: string,
    actor: Actor,
    bearer: (w: World) => Promise<string | null> | string | null,
  ): Case => ({
    name,
    actor,
    expect: 'refuse',
    async run(w) {
      const answer = await callApi(w, spec, await bearer(w), actor)
      return { effect: succeeded(answer.status), seen: seenIn(answer) }
    },
  })
  return {
    kind: 'api',
    name: `${spec.method} ${spec.path}`,
    cases(): Case[] {
      if (spec.public) {
        return [
          {
            name: 'answer without a session',
            actor: 'anon',
            expect: 'allow',
            async run(w) {
              const answer = await callApi(w, spec, null, 'anon')
              return { effect: succeeded(answer.status), seen: seenIn(answer) }
            },
          },
        ]
      }
      const cases: Case[] = [
        refusedWith('call without a token', 'anon', () => null),
        refusedWith('call with the anon key as token', 'anon', (w) => w.stack.anonKey),
        refusedWith('call with a forged token', 'anon', () => garbageToken),
        refusedWith('call with the owner’s claims minus the expiry', 'anon', (w) => ownerTokenWithoutExp(w)),
      ]
      if (spec.body)
        cases.push(
          refusedWith('act for the owner (their ids in the body)', 'stranger', (w) => w.tokenOf('stranger')),
        )
      if (spec.query)
        cases.push(
          refusedWith('read the owner’s things (their ids in the query)', 'stranger', (w) =>
            w.tokenOf('stranger'),
          ),
        )
      if (spec.ownerControl) {
        cases.push({
          name: 'call as themselves',
          actor: 'owner',
          expect: 'allow',
          async run(w) {
            const answer = await callApi(w, spec, w.tokenOf('owner'), 'owner')
            return { effect: succeeded(answer.status), seen: seenIn(answer) }
          },
        })
      }
      return [...cases, ...(spec.extraCases ?? [])]
    },
  }
}

/** Issue 23: the owner makes a moodboard from their private item's own name; anyone then reads the
 * public wall's cards. A private item (its name, description, picture) must not be on it. */
const moodboardOfPrivateItem: Case = {
  name: 'see the owner’s private item on a moodboard made from its name',
  actor: 'anon',
  expect: 'refuse',
  async run(w) {
    const itemName = w.secrets.find((s) => s.startsWith('SECRET-item-name-')) ?? ''
    const made = await send(w.stack.port, {
      method: 'POST',
      path: '/api/walls',
      headers: { Authorization: `Bearer ${w.tokenOf('owner')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prompt: itemName.replaceAll('-', ' '), owner_id: w.owner.id }),
    })
    const wallId = (JSON.parse(made.body) as { wallId?: string }).wallId ?? 'none'
    const cards = await send(w.stack.port, {
      path: `/rest/v1/polaroids?wall_id=eq.${wallId}&select=name,message,image_path`,
      headers: { apikey: w.stack.anonKey },
    })
    return {
      effect: made.status === 201 && itemName !== '' && cards.body.includes(itemName),
      seen: seenIn(cards),
    }
  },
}

export const apiEndpoints: Surface[] = [
  apiEndpoint({ method: 'GET', path: '/health', public: true }),
  apiEndpoint({ method: 'GET', path: '/me', ownerControl: true }),
  apiEndpoint({
    method: 'POST',
    path: '/walls',
    body: (w) => ({ prompt: 'open coat', owner_id: w.owner.id }),
    ownerControl: true,
    extraCases: [moodboardOfPrivateItem],
  }),
  apiEndpoint({ method: 'DELETE', path: '/account' }),
  apiEndpoint({
    method: 'POST',
    path: '/wardrobe/remove-background',
    body: (w) => ({
      image_url: `wardrobe-images/${w.files.privateItem}`,
      user_id: w.owner.id,
      item_id: w.privateItem,
      max_size: 800,
    }),
    ownerControl: true,
  }),
  apiEndpoint({
    method: 'POST',
    path: '/wardrobe/extract-item',
    body: (w) => ({
      image_url: `wardrobe-images/${w.files.privateItem}`,
      user_id: w.owner.id,
      item_id: w.privateItem,
      item_details: {},
    }),
  }),
  apiEndpoint({
    method: 'POST',
    path: '/wardrobe/background-ootd',
    body: (w) => ({
      image_url: `ootd-images/${w.files.ootd}`,
      user_id: w.owner.id,
      skip_ai_extraction: true,
      skip_ai_tagging: false,
    }),
  }),
  apiEndpoint({
    method: 'GET',
    path: '/wardrobe/processing-status',
    query: (w) => `?processing_id=${w.job}`,
    ownerControl: true,
  }),
]
