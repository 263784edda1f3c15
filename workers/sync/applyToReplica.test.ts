// What a pull may remove: rows of its scope it did not list, unless they are newer than its snapshot.
import { describe, expect, it } from 'vitest'
import type { PolaroidRow } from '@/data/model/rows'
import { memoryDatabase } from '@/data/testing/memoryReplica'
import { applyPull } from './applyToReplica'

function polaroid(id: string, txid: string): PolaroidRow {
  return {
    id,
    wallId: 'w1',
    name: id,
    message: '',
    imagePath: null,
    externalUrl: 'https://example.test/p.jpg',
    originalPageUrl: null,
    timestamp: 1,
    createdBy: 'bo',
    username: null,
    x: 0,
    y: 0,
    zIndex: 1,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    txid,
  }
}

describe('applyPull', () => {
  it('removes rows of the scope the pull did not list, but keeps those written at or above its fence', async () => {
    const db = memoryDatabase()
    // p-old was in the pull's snapshot and is not listed: gone or hidden. p-live arrived by realtime
    // from a transaction the snapshot could not see (txid at or above the fence): its absence says nothing.
    await db.polaroids.bulkPut([polaroid('p-old', '140'), polaroid('p-fence', '150'), polaroid('p-live', '160')])
    await db.scopeMembers.bulkPut(['p-old', 'p-fence', 'p-live'].map((rowId) => ({ scope: 'wall:w1', table: 'polaroids' as const, rowId })))
    await applyPull(db, 'wall:w1', { scope: 'wall:w1', cursor: '150', rows: {}, members: { walls: [], polaroids: [], wall_stickers: [], profiles: [] } })
    expect(await db.polaroids.get('p-old')).toBeUndefined()
    expect(await db.polaroids.get('p-fence')).toBeDefined()
    expect(await db.polaroids.get('p-live')).toBeDefined()
  })
})
