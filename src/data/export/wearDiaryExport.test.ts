// Issue 41 in 'Download my data' and import: an export of version 1 (before the wear diary) still
// reads, with no wears, plans or prices; the diary's rows follow the imported items and walls under
// their new ids, and what no longer fits is left out.
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { addDays, localDay } from '@/lib/wardrobe/wearDays'
import { memoryReplica } from '../testing/memoryReplica'
import { EXPORT_FORMAT, EXPORT_VERSION, MANIFEST_FILE, TABLE_FILES, readExport } from './exportFormat'
import { importWearDiary } from './importWearDiary'

const me = '11111111-1111-1111-1111-111111111111'
const today = localDay()

function exportZip(version: number, tables: Partial<Record<keyof typeof TABLE_FILES, unknown[]>>) {
  const files: Record<string, Uint8Array> = {
    [MANIFEST_FILE]: strToU8(JSON.stringify({ format: EXPORT_FORMAT, version })),
  }
  for (const [table, file] of Object.entries(TABLE_FILES)) {
    const rows = tables[table as keyof typeof TABLE_FILES]
    if (rows || version >= 2 || !['wears', 'outfit_plans', 'item_prices'].includes(table)) files[file] = strToU8(JSON.stringify(rows ?? []))
  }
  return zipSync(files)
}

describe('the wear diary in exports', () => {
  it('reads a version 1 export, which has no diary files, as having no wears, plans or prices', () => {
    const parsed = readExport(exportZip(1, {}))
    expect(parsed.tables.wears).toEqual([])
    expect(parsed.tables.outfit_plans).toEqual([])
    expect(parsed.tables.item_prices).toEqual([])
    expect(EXPORT_VERSION).toBe(2)
  })

  it('insists on the diary files from version 2 on', () => {
    const zip = zipSync({
      [MANIFEST_FILE]: strToU8(JSON.stringify({ format: EXPORT_FORMAT, version: 2 })),
      ...Object.fromEntries(Object.values(TABLE_FILES).filter((f) => f !== 'wears.json').map((f) => [f, strToU8('[]')])),
    })
    expect(() => readExport(zip)).toThrow(/wears\.json is missing/)
  })

  it('imports wears, plans and prices onto the new items and walls, leaving out what no longer fits', async () => {
    const replica = memoryReplica(me)
    const itemIds = new Map([['old-shirt', 'new-shirt'], ['old-outfit', 'new-outfit']])
    const wallIds = new Map([['old-wall', 'new-wall']])
    const { changes, counts } = await importWearDiary({
      db: replica.db,
      userId: me,
      now: new Date().toISOString(),
      itemIds,
      wallIds,
      tables: {
        outfit_plans: [
          { id: 'p1', planned_for: addDays(today, 3), wall_id: 'old-wall', item_ids: ['old-shirt', 'not-imported'] },
          { id: 'p2', planned_for: addDays(today, 3), wall_id: 'gone-wall', item_ids: ['not-imported'] },
        ],
        wears: [
          { id: 'w1', item_id: 'old-shirt', worn_on: '2026-01-02', source: 'photo', outfit_item_id: 'old-outfit' },
          { id: 'w2', item_id: 'old-shirt', worn_on: '2026-01-03', source: 'photo', outfit_item_id: 'not-imported' },
          { id: 'w3', item_id: 'old-shirt', worn_on: '2026-01-04', source: 'plan', plan_id: 'p1' },
          { id: 'w4', item_id: 'not-imported', worn_on: '2026-01-05', source: 'hand' },
          { id: 'w5', item_id: 'old-shirt', worn_on: addDays(today, 2), source: 'hand' },
        ],
        item_prices: [
          { id: 'old-shirt', amount: 49.9, currency: 'EUR' },
          { id: 'old-outfit', amount: -3, currency: 'EUR' },
        ],
      },
    })
    expect(counts).toEqual({ wears: 3, plans: 1, prices: 1 })
    const [plan] = await replica.db.outfitPlans.toArray()
    expect(plan).toMatchObject({ wallId: 'new-wall', itemIds: ['new-shirt'], userId: me })
    const wears = await replica.db.wears.orderBy('wornOn').toArray()
    expect(wears.map((w) => [w.itemId, w.source, w.outfitItemId, w.planId])).toEqual([
      ['new-shirt', 'photo', 'new-outfit', null],
      ['new-shirt', 'hand', null, null],
      ['new-shirt', 'plan', null, plan!.id],
    ])
    expect(await replica.db.itemPrices.get('new-shirt')).toMatchObject({ amount: 49.9, currency: 'EUR' })
    // Plans are queued before the wears that name them.
    expect(changes.map((c) => c.table)).toEqual(['outfitPlans', 'wears', 'wears', 'wears', 'itemPrices'])
  })
})
