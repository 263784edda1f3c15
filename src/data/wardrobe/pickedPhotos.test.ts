import { describe, expect, it } from 'vitest'
import { memoryReplica } from '../testing/memoryReplica'
import type { Replica } from '../replica'
import { withQuotaRecovery } from '../storageQuota'
import { keepPickedOutfit } from './outfitUploads'
import {
  keepPickedPhotos,
  pickedPhotosInOrder,
  preparePickedPhoto,
  preparePickedPhotos,
  removePickedPhoto,
  retryPickedPhoto,
  type Shrink,
} from './pickedPhotos'

const me = '11111111-1111-1111-1111-111111111111'

const file = (name: string, bytes = 'original') => new File([bytes], name, { type: 'image/jpeg' })
const picks = (n: number) => Array.from({ length: n }, (_, i) => file(`look-${i + 1}.jpg`, `original-${i + 1}`))

/** Shrinks by tagging the bytes, and records what it read. */
function shrinker(failOn: (name: string) => boolean = () => false): Shrink & { read: string[] } {
  const read: string[] = []
  const shrink = async (f: File) => {
    const text = await f.text()
    read.push(`${f.name}:${text}`)
    if (failOn(f.name)) throw new Error('not an image')
    return new Blob([`small ${text}`], { type: 'image/jpeg' })
  }
  return Object.assign(shrink, { read })
}

async function counts(replica: Replica) {
  const { db } = replica
  const ops = (await db.outbox.toArray()).map((e) => e.op.op)
  return {
    waiting: await db.pickedPhotos.count(),
    originals: await db.pickedFiles.count(),
    items: await db.wardrobeItems.count(),
    jobs: await db.jobs.count(),
    starts: ops.filter((op) => op === 'api').length,
  }
}

