// Object names become file paths, so names that could leave the bucket directory are refused before
// anything is written: dot segments (plain, percent-encoded, hidden in one encoded segment), backslashes,
// control characters, empty segments and over-long names. Checked through supabase-js (whose fetch
// resolves dot segments itself) and through raw HTTP requests that send the path as typed.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { expectStoreConsistent, jpegBytes, objectRows, rawRequest } from './storageFixtures'

let stack: TestStack
let alice: TestUser
let image: Buffer

beforeAll(async () => {
  stack = await startTestStack()
  alice = await createTestUser(stack)
  image = await jpegBytes()
})

afterAll(async () => {
  await stack?.close()
})

async function expectNothingEscaped(): Promise<void> {
  await expectStoreConsistent(stack)
  const root = stack.context.storageRoot
  expect(
    (await readdir(root)).filter(
      (entry) => !['.scratch', 'polaroid-images', 'wardrobe-images'].includes(entry),
    ),
  ).toEqual([])
  expect(await readdir(path.dirname(root))).toEqual(['storage'])
}

describe('path safety', () => {
  it('refuses traversal attempts made through supabase-js, as a user and as the service role', async () => {
    const names = [
      '../x.jpg',
      '%2e%2e/x.jpg',
      'a/../../b.jpg',
      `${alice.id}/../../x.jpg`,
      `${alice.id}/%2e%2e/%2e%2e/x.jpg`,
      `${alice.id}/..\\..\\x.jpg`,
    ]
    for (const client of [alice.client, stack.admin()]) {
      for (const name of names) {
        const { data, error } = await client.storage
          .from('wardrobe-images')
          .upload(name, image, { contentType: 'image/jpeg' })
        expect(data, name).toBeNull()
        expect(error, name).not.toBeNull()
      }
    }
    expect(await objectRows(stack)).toEqual([])
    await expectNothingEscaped()
  })

  it('refuses encoded traversal, backslashes, control characters, empty segments and long names', async () => {
    const headers = {
      apikey: stack.serviceRoleKey,
      authorization: `Bearer ${stack.serviceRoleKey}`,
      'content-type': 'image/jpeg',
    }
    const cases: Array<[string, string]> = [
      ['..%2f..%2fescape.jpg', '../../escape.jpg'],
      ['%2e%2e%2fescape.jpg', '../escape.jpg'],
      ['ok/%2E%2E%2F%2E%2E%2Fescape.jpg', 'ok/../../escape.jpg'],
      ['ok/..%5c..%5cescape.jpg', 'ok/..\\..\\escape.jpg'],
      ['ok/a%00b.jpg', 'ok/a\u0000b.jpg'],
      ['ok/a%0ab.jpg', 'ok/a\nb.jpg'],
      ['ok//b.jpg', 'ok//b.jpg'],
      ['%2fabsolute.jpg', '/absolute.jpg'],
      ['ok/.%2fb.jpg', 'ok/./b.jpg'],
    ]
    for (const [raw, decoded] of cases) {
      const res = await rawRequest(stack, {
        method: 'POST',
        path: `/storage/v1/object/wardrobe-images/${raw}`,
        headers,
        body: image,
      })
      expect(res.status, raw).toBe(400)
      expect(JSON.parse(res.body), raw).toEqual({
        statusCode: '400',
        code: 'InvalidKey',
        error: 'Invalid key',
        message: `Invalid key: ${decoded}`,
      })
    }
    const long = await rawRequest(stack, {
      method: 'POST',
      path: `/storage/v1/object/wardrobe-images/ok/${'x'.repeat(1100)}.jpg`,
      headers,
      body: image,
    })
    expect(JSON.parse(long.body)).toMatchObject({ code: 'InvalidKey' })
    const badMalformed = await rawRequest(stack, {
      method: 'POST',
      path: '/storage/v1/object/wardrobe-images/ok/%E0%A4%A.jpg',
      headers,
      body: image,
    })
    expect(JSON.parse(badMalformed.body)).toMatchObject({ code: 'InvalidKey' })
    const badBucket = await rawRequest(stack, {
      method: 'POST',
      path: '/storage/v1/object/..%2f..%2f/escape.jpg',
      headers,
      body: image,
    })
    expect(badBucket.status).toBe(400)
    expect(JSON.parse(badBucket.body)).toMatchObject({ code: 'InvalidBucketName' })
    const literal = await rawRequest(stack, {
      method: 'POST',
      path: '/storage/v1/object/wardrobe-images/../../../escape.jpg',
      headers,
      body: image,
    })
    expect(literal.status).toBeGreaterThanOrEqual(400)
    expect(await objectRows(stack)).toEqual([])
    await expectNothingEscaped()
  })

  it('refuses traversal when reading, signing and deleting too', async () => {
    const name = `${alice.id}/safe.jpg`
    expect(
      (await alice.client.storage.from('polaroid-images').upload(name, image, { contentType: 'image/jpeg' }))
        .error,
    ).toBeNull()
    const auth = { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` }
    for (const [method, prefix] of [
      ['GET', '/storage/v1/object/polaroid-images/'],
      ['GET', '/storage/v1/object/public/polaroid-images/'],
      ['GET', '/storage/v1/object/info/polaroid-images/'],
      ['DELETE', '/storage/v1/object/polaroid-images/'],
      ['POST', '/storage/v1/object/sign/polaroid-images/'],
    ] as const) {
      const res = await rawRequest(stack, {
        method,
        path: `${prefix}${alice.id}%2f..%2f..%2f..%2fpackage.json`,
        headers: { ...auth, 'content-type': 'application/json' },
        body: method === 'POST' ? Buffer.from('{"expiresIn":60}') : undefined,
      })
      expect(res.status, `${method} ${prefix}`).toBe(400)
      expect(JSON.parse(res.body)).toMatchObject({ code: 'InvalidKey' })
    }
    const removed = await stack
      .admin()
      .storage.from('polaroid-images')
      .remove([`${alice.id}/../${alice.id}/safe.jpg`])
    expect(removed).toMatchObject({ data: [], error: null })
    expect((await objectRows(stack, 'polaroid-images')).map((r) => r.name)).toEqual([name])
    await expectNothingEscaped()
  })
})
