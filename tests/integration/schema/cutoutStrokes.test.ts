// The strokes a hand-fixed cut-out keeps (issue 26, supabase/migrations/20261127410000_cutout_strokes.sql):
// the owner saves them with an 'edited' cut-out; more than 64 KiB, or anything but an object, is refused;
// any cut-out that is not a hand fix has none (the trigger drops them). Against the real migrations.
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceAuth } from '../../../supabase/local/db/asRole'
import { authOf, ids } from './support/actors'
import { item } from './support/fixtures'
import type { Statement } from './support/matrixTypes'
import { openSchemaDatabase } from './support/openSchemaDatabase'
import { runCase, type Outcome } from './support/runCase'
import { keptStrokes, serverTextLength } from '../../../src/data/wardrobe/cutoutStrokes'

const { itemOwner: I } = ids
const owner = authOf('itemOwner')
const own = item.iPrivate
const cutout = (file = 'a1b2.png') => `wardrobe-stickers/${I}/cutouts/${own}-${file}`
const saveFix = 'update public.wardrobe_items set cutout_path = $2, cutout_source = $3, cutout_strokes = $4::jsonb where id = $1'
const strokes = (points: number[]) => ({ v: 1, width: 800, height: 600, strokes: [{ mode: 'remove', radius: 12, points }] })

let pg: PGlite
beforeAll(async () => {
  pg = await openSchemaDatabase()
})
afterAll(async () => {
  await pg.close()
})

function run(sql: string, params: unknown[], setup: Statement[] = [], auth = owner): Promise<Outcome> {
  return runCase(pg, { auth, sql, params, setup, row: { table: 'wardrobe_items', id: own } })
}

const asOwner: Statement = {
  sql: `select set_config('request.jwt.claims', $1, true)`,
  params: [JSON.stringify({ sub: I, role: 'authenticated' })],
}

describe('the strokes of a hand-fixed cut-out', () => {
  it('are kept with an edited cut-out', async () => {
    const kept = strokes([10, 20, 30.5, 40])
    const o = await run(saveFix, [own, cutout(), 'edited', JSON.stringify(kept)])
    expect(o.error).toBeUndefined()
    expect(o.after?.cutout_strokes).toEqual(kept)
  })

  it('are refused over 64 KiB, or when not an object', async () => {
    const points = Array.from({ length: 14_000 }, (_, i) => 100 + (i % 600) + 0.5)
    expect(JSON.stringify(strokes(points)).length).toBeGreaterThan(65_536)
    const big = await run(saveFix, [own, cutout(), 'edited', JSON.stringify(strokes(points))])
    expect(big.error?.code).toBe('23514')
    expect(big.after?.cutout_path).toBeNull()
    const list = await run(saveFix, [own, cutout(), 'edited', JSON.stringify([1, 2])])
    expect(list.error?.code).toBe('23514')
  })

  it('are measured by the device as the server measures them', async () => {
    const kept = keptStrokes([{ mode: 'keep', radius: 7.5, points: [1, 2.5, 300.1, 40] }], { width: 800, height: 600 })
    const { rows } = await pg.query<{ length: number }>('select octet_length($1::jsonb::text) as length', [JSON.stringify(kept)])
    expect(serverTextLength(kept)).toBe(rows[0]!.length)
  })

  it('go with any cut-out that is not a hand fix: a device one, or the engine’s', async () => {
    const device = await run(saveFix, [own, cutout(), 'device', JSON.stringify(strokes([1, 2]))])
    expect(device.error).toBeUndefined()
    expect(device.after).toMatchObject({ cutout_source: 'device', cutout_strokes: null })
    const fixed: Statement[] = [asOwner, { sql: saveFix, params: [own, cutout(), 'edited', JSON.stringify(strokes([1, 2]))] }]
    // The engine never replaces a hand fix: its strokes stay with it.
    const late = await run('update public.wardrobe_items set cutout_path = $2 where id = $1', [own, cutout('late.png')], fixed, serviceAuth)
    expect(late.after).toMatchObject({ cutout_path: cutout(), cutout_source: 'edited', cutout_strokes: strokes([1, 2]) })
    // Cleared by the service role (the engine taking an item's cut-out away): no strokes without it.
    const cleared = await run('update public.wardrobe_items set cutout_path = null where id = $1', [own], fixed, serviceAuth)
    expect(cleared.error).toBeUndefined()
    expect(cleared.after).toMatchObject({ cutout_path: null, cutout_source: null, cutout_strokes: null })
  })
})