describe('picked photos (kept first, then prepared)', () => {
  it('keeps every original at once, then makes each one item with one job whose id is the photo id', async () => {
    const replica = memoryReplica(me)
    const kept = await keepPickedPhotos(replica, picks(3), true)
    const waiting = await pickedPhotosInOrder(replica.db)
    expect(waiting.map((p) => [p.name, p.position, p.batchId, p.skipTagging])).toEqual([
      ['look-1.jpg', 0, kept.batchId, true],
      ['look-2.jpg', 1, kept.batchId, true],
      ['look-3.jpg', 2, kept.batchId, true],
    ])
    // The originals are kept apart from the rows the batch's live queries read.
    expect(waiting[0]).not.toHaveProperty('file')
    expect(await (await replica.db.pickedFiles.get(kept.ids[0]!))!.file.text()).toBe('original-1')

    const shrink = shrinker()
    await preparePickedPhotos(replica, shrink)
    expect(shrink.read).toEqual(['look-1.jpg:original-1', 'look-2.jpg:original-2', 'look-3.jpg:original-3'])
    expect(await counts(replica)).toEqual({ waiting: 0, originals: 0, items: 3, jobs: 3, starts: 3 })
    const jobs = await replica.db.jobs.bulkGet(kept.ids)
    expect(jobs.map((j) => j?.input.skip_ai_tagging)).toEqual([true, true, true])
    const item = await replica.db.wardrobeItems.get(jobs[0]!.input.item_id!)
    expect(await (await replica.db.pendingUploads.get(item!.imagePath))!.blob.text()).toBe('small original-1')
  })

  it('a crash while keeping loses nothing: the photo still waits and is kept once on the next run', async () => {
    const replica = memoryReplica(me)
    const kept = await keepPickedPhotos(replica, picks(2), false)
    // The tab dies inside the keeping transaction of the second photo (after the item was written).
    let crash = true
    replica.db.jobs.hook('creating', (id) => {
      if (crash && id === kept.ids[1]) throw new Error('tab killed')
    })
    await preparePickedPhotos(replica, shrinker())
    expect(await counts(replica)).toEqual({ waiting: 1, originals: 1, items: 1, jobs: 1, starts: 1 })
    // The reload: the failure mark was lost with the tab, the original is still there.
    crash = false
    await replica.db.pickedPhotos.update(kept.ids[1]!, { error: null })
    await preparePickedPhotos(replica, shrinker())
    expect(await counts(replica)).toEqual({ waiting: 0, originals: 0, items: 2, jobs: 2, starts: 2 })
  })

  it('a crash after keeping does nothing twice: a second keep of the same photo writes nothing', async () => {
    const replica = memoryReplica(me)
    const kept = await keepPickedPhotos(replica, picks(1), false)
    const image = new Blob(['small'], { type: 'image/jpeg' })
    // Two tabs (or a run before and after a reload) shrank the same photo.
    const [first, second] = await Promise.all([
      keepPickedOutfit(replica, kept.ids[0]!, image),
      keepPickedOutfit(replica, kept.ids[0]!, image),
    ])
    expect([first, second].filter(Boolean)).toHaveLength(1)
    expect(await counts(replica)).toEqual({ waiting: 0, originals: 0, items: 1, jobs: 1, starts: 1 })
    await preparePickedPhotos(replica, shrinker())
    expect(await counts(replica)).toEqual({ waiting: 0, originals: 0, items: 1, jobs: 1, starts: 1 })
  })

  it('a photo that cannot be read keeps its error and original; the rest go on; Retry re-reads it', async () => {
    const replica = memoryReplica(me)
    const kept = await keepPickedPhotos(replica, picks(3), false)
    await preparePickedPhotos(replica, shrinker((name) => name === 'look-2.jpg'))
    expect(await counts(replica)).toEqual({ waiting: 1, originals: 1, items: 2, jobs: 2, starts: 2 })
    expect(await replica.db.pickedPhotos.get(kept.ids[1]!)).toMatchObject({
      error: 'This photo could not be read or kept on this device.',
    })
    // Nothing loops on it: another run leaves it alone.
    const idle = shrinker()
    await preparePickedPhotos(replica, idle)
    expect(idle.read).toEqual([])

    const again = shrinker()
    await retryPickedPhoto(replica, kept.ids[1]!, again)
    expect(again.read).toEqual(['look-2.jpg:original-2'])
    expect(await counts(replica)).toEqual({ waiting: 0, originals: 0, items: 3, jobs: 3, starts: 3 })
  })

  it('a photo removed while it is being shrunk is not kept', async () => {
    const replica = memoryReplica(me)
    const kept = await keepPickedPhotos(replica, picks(1), false)
    await removePickedPhoto(replica, kept.ids[0]!)
    expect(await keepPickedOutfit(replica, kept.ids[0]!, new Blob(['small']))).toBeNull()
    expect(await counts(replica)).toEqual({ waiting: 0, originals: 0, items: 0, jobs: 0, starts: 0 })
  })

  it('photos picked while a run goes on are prepared by it, each once', async () => {
    const replica = memoryReplica(me)
    await keepPickedPhotos(replica, picks(2), false)
    const shrink = shrinker()
    const run = preparePickedPhotos(replica, shrink)
    await keepPickedPhotos(replica, [file('later.jpg')], false)
    const second = preparePickedPhotos(replica, shrink)
    await Promise.all([run, second])
    expect(shrink.read).toHaveLength(3)
    expect(await counts(replica)).toEqual({ waiting: 0, originals: 0, items: 3, jobs: 3, starts: 3 })
  })

  it('a full device keeps none of the pick and says so plainly', async () => {
    const replica = memoryReplica(me)
    replica.db.pickedPhotos.hook('creating', () => {
      throw Object.assign(new Error('full'), { name: 'QuotaExceededError' })
    })
    const write = (run: () => Promise<void>) => withQuotaRecovery(run, () => Promise.resolve(0))
    await expect(keepPickedPhotos(replica, picks(3), false, write)).rejects.toThrow(
      'Your device is out of storage space for these photos. Free up some space or choose fewer photos, then try again.',
    )
    expect(await replica.db.pickedPhotos.count()).toBe(0)
  })

  it('a single photo is kept first too, then gives its item and job, or its error and no row', async () => {
    const replica = memoryReplica(me)
    const [one] = (await keepPickedPhotos(replica, [file('one.jpg')], true)).ids
    const kept = await preparePickedPhoto(replica, one!, shrinker())
    expect(kept.jobId).toBe(one)
    expect((await replica.db.wardrobeItems.get(kept.itemId))?.jobId).toBe(one)

    const [bad] = (await keepPickedPhotos(replica, [file('bad.jpg')], false)).ids
    await expect(preparePickedPhoto(replica, bad!, shrinker(() => true))).rejects.toThrow(
      'This photo could not be read or kept on this device.',
    )
    expect(await counts(replica)).toEqual({ waiting: 0, originals: 0, items: 1, jobs: 1, starts: 1 })
  })

  it('need a signed-in user', async () => {
    await expect(keepPickedPhotos(memoryReplica(null), picks(1), false)).rejects.toThrow('User must be authenticated')
  })
})
