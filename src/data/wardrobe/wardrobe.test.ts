import { describe, expect, it } from 'vitest'
import { memoryReplica } from '../testing/memoryReplica'
import type { Replica } from '../replica'
import { ApiCallError, type ProductApi } from './productApi'
import type { WardrobeItemRow } from '../model/rows'
import { retryOutfit, uploadOutfit } from './outfitUploads'
import { saveTags } from './wardrobeTags'
import { deleteWardrobeItem } from './wardrobeItems'
import { cutOutWaitingStickers, stickItemOnWall, type ImageTools } from './wardrobeImport'
import { createWall } from '../mutations/walls'

const me = '11111111-1111-1111-1111-111111111111'
const other = '22222222-2222-2222-2222-222222222222'

function item(fields: Partial<WardrobeItemRow> & Pick<WardrobeItemRow, 'id'>): WardrobeItemRow {
  return {
    userId: me,
    imagePath: `wardrobe-images/${fields.userId ?? me}/wardrobe/${fields.id}.jpg`,
    name: 'Linen shirt',
    description: 'Breezy',
    isPublic: false,
    uploadSource: 'upload',
    jobId: null,
    analysis: null,
    cutoutPath: null,
    cutoutSource: null,
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    txid: '1',
    ...fields,
  }
}

function api(overrides: Partial<ProductApi> = {}): ProductApi & { asked: string[] } {
  const asked: string[] = []
  return {
    asked,
    removeBackground: (request) => {
      asked.push(request.itemId)
      return Promise.resolve({ path: `wardrobe-stickers/${me}/cutouts/${request.itemId}-abc.png` })
    },
    generateWall: () => Promise.reject(new ApiCallError('not used', 0)),
    deleteAccount: () => Promise.reject(new ApiCallError('not used', 0)),
    ...overrides,
  }
}

const tools = (fetched: Blob[] = []): ImageTools => ({
  fetchImage: (url) => {
    if (url.includes('missing')) return Promise.reject(new Error('offline and not cached'))
    const blob = new Blob(['photo'], { type: 'image/jpeg' })
    fetched.push(blob)
    return Promise.resolve(blob)
  },
  toStickerImage: (image) => Promise.resolve(new Blob([image], { type: 'image/webp' })),
})

const outboxOps = async (replica: Replica) => (await replica.db.outbox.orderBy('seq').toArray()).map((e) => e.op)

describe('outfit uploads', () => {
  it('keep the photo as an item at once and queue upload, item and job start in that order', async () => {
    const replica = memoryReplica(me)
    const photo = new Blob(['jpeg'], { type: 'image/jpeg' })
    const { itemId, jobId } = await uploadOutfit(replica, { image: photo, skipTagging: true })

    const stored = await replica.db.wardrobeItems.get(itemId)
    expect(stored).toMatchObject({ userId: me, imagePath: `ootd-images/${me}/ootd/${itemId}.jpg`, uploadSource: 'ootd', jobId })
    expect(await replica.db.jobs.get(jobId)).toMatchObject({ status: 'queued', progress: 0, input: { item_id: itemId, skip_ai_tagging: true } })
    expect((await replica.db.pendingUploads.get(stored!.imagePath))?.blob.size).toBe(photo.size)
    const ops = await outboxOps(replica)
    expect(ops.map((o) => o.op)).toEqual(['upload', 'insert', 'api'])
    expect(ops[2]).toEqual({
      op: 'api',
      path: '/wardrobe/background-ootd',
      body: {
        image_url: stored!.imagePath,
        user_id: me,
        item_id: itemId,
        processing_id: jobId,
        skip_ai_extraction: true,
        skip_ai_tagging: true,
      },
    })
  })

  it('need a signed-in user', async () => {
    await expect(uploadOutfit(memoryReplica(null), { image: new Blob(['x']), skipTagging: false })).rejects.toThrow('User must be authenticated')
  })

  it('send a failed photo to a new job, and never while one runs', async () => {
    const replica = memoryReplica(me)
    const { itemId, jobId } = await uploadOutfit(replica, { image: new Blob(['x'], { type: 'image/jpeg' }), skipTagging: false })
    await expect(retryOutfit(replica, itemId)).rejects.toThrow('This photo is being processed already.')
    await replica.db.jobs.update(jobId, { status: 'failed', error: 'Processing failed. Please try again.' })
    const next = await retryOutfit(replica, itemId)
    expect(next).not.toBe(jobId)
    expect((await replica.db.wardrobeItems.get(itemId))!.jobId).toBe(next)
    const ops = await outboxOps(replica)
    expect(ops.slice(-2)).toMatchObject([
      { op: 'update', table: 'wardrobe_items', patch: { job_id: next } },
      { op: 'api', body: { processing_id: next, item_id: itemId } },
    ])
  })

  it('deleting a photo before its job could start also drops the start', async () => {
    const replica = memoryReplica(me)
    const { itemId, jobId } = await uploadOutfit(replica, { image: new Blob(['x'], { type: 'image/jpeg' }), skipTagging: false })
    await deleteWardrobeItem(replica, itemId)
    expect(await replica.db.jobs.get(jobId)).toBeUndefined()
    expect((await outboxOps(replica)).some((o) => o.op === 'api')).toBe(false)
  })
})

