// One row per REST table. Every table gets the same attempts: read, count and list the owner's private
// row; change, tombstone and delete the owner's rows; insert a row in the owner's name. Outsiders must
// be refused each time; the owner reading their own private row is the positive control.
import type { Case, Surface } from '../sweepTable'
import { forActors, outsiders } from '../sweepTable'
import { callAs, ok, rowNow, rowsOf, seenIn, totalOf } from '../../support/rest'
import { randomUUID } from 'node:crypto'
import { newId, type Actor, type World } from '../../support/world'

export interface TableSpec {
  table: string
  /** A row only the owner may see (null: the table has none, e.g. profiles are all public). */
  privateRow(world: World): string | null
  /** A row of the owner everyone may see but only the owner may change. */
  publicRow(world: World): string | null
  /** A real change an attacker would like to make. */
  attack: Record<string, unknown>
  /** A row an actor would like to insert in someone else's name or place; null when not applicable. */
  intruder(world: World, actor: Actor): Record<string, unknown> | null
  /** Cases only this table has. */
  extra?(world: World): Case[]
}

function changed(before: Record<string, unknown> | null, after: Record<string, unknown> | null): boolean {
  const strip = (row: Record<string, unknown> | null) => {
    if (!row) return null
    const { updated_at: _u, txid: _t, ...rest } = row
    return JSON.stringify(rest)
  }
  return strip(before) !== strip(after)
}

function readCases(spec: TableSpec, id: string, which: string): Case[] {
  const path = `/rest/v1/${spec.table}?id=eq.${encodeURIComponent(id)}&select=*`
  const read = async (world: World, actor: Actor) => {
    const answer = await callAs(world, actor, { path, headers: { Prefer: 'count=exact' } })
    return { effect: rowsOf(answer).length > 0 || totalOf(answer) > 0, seen: seenIn(answer) }
  }
  const count = async (world: World, actor: Actor) => {
    const answer = await callAs(world, actor, { method: 'HEAD', path, headers: { Prefer: 'count=exact' } })
    return { effect: totalOf(answer) > 0, seen: seenIn(answer) }
  }
  return [
    ...forActors(outsiders, 'refuse', `read the ${which} row by id`, read),
    ...forActors(outsiders, 'refuse', `count the ${which} row`, count),
    ...forActors(['owner'], 'allow', `read the own ${which} row by id`, read),
  ]
}

function writeCases(spec: TableSpec, id: string, which: string): Case[] {
  const path = `/rest/v1/${spec.table}?id=eq.${encodeURIComponent(id)}`
  const attempt = (body: Record<string, unknown>) => async (world: World, actor: Actor) => {
    const before = await rowNow(world, spec.table, id)
    const answer = await callAs(world, actor, {
      method: 'PATCH',
      path,
      body,
      headers: { Prefer: 'return=representation' },
    })
    return { effect: changed(before, await rowNow(world, spec.table, id)), seen: seenIn(answer) }
  }
  const remove = async (world: World, actor: Actor) => {
    const before = await rowNow(world, spec.table, id)
    const answer = await callAs(world, actor, {
      method: 'DELETE',
      path,
      headers: { Prefer: 'return=representation' },
    })
    return { effect: changed(before, await rowNow(world, spec.table, id)), seen: seenIn(answer) }
  }
  return [
    ...forActors(outsiders, 'refuse', `change the owner's ${which} row`, attempt(spec.attack)),
    ...forActors(
      outsiders,
      'refuse',
      `tombstone the owner's ${which} row`,
      attempt({ deleted_at: new Date().toISOString() }),
    ),
    ...forActors(outsiders, 'refuse', `delete the owner's ${which} row`, remove),
  ]
}

export function restTable(spec: TableSpec): Surface {
  return {
    kind: 'table',
    name: spec.table,
    cases(world) {
      const cases: Case[] = []
      const privateRow = spec.privateRow(world)
      const publicRow = spec.publicRow(world)
      if (privateRow) {
        cases.push(...readCases(spec, privateRow, 'private'), ...writeCases(spec, privateRow, 'private'))
        const list = async (w: World, actor: Actor) => {
          const answer = await callAs(w, actor, {
            path: `/rest/v1/${spec.table}?select=*`,
            headers: { Prefer: 'count=exact' },
          })
          return { effect: answer.body.includes(privateRow), seen: seenIn(answer) }
        }
        cases.push(...forActors(outsiders, 'refuse', 'list every row', list))
        cases.push(...forActors(['owner'], 'allow', 'list every row (own private one included)', list))
      }
      if (publicRow) cases.push(...writeCases(spec, publicRow, 'public'))
      for (const actor of outsiders) {
        cases.push({
          name: 'insert a row in the owner’s name or place',
          actor,
          expect: 'refuse',
          async run(w) {
            const row = spec.intruder(w, actor)
            if (!row) return { effect: false, seen: '' }
            const answer = await callAs(w, actor, {
              method: 'POST',
              path: `/rest/v1/${spec.table}`,
              body: row,
            })
            return {
              effect: ok(answer) || (await rowNow(w, spec.table, String(row.id))) !== null,
              seen: seenIn(answer),
            }
          },
        })
      }
      return [...cases, ...(spec.extra?.(world) ?? [])]
    },
  }
}

