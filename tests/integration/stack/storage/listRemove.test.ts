// list() (direct children with folders, sorting, search, paging, policies), remove() (exact names, files
// gone, others' objects untouched), move() and copy(), and how objects and folders share a name space.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { expectStoreConsistent, jpegBytes, objectRows } from './storageFixtures'

let stack: TestStack
let alice: TestUser
let bob: TestUser
let a: string

beforeAll(async () => {
  stack = await startTestStack()
  alice = await createTestUser(stack)
  bob = await createTestUser(stack)
  a = alice.id
  const bucket = alice.client.storage.from('wardrobe-images')
  for (const name of ['photos/one.jpg', 'photos/two.jpg', 'photos/2024/old.jpg', 'top.jpg', 'Pho_to.jpg']) {
    const { error } = await bucket.upload(`${a}/${name}`, await jpegBytes(), { contentType: 'image/jpeg' })
    expect(error).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  const { error } = await bob.client.storage
    .from('wardrobe-images')
    .upload(`${bob.id}/bob.jpg`, await jpegBytes(), { contentType: 'image/jpeg' })
  expect(error).toBeNull()
})

afterAll(async () => {
  await stack?.close()
})

function fileOf(bucket: string, name: string): string {
  return path.join(stack.context.storageRoot, bucket, ...name.split('/'))
}

describe('list', () => {
  it('returns the direct children of a prefix, folders first with null fields', async () => {
    const { data, error } = await alice.client.storage.from('wardrobe-images').list(`${a}/photos`)
    expect(error).toBeNull()
    expect(data!.map((d) => d.name)).toEqual(['2024', 'one.jpg', 'two.jpg'])
    expect(data![0]).toEqual({
      name: '2024',
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    })
    expect(data![1]).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      created_at: expect.stringMatching(/Z$/) as unknown,
      metadata: { mimetype: 'image/jpeg', cacheControl: 'max-age=3600', httpStatusCode: 200 },
    })
    const top = await alice.client.storage.from('wardrobe-images').list(a)
    expect(top.data!.map((d) => d.name)).toEqual(['photos', 'Pho_to.jpg', 'top.jpg'])
    const root = await alice.client.storage.from('wardrobe-images').list()
    expect(root.data!.map((d) => d.name)).toEqual([a])
  })

  it('sorts, pages and searches (case-insensitive prefix, wildcards literal)', async () => {
    const bucket = alice.client.storage.from('wardrobe-images')
    const desc = await bucket.list(`${a}/photos`, { sortBy: { column: 'created_at', order: 'desc' } })
    expect(desc.data!.map((d) => d.name)).toEqual(['2024', 'two.jpg', 'one.jpg'])
    const page = await bucket.list(`${a}/photos`, { limit: 1, offset: 1 })
    expect(page.data!.map((d) => d.name)).toEqual(['one.jpg'])
    expect((await bucket.list(a, { search: 'PHO' })).data!.map((d) => d.name)).toEqual([
      'photos',
      'Pho_to.jpg',
    ])
    expect((await bucket.list(a, { search: 'pho_' })).data!.map((d) => d.name)).toEqual(['Pho_to.jpg'])
    const bad = await bucket.list(a, { sortBy: { column: 'name; drop table storage.objects', order: 'asc' } })
    expect(bad.error).toMatchObject({ statusCode: '400' })
  })

  it('shows only what the caller may read', async () => {
    expect((await bob.client.storage.from('wardrobe-images').list(a)).data).toEqual([])
    expect((await bob.client.storage.from('wardrobe-images').list()).data!.map((d) => d.name)).toEqual([
      bob.id,
    ])
    expect((await stack.client().storage.from('wardrobe-images').list()).data).toEqual([])
  })
})

