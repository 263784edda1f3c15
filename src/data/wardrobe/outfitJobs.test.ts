// An outfit job's life on the device: queued behind its photo, waiting to start, failed by a refused
// start (the mark its start entry carries for the push engine), replaced by a retry only once it can
// no longer run, cancelled with its photo only while it has not started.
import { describe, expect, it } from 'vitest'
import type { JobStatus } from '@/lib/wardrobe/jobs'
import { memoryReplica } from '../testing/memoryReplica'
import type { Replica } from '../replica'
import { mutate } from '../mutations/mutate'
import { cancelUnstartedJob, jobsWaitingToStart, requeueOutfitJob } from './outfitJobs'
import { retryOutfit, uploadOutfit } from './outfitUploads'
import { deleteWardrobeItem } from './wardrobeItems'
import { bulkEditWardrobe } from './wardrobeBulk'

const me = '11111111-1111-1111-1111-111111111111'

async function outfit(replica: Replica, skipTagging = false) {
  return uploadOutfit(replica, { image: new Blob(['jpeg'], { type: 'image/jpeg' }), skipTagging })
}

/** The server took the start (the push acknowledged it): the job is the server's from here. */
async function started(replica: Replica, jobId: string) {
  await replica.db.outbox.where('key').equals(`jobs:${jobId}`).delete()
}

async function setStatus(replica: Replica, jobId: string, status: JobStatus) {
  await started(replica, jobId)
  await replica.db.jobs.update(jobId, { status })
}

const startEntries = async (replica: Replica) => (await replica.db.outbox.orderBy('seq').toArray()).filter((e) => e.op.op === 'api')

describe('an outfit job', () => {
  it('is queued on the device, last in the outbox behind its photo and item, and waits to start', async () => {
    const replica = memoryReplica(me)
    const { itemId, jobId } = await outfit(replica, true)
    expect(await replica.db.jobs.get(jobId)).toMatchObject({
      userId: me,
      kind: 'ootd',
      status: 'queued',
      progress: 0,
      error: null,
      input: { item_id: itemId, skip_ai_tagging: true },
    })
    const entries = await replica.db.outbox.orderBy('seq').toArray()
    expect(entries.map((e) => e.op.op)).toEqual(['upload', 'insert', 'api'])
    expect(entries[2]).toMatchObject({ key: `jobs:${jobId}`, failureMessage: 'Failed to start OOTD processing', preferServerMessage: true })
    expect(await jobsWaitingToStart(replica.db, [jobId, 'job_other'])).toEqual(new Set([jobId]))
    await started(replica, jobId)
    expect(await jobsWaitingToStart(replica.db, [jobId])).toEqual(new Set())
    expect(await jobsWaitingToStart(replica.db, [])).toEqual(new Set())
  })

  it('fails on the device when its start is refused: the start carries that mark, the engine knows no jobs', async () => {
    // The push engine writes `patch` and the user's message into `messageField` of a refused entry's
    // row (workers/sync/pushOutbox.test.ts); tests/integration/sync/outfitJobStart.test.ts refuses one.
    const replica = memoryReplica(me)
    await outfit(replica)
    const [start] = await startEntries(replica)
    expect(start!.onRefused).toEqual({ patch: { status: 'failed' }, messageField: 'error' })
  })

  it('is retried only once it can no longer run, as a new queued job the item points to', async () => {
    const replica = memoryReplica(me)
    const { itemId, jobId } = await outfit(replica, true)
    for (const status of ['queued', 'processing'] as const) {
      await setStatus(replica, jobId, status)
      await expect(retryOutfit(replica, itemId)).rejects.toThrow('This photo is being processed already.')
    }
    expect(await replica.db.jobs.count()).toBe(1)

    await setStatus(replica, jobId, 'failed')
    const second = await retryOutfit(replica, itemId)
    expect(second).not.toBe(jobId)
    expect(await replica.db.jobs.get(second)).toMatchObject({ status: 'queued', input: { item_id: itemId, skip_ai_tagging: true } })
    expect(await replica.db.jobs.get(jobId)).toMatchObject({ status: 'failed' })
    expect((await replica.db.wardrobeItems.get(itemId))!.jobId).toBe(second)
    const queued = (await replica.db.outbox.orderBy('seq').toArray()).slice(-2)
    expect(queued).toMatchObject([
      { key: `wardrobeItems:${itemId}`, fields: ['jobId'], op: { op: 'update', table: 'wardrobe_items', patch: { job_id: second } } },
      { key: `jobs:${second}`, op: { op: 'api', body: { processing_id: second, item_id: itemId, skip_ai_tagging: true } } },
    ])

    await setStatus(replica, second, 'completed')
    const third = await retryOutfit(replica, itemId, { skipTagging: false })
    expect(await replica.db.jobs.get(third)).toMatchObject({ status: 'queued', input: { skip_ai_tagging: false } })
  })

  it('is retried for an item whose job never reached this device', async () => {
    const replica = memoryReplica(me)
    const { itemId, jobId } = await outfit(replica)
    await started(replica, jobId)
    await replica.db.jobs.delete(jobId)
    const { jobId: next, changes } = await mutate(replica, [replica.db.wardrobeItems, replica.db.jobs], async () =>
      requeueOutfitJob(replica.db, (await replica.db.wardrobeItems.get(itemId))!),
    )
    expect(changes.map((c) => c.table)).toEqual(['wardrobeItems', 'jobs'])
    expect(await replica.db.jobs.get(next)).toMatchObject({ status: 'queued', input: { skip_ai_tagging: false } })
  })

  it('is cancelled with its photo while it waits to start, and left to the server once started', async () => {
    const replica = memoryReplica(me)
    const waiting = await outfit(replica)
    await deleteWardrobeItem(replica, waiting.itemId)
    expect(await replica.db.jobs.get(waiting.jobId)).toBeUndefined()
    expect(await startEntries(replica)).toEqual([])

    const running = await outfit(replica)
    await setStatus(replica, running.jobId, 'processing')
    await deleteWardrobeItem(replica, running.itemId)
    expect(await replica.db.jobs.get(running.jobId)).toMatchObject({ status: 'processing' })

    const [a, b] = [await outfit(replica), await outfit(replica)]
    await bulkEditWardrobe(replica, [a.itemId, b.itemId], { kind: 'delete' })
    expect(await replica.db.jobs.bulkGet([a.jobId, b.jobId])).toEqual([undefined, undefined])
    expect(await startEntries(replica)).toEqual([])
  })

  it('cancels nothing for an item without a job', async () => {
    const replica = memoryReplica(me)
    const { jobId } = await outfit(replica)
    await mutate(replica, [replica.db.jobs], () => cancelUnstartedJob(replica.db, null))
    expect(await jobsWaitingToStart(replica.db, [jobId])).toEqual(new Set([jobId]))
  })
})
