import { describe, expect, it } from 'vitest'
import { messages } from '@/lib/messages'
import { memoryReplica } from '../testing/memoryReplica'
import type { ClothingTagRow, WardrobeItemRow } from '../model/rows'
import type { Replica } from '../replica'
import { bulkEditWardrobe } from './wardrobeBulk'

const me = '11111111-1111-1111-1111-111111111111'
const other = '22222222-2222-2222-2222-222222222222'
const stamp = '2026-11-01T00:00:00Z'

function item(id: string, fields: Partial<WardrobeItemRow> = {}): WardrobeItemRow {
  return {
    id,
    userId: me,
    imagePath: `wardrobe-images/${fields.userId ?? me}/wardrobe/${id}.png`,
    name: id,
    description: null,
    isPublic: false,
    uploadSource: 'ootd',
    jobId: null,
    analysis: null,
    cutoutPath: null,
    cutoutSource: null,
    createdAt: stamp,
    updatedAt: stamp,
    txid: '1',
    ...fields,
  }
}

function tag(id: string, itemId: string, tagType: ClothingTagRow['tagType'], tagValue: string, verified = false): ClothingTagRow {
  return {
    id,
    wardrobeItemId: itemId,
    tagType,
    tagValue,
    confidenceScore: 0.7,
    isAiGenerated: true,
    isVerified: verified,
    createdAt: stamp,
    updatedAt: stamp,
    txid: '1',
  }
}

async function seeded(): Promise<Replica> {
  const replica = memoryReplica(me)
  await replica.db.wardrobeItems.bulkAdd([item('a'), item('b'), item('c')])
  await replica.db.tags.bulkAdd([
    tag('a-cat', 'a', 'category', 'top'),
    tag('a-season', 'a', 'season', 'Summer'),
    tag('b-cat', 'b', 'category', 'bottom', true),
    tag('c-cat', 'c', 'category', 'top'),
  ])
  return replica
}

const entries = (replica: Replica) => replica.db.outbox.orderBy('seq').toArray()
const tagsOf = async (replica: Replica, itemId: string) =>
  (await replica.db.tags.where('wardrobeItemId').equals(itemId).toArray()).map((t) => `${t.tagType}:${t.tagValue}:${t.isVerified}`).sort()

describe('bulk edits of wardrobe items', () => {
  it('set a category on many items as one outbox entry whose batch covers every row it touches', async () => {
    const replica = await seeded()
    await bulkEditWardrobe(replica, ['a', 'b'], { kind: 'tag', tagType: 'category', value: ' outerwear ', replace: true })

    expect(await tagsOf(replica, 'a')).toEqual(['category:outerwear:true', 'season:Summer:false'])
    expect(await tagsOf(replica, 'b')).toEqual(['category:outerwear:true'])
    const queued = await entries(replica)
    expect(queued).toHaveLength(1)
    const [entry] = queued
    if (entry?.op.op !== 'batch') throw new Error('expected one batch')
    // Two new tags and two old category tags removed.
    expect(entry.op.ops.map((o) => o.op).sort()).toEqual(['insert', 'insert', 'update', 'update'])
    expect(entry.keys.sort()).toEqual(entry.op.ops.map((o) => `tags:${o.op === 'insert' ? String(o.row.id) : o.id}`).sort())
    expect(entry.also?.filter((row) => row.removes).map((row) => row.rowId).concat(entry.removes ? [entry.rowId] : []).sort()).toEqual(['a-cat', 'b-cat'])
  })

  it('add a season beside the ones an item has, and confirm an AI tag that already says it', async () => {
    const replica = await seeded()
    await bulkEditWardrobe(replica, ['a', 'c'], { kind: 'tag', tagType: 'season', value: 'summer', replace: false })
    expect(await tagsOf(replica, 'a')).toEqual(['category:top:false', 'season:Summer:true'])
    expect(await tagsOf(replica, 'c')).toEqual(['category:top:false', 'season:summer:true'])
    const [entry] = await entries(replica)
    if (entry?.op.op !== 'batch') throw new Error('expected one batch')
    expect(entry.op.ops.map((o) => o.op).sort()).toEqual(['insert', 'update'])
  })

  it('verify every unverified tag, and queue nothing when all are verified already', async () => {
    const replica = await seeded()
    await bulkEditWardrobe(replica, ['a', 'b', 'c'], { kind: 'verify' })
    expect(await tagsOf(replica, 'a')).toEqual(['category:top:true', 'season:Summer:true'])
    const [entry] = await entries(replica)
    if (entry?.op.op !== 'batch') throw new Error('expected one batch')
    expect(entry.op.ops).toHaveLength(3)
    await replica.db.outbox.clear()
    await bulkEditWardrobe(replica, ['a', 'b', 'c'], { kind: 'verify' })
    expect(await entries(replica)).toHaveLength(0)
  })

  it('make items public and delete them with their tags and pictures', async () => {
    const replica = await seeded()
    await bulkEditWardrobe(replica, ['a', 'b'], { kind: 'visibility', isPublic: true })
    expect((await replica.db.wardrobeItems.bulkGet(['a', 'b', 'c'])).map((i) => i?.isPublic)).toEqual([true, true, false])

    await bulkEditWardrobe(replica, ['a', 'c'], { kind: 'delete' })
    expect(await replica.db.wardrobeItems.count()).toBe(1)
    expect(await replica.db.tags.count()).toBe(1)
    const ops = (await entries(replica)).map((e) => e.op.op)
    expect(ops).toEqual(['batch', 'batch', 'removeObject', 'removeObject'])
  })

  it('refuse items that are not yours, items gone and empty values, changing nothing', async () => {
    const replica = await seeded()
    await replica.db.wardrobeItems.add(item('theirs', { userId: other }))
    await expect(bulkEditWardrobe(replica, ['a', 'theirs'], { kind: 'verify' })).rejects.toThrow(messages.ownItemsOnly)
    await expect(bulkEditWardrobe(replica, ['a', 'nope'], { kind: 'delete' })).rejects.toThrow(messages.itemGone)
    await expect(
      bulkEditWardrobe(replica, ['a'], { kind: 'tag', tagType: 'style', value: '   ', replace: false }),
    ).rejects.toThrow(messages.tagValueRequired)
    await expect(
      bulkEditWardrobe(replica, ['a'], { kind: 'tag', tagType: 'style', value: 'x'.repeat(101), replace: false }),
    ).rejects.toThrow(messages.tagValueTooLong)
    expect(await tagsOf(replica, 'a')).toEqual(['category:top:false', 'season:Summer:false'])
    expect(await replica.db.wardrobeItems.count()).toBe(4)
    expect(await entries(replica)).toHaveLength(0)
  })

  it('split a very large edit into batches the server takes', async () => {
    const replica = memoryReplica(me)
    const ids = Array.from({ length: 250 }, (_, i) => `item-${String(i).padStart(3, '0')}`)
    await replica.db.wardrobeItems.bulkAdd(ids.map((id) => item(id)))
    await replica.db.tags.bulkAdd(ids.flatMap((id) => [tag(`${id}-1`, id, 'category', 'top'), tag(`${id}-2`, id, 'color', 'Red')]))
    await bulkEditWardrobe(replica, ids, { kind: 'verify' })
    const sizes = (await entries(replica)).map((e) => (e.op.op === 'batch' ? e.op.ops.length : 0))
    expect(sizes).toEqual([400, 100])
  })
})
