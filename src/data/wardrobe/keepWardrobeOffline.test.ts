import { describe, expect, it } from 'vitest'
import { memoryReplica } from '../testing/memoryReplica'
import type { ProcessingJobRow, WardrobeItemRow } from '../model/rows'
import { keepOwnWardrobe, ownWardrobeImages, type OfflineKeeper } from './keepWardrobeOffline'

const me = '11111111-1111-1111-1111-111111111111'
const other = '22222222-2222-2222-2222-222222222222'

function item(fields: Partial<WardrobeItemRow> & Pick<WardrobeItemRow, 'id'>): WardrobeItemRow {
  return {
    userId: me,
    imagePath: `wardrobe-images/${me}/wardrobe/${fields.id}.jpg`,
    name: 'Linen shirt',
    description: null,
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

function job(id: string, imagePath: string): ProcessingJobRow {
  return {
    id,
    userId: me,
    kind: 'ootd',
    status: 'completed',
    progress: 100,
    processedItems: 1,
    totalItems: 1,
    error: null,
    input: { image_path: imagePath },
    items: [],
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    txid: '1',
  }
}

/** A keeper whose cache starts with `cached` (object URLs) and records what it fetched, and how many at once. */
function fakeKeeper(cached: string[] = []) {
  const kept: string[] = []
  let inFlight = 0
  let most = 0
  const keeper: OfflineKeeper = {
    has: (url) => Promise.resolve(cached.includes(url) || kept.some((k) => k.includes(url.replace(/^.*\/authenticated\//, '')))),
    keep: async (url) => {
      inFlight += 1
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setTimeout(resolve, 5))
      kept.push(url)
      inFlight -= 1
    },
    idle: () => Promise.resolve(),
  }
  return { keeper, kept, most: () => most }
}

describe('keeping the own wardrobe offline', () => {
  it('lists own photos, cut-outs and a garment\'s outfit photo, never another person\'s', async () => {
    const replica = memoryReplica(me)
    const outfit = `ootd-images/${me}/ootd/look.jpg`
    await replica.db.jobs.add(job('job_1', outfit))
    await replica.db.wardrobeItems.bulkAdd([
      item({ id: 'plain' }),
      item({ id: 'cut', cutoutPath: `wardrobe-stickers/${me}/cutouts/cut-1.png` }),
      item({ id: 'garment', imagePath: `wardrobe-stickers/${me}/garments/g.png`, jobId: 'job_1' }),
      item({ id: 'theirs', userId: other, imagePath: `wardrobe-images/${other}/wardrobe/t.jpg`, isPublic: true }),
    ])
    expect((await ownWardrobeImages(replica.db, me)).sort()).toEqual(
      [
        `wardrobe-images/${me}/wardrobe/plain.jpg`,
        `wardrobe-images/${me}/wardrobe/cut.jpg`,
        `wardrobe-stickers/${me}/cutouts/cut-1.png`,
        `wardrobe-stickers/${me}/garments/g.png`,
        outfit,
      ].sort(),
    )
  })

  it('fetches only what the cache lacks and does not wait to upload, two at a time, signing links it stores', async () => {
    const replica = memoryReplica(me)
    await replica.db.wardrobeItems.bulkAdd([
      item({ id: 'a' }),
      item({ id: 'b' }),
      item({ id: 'c' }),
      item({ id: 'd' }),
      item({ id: 'kept' }),
      item({ id: 'waiting' }),
    ])
    await replica.db.pendingUploads.put({
      key: `wardrobe-images/${me}/wardrobe/waiting.jpg`,
      bucket: 'wardrobe-images',
      path: `${me}/wardrobe/waiting.jpg`,
      blob: new Blob(['x']),
      contentType: 'image/jpeg',
      createdAt: 0,
    })
    const fake = fakeKeeper([`https://storage.test/authenticated/wardrobe-images/${me}/wardrobe/kept.jpg`])
    expect(await keepOwnWardrobe(replica, fake.keeper)).toBe(4)
    expect(fake.kept.map((url) => url.replace(/\?.*$/, '')).sort()).toEqual(
      ['a', 'b', 'c', 'd'].map((id) => `https://storage.test/sign/wardrobe-images/${me}/wardrobe/${id}.jpg`),
    )
    expect(fake.most()).toBe(2)
    // The links are stored for the screens; a second pass finds everything kept.
    expect(await replica.db.signedUrls.count()).toBe(4)
    expect(await keepOwnWardrobe(replica, fake.keeper)).toBe(0)
  })
})