const later = () => newId('intruder')

export const restTables: Surface[] = [
  restTable({
    table: 'profiles',
    privateRow: () => null,
    publicRow: (w) => w.owner.id,
    attack: { bio: 'pwned', display_name: 'pwned' },
    intruder: () => ({ id: randomUUID(), username: `impostor_${Date.now()}` }),
  }),
  restTable({
    table: 'walls',
    privateRow: (w) => w.privateWall,
    publicRow: (w) => w.publicWall,
    attack: { name: 'pwned', private: false },
    intruder: (w) => ({ id: later(), name: 'Not yours', owner_id: w.owner.id }),
  }),
  restTable({
    table: 'polaroids',
    privateRow: (w) => w.privatePolaroid,
    publicRow: (w) => w.publicPolaroid,
    attack: { message: 'pwned', x: 9, original_page_url: 'https://evil.example/' },
    intruder: (w, actor) => ({
      id: later(),
      wall_id: w.privateWall,
      external_url: 'https://example.com/x.jpg',
      created_by: actor === 'stranger' ? w.stranger.id : w.owner.id,
    }),
  }),
  restTable({
    table: 'wall_stickers',
    privateRow: (w) => w.privateSticker,
    publicRow: (w) => w.publicSticker,
    attack: { x: 9, original_item_name: 'pwned' },
    // On the public wall, as themselves, but showing the owner's private wardrobe image: that would
    // make the private image readable to everyone who can see the wall.
    intruder: (w, actor) => ({
      id: later(),
      wall_id: w.publicWall,
      image_path: `wardrobe-images/${w.files.privateItem}`,
      created_by: actor === 'stranger' ? w.stranger.id : w.owner.id,
    }),
  }),
  restTable({
    table: 'wardrobe_items',
    privateRow: (w) => w.privateItem,
    publicRow: (w) => w.publicItem,
    attack: { name: 'pwned', is_public: true },
    intruder: (w) => ({
      id: later(),
      user_id: w.owner.id,
      image_path: `wardrobe-images/${w.files.privateItem}`,
    }),
  }),
  restTable({
    table: 'clothing_tags',
    privateRow: (w) => w.privateTag,
    publicRow: (w) => w.publicTag,
    attack: { tag_value: 'pwned' },
    intruder: (w) => ({ id: later(), wardrobe_item_id: w.publicItem, tag_type: 'color', tag_value: 'red' }),
  }),
  restTable({
    table: 'processing_jobs',
    privateRow: (w) => w.job,
    publicRow: () => null,
    attack: { status: 'failed', error: 'pwned' },
    intruder: (w, actor) => ({
      id: later(),
      user_id: actor === 'stranger' ? w.stranger.id : w.owner.id,
      kind: 'ootd',
    }),
    // Jobs are written by the product API (service role) only, not even by the user they belong to.
    extra: () => [
      {
        name: 'write a job of their own',
        actor: 'owner',
        expect: 'refuse',
        async run(w) {
          const id = later()
          const answer = await callAs(w, 'owner', {
            method: 'POST',
            path: '/rest/v1/processing_jobs',
            body: { id, user_id: w.owner.id, kind: 'ootd', status: 'completed' },
          })
          return { effect: (await rowNow(w, 'processing_jobs', id)) !== null, seen: seenIn(answer) }
        },
      },
    ],
  }),
  // The wear diary (issue 41): private to the owner even on the public item; nobody else reads or
  // writes a wear, a plan or a price, and nobody records one in the owner's name or on their items.
  restTable({
    table: 'wears',
    privateRow: (w) => w.wear,
    publicRow: () => null,
    attack: { worn_on: '2000-01-01' },
    intruder: (w, actor) => ({
      id: later(),
      user_id: actor === 'stranger' ? w.stranger.id : w.owner.id,
      item_id: w.publicItem,
      worn_on: new Date().toISOString().slice(0, 10),
    }),
  }),
  restTable({
    table: 'outfit_plans',
    privateRow: (w) => w.plan,
    publicRow: () => null,
    attack: { planned_for: '2000-01-01', item_ids: [] },
    intruder: (w, actor) => ({
      id: later(),
      user_id: actor === 'stranger' ? w.stranger.id : w.owner.id,
      planned_for: new Date().toISOString().slice(0, 10),
      item_ids: [w.publicItem],
    }),
  }),
  restTable({
    table: 'item_prices',
    privateRow: (w) => w.price,
    publicRow: () => null,
    attack: { amount: 0 },
    // The private item has no price yet: pricing it in the owner's or their own name.
    intruder: (w, actor) => ({
      id: w.privateItem,
      user_id: actor === 'stranger' ? w.stranger.id : w.owner.id,
      amount: 1,
      currency: 'EUR',
    }),
  }),
]
