// A crash between a file change and the end of its transaction: a replace (upsert) puts the new bytes
// in place and a removal moves the file aside before the row work commits. Killed there, the row still
// names the old file; the next start must put it back (it used to wipe the kept copies, so an
// acknowledged file came back with bytes nobody acknowledged, or not at all). A change that did commit
// keeps its new bytes. Each case leaves the store exactly as the database describes it.
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FileChanges } from '../../../../supabase/local/storage/fileChanges'
import { bucketDir, objectFilePath, scratchDir } from '../../../../supabase/local/storage/objectFiles'
import { recoverFileChanges } from '../../../../supabase/local/storage/recoverFileChanges'
import { objectMetadata } from '../../../../supabase/local/storage/objectRows'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { expectStoreConsistent, jpegBytes, pngBytes } from './storageFixtures'

const BUCKET = 'wardrobe-images'
let stack: TestStack
let alice: TestUser

beforeAll(async () => {
  stack = await startTestStack()
  alice = await createTestUser(stack)
})

afterAll(async () => {
  await stack?.close()
})

async function uploaded(name: string): Promise<{ file: string; bytes: Buffer }> {
  const bytes = await jpegBytes('#1a6')
  const { error } = await alice.client.storage.from(BUCKET).upload(name, new Blob([bytes], { type: 'image/jpeg' }))
  expect(error).toBeNull()
  return { file: objectFilePath(stack.context.storageRoot, BUCKET, name), bytes }
}

/** What the request was doing when the process died: file changes made, the transaction never ended. */
function interrupted(): FileChanges {
  return new FileChanges(scratchDir(stack.context.storageRoot))
}

describe('storage after a crash mid-request', () => {
  it('puts back the acknowledged bytes of a file whose replacement never committed', async () => {
    const name = `${alice.id}/replaced.jpg`
    const { file, bytes } = await uploaded(name)
    await interrupted().put(file, await pngBytes(), name, bucketDir(stack.context.storageRoot, BUCKET))
    expect(await readFile(file)).not.toEqual(bytes) // what a crash at this point leaves on disk

    expect(await recoverFileChanges(stack.db, stack.context.storageRoot)).toBe(1)
    expect(await readFile(file)).toEqual(bytes)
    const download = await alice.client.storage.from(BUCKET).download(name)
    expect(Buffer.from(await download.data!.arrayBuffer())).toEqual(bytes)
    await expectStoreConsistent(stack)
  })

  it('puts back a file whose removal never committed', async () => {
    const name = `${alice.id}/removed.jpg`
    const { file, bytes } = await uploaded(name)
    await interrupted().remove(file, bucketDir(stack.context.storageRoot, BUCKET))

    expect(await recoverFileChanges(stack.db, stack.context.storageRoot)).toBe(1)
    expect(await readFile(file)).toEqual(bytes)
    await expectStoreConsistent(stack)
  })

  it('keeps the new bytes of a replacement that committed before the crash, and drops the old copy', async () => {
    const name = `${alice.id}/committed.jpg`
    const { file } = await uploaded(name)
    const replacement = await pngBytes()
    await interrupted().put(file, replacement, name, bucketDir(stack.context.storageRoot, BUCKET))
    await stack.db.query(`update storage.objects set metadata = $3::jsonb where bucket_id = $1 and name = $2`, [
      BUCKET,
      name,
      JSON.stringify(objectMetadata(replacement, 'image/png', 'max-age=3600')),
    ])

    expect(await recoverFileChanges(stack.db, stack.context.storageRoot)).toBe(0)
    expect(await readFile(file)).toEqual(replacement)
    await expectStoreConsistent(stack)
  })
})
