// Who may set a wardrobe item's cut-out (issue 26, supabase/migrations/20261127300000_device_cutouts.sql):
// the owner, to a file in their own cut-outs folder named after the item, as made on the device or fixed
// by hand; the engine (service role) as ever. The first automatic cut-out wins; a hand fix always wins.
// Each case tries to break one rule, against the real migrations (RLS and the trigger decide).
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceAuth, type RequestAuth } from '../../../supabase/local/db/asRole'
import { authOf, ids } from './support/actors'
import { item } from './support/fixtures'
import type { Statement } from './support/matrixTypes'
import { openSchemaDatabase } from './support/openSchemaDatabase'
import { runCase, type Outcome } from './support/runCase'

const { itemOwner: I, contributor: C } = ids
const owner = authOf('itemOwner')
const own = item.iPrivate
const cutout = (user: string, itemId: string, file = 'a1b2.png') => `wardrobe-stickers/${user}/cutouts/${itemId}-${file}`
const setCutout = 'update public.wardrobe_items set cutout_path = $2, cutout_source = $3 where id = $1'
const engineSets = 'update public.wardrobe_items set cutout_path = $2 where id = $1'

/** Setup statements that act as the engine (service role) before the case, inside its transaction. */
const asEngine = (sql: string, params: unknown[]): Statement[] => [
  { sql: `select set_config('request.jwt.claims', '{"role":"service_role"}', true)`, params: [] },
  { sql, params },
]

let pg: PGlite
beforeAll(async () => {
  pg = await openSchemaDatabase()
})
afterAll(async () => {
  await pg.close()
})

function run(auth: RequestAuth, sql: string, params: unknown[], setup: Statement[] = []): Promise<Outcome> {
  return runCase(pg, { auth, sql, params, setup, row: { table: 'wardrobe_items', id: own } })
}

const source = (o: Outcome) => ({ path: o.after?.cutout_path, source: o.after?.cutout_source })

describe('an item’s cut-out', () => {
  it('the owner saves a cut-out made on the device', async () => {
    const o = await run(owner, setCutout, [own, cutout(I, own), 'device'])
    expect(o.error).toBeUndefined()
    expect(source(o)).toEqual({ path: cutout(I, own), source: 'device' })
  })

  it('the owner saves a hand fix', async () => {
    const o = await run(owner, setCutout, [own, cutout(I, own), 'edited'])
    expect(source(o)).toEqual({ path: cutout(I, own), source: 'edited' })
  })

  it.each([
    ['in another user’s folder', cutout(C, own)],
    ['named after another item', cutout(I, item.iPublic)],
    ['outside the cut-outs folder', `wardrobe-stickers/${I}/${own}-a1b2.png`],
    ['in the photos bucket', `wardrobe-images/${I}/cutouts/${own}-a1b2.png`],
    ['in a sub-folder', cutout(I, own, 'x/../../a1b2.png')],
  ])('refuses a path %s', async (_what, path) => {
    const o = await run(owner, setCutout, [own, path, 'device'])
    expect(o.error?.code).toBe('42501')
    expect(source(o)).toEqual({ path: null, source: null })
  })

  it('refuses a client claiming the engine made it, or no source, or taking the cut-out away', async () => {
    expect((await run(owner, setCutout, [own, cutout(I, own), 'engine'])).error?.code).toBe('42501')
    expect((await run(owner, engineSets, [own, cutout(I, own)])).error?.code).toBe('42501')
    const taken = await run(owner, setCutout, [own, null, null], asEngine(engineSets, [own, cutout(I, own, 'e.png')]))
    expect(taken.error?.code).toBe('42501')
    expect(source(taken)).toEqual({ path: cutout(I, own, 'e.png'), source: 'engine' })
  })

  it('another user cannot set it, even to a path in the owner’s folder', async () => {
    const o = await run(authOf('contributor'), setCutout, [own, cutout(I, own), 'edited'])
    expect(o.rowCount).toBe(0)
    expect(source(o)).toEqual({ path: null, source: null })
  })

  it('the analysis stays the engine’s', async () => {
    const o = await run(owner, `update public.wardrobe_items set analysis = '{}'::jsonb where id = $1`, [own])
    expect(o.error?.code).toBe('42501')
  })

  it('the first automatic cut-out wins: a device one over the engine’s changes nothing, and is not refused', async () => {
    const o = await run(owner, setCutout, [own, cutout(I, own), 'device'], asEngine(engineSets, [own, cutout(I, own, 'e.png')]))
    expect(o.error).toBeUndefined()
    expect(source(o)).toEqual({ path: cutout(I, own, 'e.png'), source: 'engine' })
  })

  it('a hand fix wins over the engine’s cut-out', async () => {
    const o = await run(owner, setCutout, [own, cutout(I, own), 'edited'], asEngine(engineSets, [own, cutout(I, own, 'e.png')]))
    expect(source(o)).toEqual({ path: cutout(I, own), source: 'edited' })
  })

  it('the engine never replaces a hand fix, and its own cut-outs are stamped as the engine’s', async () => {
    const editedFirst: Statement[] = [
      { sql: `select set_config('request.jwt.claims', $1, true)`, params: [JSON.stringify({ sub: I, role: 'authenticated' })] },
      { sql: setCutout, params: [own, cutout(I, own), 'edited'] },
    ]
    const late = await run(serviceAuth, engineSets, [own, cutout(I, own, 'late.png')], editedFirst)
    expect(late.error).toBeUndefined()
    expect(source(late)).toEqual({ path: cutout(I, own), source: 'edited' })
    const deviceFirst: Statement[] = [
      { sql: `select set_config('request.jwt.claims', $1, true)`, params: [JSON.stringify({ sub: I, role: 'authenticated' })] },
      { sql: setCutout, params: [own, cutout(I, own), 'device'] },
    ]
    const engine = await run(serviceAuth, engineSets, [own, cutout(I, own, 'e.png')], deviceFirst)
    expect(source(engine)).toEqual({ path: cutout(I, own, 'e.png'), source: 'engine' })
  })

  it('a new item may come with a device cut-out of its own, never someone else’s', async () => {
    const insert = `insert into public.wardrobe_items (id, user_id, image_path, name, cutout_path, cutout_source)
      values ($1, $2, $3, 'New', $4, $5)`
    const image = `wardrobe-images/${I}/new.jpg`
    const fine = await runCase(pg, {
      auth: owner,
      sql: insert,
      params: ['item_new_cut', I, image, cutout(I, 'item_new_cut'), 'device'],
      row: { table: 'wardrobe_items', id: 'item_new_cut' },
    })
    expect(fine.error).toBeUndefined()
    expect(fine.after).toMatchObject({ cutout_source: 'device' })
    const forged = await runCase(pg, {
      auth: owner,
      sql: insert,
      params: ['item_new_cut', I, image, cutout(C, 'item_new_cut'), 'device'],
      row: { table: 'wardrobe_items', id: 'item_new_cut' },
    })
    expect(forged.error?.code).toBe('42501')
    expect(forged.after).toBeNull()
  })
})
