// An outfit job the product API refuses to start (issue 41): against the real stack, through the real
// engine, the job fails on the device with the API's words, and nothing of it is on the server. The
// push engine holds no wardrobe rule for this: the job's start entry says what a refusal leaves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { startDevice, type Device } from '../../support/syncedReplica'
import { serverRowCount } from '../../support/serverState'
import { rejection } from '../../../supabase/api/vision/imageInput'
import { uploadOutfit } from '../../../src/data/wardrobe/outfitUploads'

let stack: TestStack
let ada: TestUser
let device: Device

beforeAll(async () => {
  stack = await startTestStack()
  ada = await createTestUser(stack, { username: 'job_start_ada' })
  device = await startDevice(stack, ada)
})

afterAll(async () => {
  await device?.close()
  await stack?.close()
})

/** A JPEG's first bytes and nothing more: Storage takes it for a JPEG, the engine cannot read it. */
const headerOnlyJpeg = () =>
  new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1])], { type: 'image/jpeg' })

describe('an outfit job whose start the product API refuses', () => {
  it('fails on the device with the API’s words, its photo and item kept, and never exists on the server', async () => {
    const { itemId, jobId } = await uploadOutfit(device.replica, { image: headerOnlyJpeg(), skipTagging: false })
    expect((await device.engine.flush()).status).toBe('done')

    expect(await device.replica.db.outbox.count()).toBe(0)
    expect(await device.replica.db.jobs.get(jobId)).toMatchObject({ status: 'failed', error: rejection.notAnImage })
    expect(await device.replica.db.failedMutations.toArray()).toMatchObject([
      { entry: { key: `jobs:${jobId}` }, message: rejection.notAnImage },
    ])
    expect(await device.replica.db.wardrobeItems.get(itemId)).toMatchObject({ jobId })
    expect(await serverRowCount(stack, 'wardrobe_items', 'id = $1', [itemId])).toBe(1)
    expect(await serverRowCount(stack, 'processing_jobs', 'id = $1', [jobId])).toBe(0)
  })
})
