// What a pull may remove: rows of its scope it did not list, unless they are newer than its snapshot;
// and what it may not overwrite: fields a waiting change sets, on every row a batch entry touches.
import { describe, expect, it } from 'vitest'
import type { PolaroidRow } from '@/data/model/rows'
import { memoryDatabase } from '@/data/testing/memoryReplica'
import type { OutboxEntry } from '@/data/model/outbox'
import { toServer } from '@/data/model/mapping'
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

describe('a waiting batch entry', () => {
  /** One entry that renames p-key and, through `also`, renames p-also and removes p-gone. */
  const batch: OutboxEntry = {
    key: 'polaroids:p-key',
    keys: ['polaroids:p-key', 'polaroids:p-also', 'polaroids:p-gone'],
    table: 'polaroids',
    rowId: 'p-key',
    fields: ['name'],
    also: [
      { table: 'polaroids', rowId: 'p-also', fields: ['name'] },
      { table: 'polaroids', rowId: 'p-gone', fields: [], removes: true },
    ],
    op: {
      op: 'batch',
      ops: [
        { op: 'update', table: 'polaroids', id: 'p-key', patch: { name: 'mine' } },
        { op: 'update', table: 'polaroids', id: 'p-also', patch: { name: 'mine' } },
        { op: 'update', table: 'polaroids', id: 'p-gone', patch: { deleted_at: '2026-01-02T00:00:00Z' } },
      ],
    },
    failureMessage: '',
    createdAt: 0,
    rev: 0,
    attempts: 0,
  }

  it('keeps every row it touches from being overwritten by a pull, and other fields follow the server', async () => {
    const db = memoryDatabase()
    await db.polaroids.bulkPut([{ ...polaroid('p-key', '140'), name: 'mine' }, { ...polaroid('p-also', '140'), name: 'mine' }])
    await db.outbox.add(batch)
    const theirs = (id: string) => ({ ...toServer('polaroids', { ...polaroid(id, ''), name: 'theirs', message: 'new message' }), txid: '150' })
    await applyPull(db, 'wall:w1', {
      scope: 'wall:w1',
      cursor: '151',
      rows: { polaroids: [theirs('p-key'), theirs('p-also'), theirs('p-gone')] },
      members: { walls: [], polaroids: ['p-key', 'p-also', 'p-gone'], wall_stickers: [], profiles: [] },
    })
    expect(await db.polaroids.get('p-key')).toMatchObject({ name: 'mine', message: 'new message' })
    expect(await db.polaroids.get('p-also')).toMatchObject({ name: 'mine', message: 'new message' })
    expect(await db.polaroids.get('p-gone')).toBeUndefined()
    // Once it is pushed the rows are read again: the server may hold a version the batch did not know.
    expect((await db.staleRows.toArray()).map((r) => r.key).sort()).toEqual(['polaroids:p-also', 'polaroids:p-key'])
  })
})