describe('saving tags', () => {
  async function withTags() {
    const replica = memoryReplica(me)
    await replica.db.wardrobeItems.add(item({ id: 'item_00000001' }))
    const now = '2026-11-01T00:00:00Z'
    await replica.db.tags.bulkAdd([
      { id: 'tag_ai_cat1', wardrobeItemId: 'item_00000001', tagType: 'category', tagValue: 'top', confidenceScore: 0.82, isAiGenerated: true, isVerified: false, createdAt: now, updatedAt: now, txid: '1' },
      { id: 'tag_ai_col1', wardrobeItemId: 'item_00000001', tagType: 'color', tagValue: 'Navy', confidenceScore: 0.55, isAiGenerated: true, isVerified: false, createdAt: now, updatedAt: now, txid: '1' },
      { id: 'tag_ai_col2', wardrobeItemId: 'item_00000001', tagType: 'color', tagValue: 'Beige', confidenceScore: 0.2, isAiGenerated: true, isVerified: false, createdAt: now, updatedAt: now, txid: '1' },
    ])
    return replica
  }

  it('verifies, edits, removes and adds, sending only what changed', async () => {
    const replica = await withTags()
    await saveTags(replica, 'item_00000001', [
      { id: 'tag_ai_cat1', type: 'category', value: 'top', verified: true },
      { id: 'tag_ai_col1', type: 'color', value: 'Midnight blue' },
      { type: 'brand', value: '  Uniqlo ' },
      { type: 'material', value: '   ' },
    ])
    const tags = await replica.db.tags.where('wardrobeItemId').equals('item_00000001').toArray()
    const byId = new Map(tags.map((t) => [t.id, t]))
    expect(byId.get('tag_ai_cat1')).toMatchObject({ isAiGenerated: true, isVerified: true, confidenceScore: 1 })
    expect(byId.get('tag_ai_col1')).toMatchObject({ tagValue: 'Midnight blue', isAiGenerated: false, isVerified: true, confidenceScore: 1 })
    expect(byId.has('tag_ai_col2')).toBe(false)
    expect(tags.find((t) => t.tagType === 'brand')).toMatchObject({ tagValue: 'Uniqlo', isAiGenerated: false, isVerified: true })
    expect(tags).toHaveLength(3)
    const ops = await outboxOps(replica)
    expect(ops).toHaveLength(4)
    expect(ops).toEqual(
      expect.arrayContaining([
        { op: 'update', table: 'clothing_tags', id: 'tag_ai_cat1', patch: { is_verified: true, confidence_score: 1 } },
        { op: 'update', table: 'clothing_tags', id: 'tag_ai_col2', patch: { deleted_at: expect.any(String) as string } },
      ]),
    )
  })

  it('changes nothing when nothing changed, and refuses over-long tags', async () => {
    const replica = await withTags()
    await saveTags(replica, 'item_00000001', [
      { id: 'tag_ai_cat1', type: 'category', value: 'top' },
      { id: 'tag_ai_col1', type: 'color', value: 'Navy' },
      { type: 'color', value: 'beige' },
    ])
    expect(await replica.db.outbox.count()).toBe(0)
    await expect(saveTags(replica, 'item_00000001', [{ type: 'brand', value: 'b'.repeat(101) }])).rejects.toThrow('Tags can be at most 100 characters.')
  })

  it('lets only the owner change tags', async () => {
    const replica = memoryReplica(me)
    await replica.db.wardrobeItems.add(item({ id: 'item_00000002', userId: other, isPublic: true }))
    await expect(saveTags(replica, 'item_00000002', [{ type: 'color', value: 'Red' }])).rejects.toThrow('You can only change your own items.')
  })
})