describe('remove', () => {
  it('deletes exactly the named objects the caller may delete, files included', async () => {
    const bucket = alice.client.storage.from('wardrobe-images')
    const { data, error } = await bucket.remove([
      `${a}/top.jpg`,
      `${a}/missing.jpg`,
      `${bob.id}/bob.jpg`,
      `${a}/photos`,
    ])
    expect(error).toBeNull()
    expect(data!.map((d) => d.name)).toEqual([`${a}/top.jpg`])
    expect(data![0]).toMatchObject({ bucket_id: 'wardrobe-images', owner: a })
    expect(existsSync(fileOf('wardrobe-images', `${a}/top.jpg`))).toBe(false)
    expect(existsSync(fileOf('wardrobe-images', `${bob.id}/bob.jpg`))).toBe(true)
    expect(existsSync(fileOf('wardrobe-images', `${a}/photos/one.jpg`))).toBe(true)
    expect((await bucket.exists(`${a}/top.jpg`)).data).toBe(false)
    await expectStoreConsistent(stack)
  })

  it('lets a file take the name of a folder that was emptied, but not of one in use', async () => {
    const bucket = alice.client.storage.from('wardrobe-images')
    const conflict = await bucket.upload(`${a}/photos`, await jpegBytes(), { contentType: 'image/jpeg' })
    expect(conflict.error).toMatchObject({ statusCode: '409' })
    expect((conflict.error as unknown as { code: string }).code).toBe('InvalidKey')
    const under = await bucket.upload(`${a}/Pho_to.jpg/inner.jpg`, await jpegBytes(), {
      contentType: 'image/jpeg',
    })
    expect((under.error as unknown as { code: string }).code).toBe('InvalidKey')
    await expectStoreConsistent(stack)

    expect((await bucket.remove([`${a}/photos/2024/old.jpg`])).data).toHaveLength(1)
    expect(existsSync(fileOf('wardrobe-images', `${a}/photos/2024`))).toBe(false)
    const replaced = await bucket.upload(`${a}/photos/2024`, await jpegBytes(), { contentType: 'image/jpeg' })
    expect(replaced.error).toBeNull()
    await expectStoreConsistent(stack)
  })
})

describe('move and copy', () => {
  it('moves an object with its file, within the policies', async () => {
    const bucket = alice.client.storage.from('wardrobe-images')
    expect((await bucket.move(`${a}/photos/one.jpg`, `${a}/moved/one.jpg`)).error).toBeNull()
    expect((await bucket.exists(`${a}/photos/one.jpg`)).data).toBe(false)
    expect((await bucket.download(`${a}/moved/one.jpg`)).error).toBeNull()
    const intoBob = await bucket.move(`${a}/moved/one.jpg`, `${bob.id}/stolen.jpg`)
    expect(intoBob.error).toMatchObject({ statusCode: '403' })
    expect((await bucket.exists(`${a}/moved/one.jpg`)).data).toBe(true)
    const missing = await bucket.move(`${a}/nothing.jpg`, `${a}/else.jpg`)
    expect((missing.error as unknown as { code: string }).code).toBe('NoSuchKey')
    await expectStoreConsistent(stack)
  })

  it('copies an object, refusing an existing destination', async () => {
    const bucket = alice.client.storage.from('wardrobe-images')
    const copied = await bucket.copy(`${a}/photos/two.jpg`, `${a}/copy.jpg`)
    expect(copied).toMatchObject({ data: { path: `wardrobe-images/${a}/copy.jpg` }, error: null })
    const original = await bucket.download(`${a}/photos/two.jpg`)
    const copy = await bucket.download(`${a}/copy.jpg`)
    expect(Buffer.from(await copy.data!.arrayBuffer())).toEqual(
      Buffer.from(await original.data!.arrayBuffer()),
    )
    const again = await bucket.copy(`${a}/photos/two.jpg`, `${a}/copy.jpg`)
    expect((again.error as unknown as { code: string }).code).toBe('KeyAlreadyExists')
    const fromBob = await bob.client.storage
      .from('wardrobe-images')
      .copy(`${a}/copy.jpg`, `${bob.id}/copy.jpg`)
    expect((fromBob.error as unknown as { code: string }).code).toBe('NoSuchKey')
    expect(
      (await objectRows(stack, 'wardrobe-images')).filter((r) => r.name.endsWith('copy.jpg')),
    ).toHaveLength(1)
    await expectStoreConsistent(stack)
  })
})