describe('wardrobe import', () => {
  async function wallAnd(replica: Replica) {
    return createWall(replica, { name: 'Looks' })
  }

  it('sticks an own cut-out at 100,100 at once, even offline', async () => {
    const replica = memoryReplica(me, undefined, api())
    const wallId = await wallAnd(replica)
    await replica.db.wardrobeItems.add(item({ id: 'item_00000003', cutoutPath: `wardrobe-stickers/${me}/cutouts/item_00000003-x.png` }))
    const result = await stickItemOnWall(replica, { wallId, itemId: 'item_00000003', online: false }, tools())
    expect(result).toMatchObject({ usedOriginal: false, warning: null })
    expect(await replica.db.stickers.get(result.stickerId)).toMatchObject({
      x: 100,
      y: 100,
      imagePath: `wardrobe-stickers/${me}/cutouts/item_00000003-x.png`,
      originalItemId: 'item_00000003',
      originalItemName: 'Linen shirt',
      originalItemDescription: 'Breezy',
      needsCutout: false,
    })
  })

  it('asks for a cut-out online, and falls back to a copy of the photo with the spec’s warning', async () => {
    const ok = memoryReplica(me, undefined, api())
    const wall = await wallAnd(ok)
    await ok.db.wardrobeItems.add(item({ id: 'item_00000004', userId: other, isPublic: true }))
    const made = await stickItemOnWall(ok, { wallId: wall, itemId: 'item_00000004', online: true }, tools())
    expect((await ok.db.stickers.get(made.stickerId))!.imagePath).toBe(`wardrobe-stickers/${me}/cutouts/item_00000004-abc.png`)

    const failing = memoryReplica(me, undefined, api({ removeBackground: () => Promise.reject(new ApiCallError('Boom', 500)) }))
    const wall2 = await wallAnd(failing)
    await failing.db.wardrobeItems.add(item({ id: 'item_00000005' }))
    const fallback = await stickItemOnWall(failing, { wallId: wall2, itemId: 'item_00000005', online: true }, tools())
    expect(fallback).toMatchObject({ usedOriginal: true, warning: 'Background removal failed for Linen shirt, using original image' })
    const sticker = await failing.db.stickers.get(fallback.stickerId)
    expect(sticker).toMatchObject({ needsCutout: true, imagePath: `wardrobe-stickers/${me}/stickers/${fallback.stickerId}.webp` })
    expect(await failing.db.pendingUploads.get(sticker!.imagePath)).toBeDefined()
  })

  it('offline, copies the photo marked for a cut-out; says so when the photo is not on the device', async () => {
    const replica = memoryReplica(me, undefined, api())
    const wallId = await wallAnd(replica)
    await replica.db.wardrobeItems.add(item({ id: 'item_00000006' }))
    const result = await stickItemOnWall(replica, { wallId, itemId: 'item_00000006', online: false }, tools())
    expect(result).toMatchObject({ usedOriginal: true, warning: null })
    await replica.db.wardrobeItems.add(item({ id: 'item_missing1', imagePath: `wardrobe-images/${me}/missing.jpg` }))
    await expect(stickItemOnWall(replica, { wallId, itemId: 'item_missing1', online: false }, tools())).rejects.toThrow(
      'Could not add Linen shirt: its photo is not on this device yet. Connect once to use it offline.',
    )
  })

  it('offline, sticks a cut-out made on this device; the photo, marked, when the device cannot', async () => {
    const replica = memoryReplica(me, undefined, api())
    const wallId = await wallAnd(replica)
    await replica.db.wardrobeItems.add(item({ id: 'item_00000016' }))
    const cutOuts: Blob[] = []
    const device: ImageTools = {
      ...tools(),
      cutOut: (photo) => {
        cutOuts.push(photo)
        return Promise.resolve(new Blob(['cut-out'], { type: 'image/png' }))
      },
    }
    const made = await stickItemOnWall(replica, { wallId, itemId: 'item_00000016', online: false }, device)
    expect(made).toMatchObject({ usedOriginal: false, warning: null })
    expect(cutOuts).toHaveLength(1)
    const sticker = await replica.db.stickers.get(made.stickerId)
    expect(sticker).toMatchObject({ needsCutout: false })
    const upload = await replica.db.pendingUploads.get(sticker!.imagePath)
    expect(upload?.blob.type).toBe('image/png')
    // One's own item keeps it as its cut-out: uploaded first, then the row, through the outbox.
    const saved = await replica.db.wardrobeItems.get('item_00000016')
    expect(saved).toMatchObject({ cutoutPath: sticker!.imagePath, cutoutSource: 'device' })
    expect(sticker!.imagePath).toMatch(new RegExp(`^wardrobe-stickers/${me}/cutouts/item_00000016-[\\w-]+\\.png$`))
    const ops = await outboxOps(replica)
    const uploadAt = ops.findIndex((op) => op.op === 'upload' && `wardrobe-stickers/${op.path}` === sticker!.imagePath)
    const rowAt = ops.findIndex((op) => op.op === 'update' && op.table === 'wardrobe_items')
    expect(uploadAt).toBeGreaterThanOrEqual(0)
    expect(rowAt).toBeGreaterThan(uploadAt)
    expect(ops[rowAt]).toMatchObject({ patch: { cutout_path: sticker!.imagePath, cutout_source: 'device' } })

    const unable: ImageTools = { ...tools(), cutOut: () => Promise.reject(new Error('runtime not on this device')) }
    await replica.db.wardrobeItems.add(item({ id: 'item_00000017' }))
    const copied = await stickItemOnWall(replica, { wallId, itemId: 'item_00000017', online: false }, unable)
    expect(copied).toMatchObject({ usedOriginal: true })
    expect(await replica.db.stickers.get(copied.stickerId)).toMatchObject({ needsCutout: true })
  })

  it('swaps waiting stickers for their cut-out in place once online', async () => {
    const remote = api()
    const replica = memoryReplica(me, undefined, remote)
    const wallId = await wallAnd(replica)
    await replica.db.wardrobeItems.add(item({ id: 'item_00000007' }))
    const { stickerId } = await stickItemOnWall(replica, { wallId, itemId: 'item_00000007', online: false }, tools())
    await replica.db.stickers.update(stickerId, { x: 420, y: 42, zIndex: 9 })
    expect(await cutOutWaitingStickers(replica, wallId, { online: true }, tools())).toBe(1)
    const stickers = await replica.db.stickers.where('wallId').equals(wallId).toArray()
    expect(stickers).toHaveLength(1)
    expect(stickers[0]).toMatchObject({ x: 420, y: 42, zIndex: 9, needsCutout: false, imagePath: `wardrobe-stickers/${me}/cutouts/item_00000007-abc.png`, originalItemId: 'item_00000007' })
    expect(await cutOutWaitingStickers(replica, wallId, { online: true }, tools())).toBe(0)
    expect(remote.asked).toEqual(['item_00000007'])
  })

  it('offline, swaps waiting stickers for a cut-out made on this device, kept as the own item\'s; waits when it cannot', async () => {
    const remote = api()
    const replica = memoryReplica(me, undefined, remote)
    const wallId = await wallAnd(replica)
    await replica.db.wardrobeItems.add(item({ id: 'item_00000008' }))
    const { stickerId } = await stickItemOnWall(replica, { wallId, itemId: 'item_00000008', online: false }, tools())
    await replica.db.stickers.update(stickerId, { x: 300, y: 20, zIndex: 4 })

    const unable = { ...tools(), cutOut: () => Promise.reject(new Error('runtime not on this device')) }
    await expect(cutOutWaitingStickers(replica, wallId, { online: false }, unable)).rejects.toThrow('runtime not on this device')
    expect(await replica.db.stickers.get(stickerId)).toMatchObject({ needsCutout: true })

    const device = { ...tools(), cutOut: () => Promise.resolve(new Blob(['cut-out'], { type: 'image/png' })) }
    expect(await cutOutWaitingStickers(replica, wallId, { online: false }, device)).toBe(1)
    const [swapped] = await replica.db.stickers.where('wallId').equals(wallId).toArray()
    expect(swapped).toMatchObject({ x: 300, y: 20, zIndex: 4, needsCutout: false, originalItemId: 'item_00000008' })
    expect(await replica.db.wardrobeItems.get('item_00000008')).toMatchObject({ cutoutPath: swapped!.imagePath, cutoutSource: 'device' })
    expect((await replica.db.pendingUploads.get(swapped!.imagePath))?.blob.type).toBe('image/png')
    // Nothing asked the server.
    expect(remote.asked).toEqual([])
  })
})
