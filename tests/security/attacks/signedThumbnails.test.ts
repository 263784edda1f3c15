// Issue 42, low: a signed link made for a thumbnail (`transform: { width: 50 }`) served the original
// when its token was used on /object/sign (1,600 px wide). The token names its transformation, and
// every signed route now serves exactly that. (Widths are snapped to rendered ones, 60 px the smallest.)
import sharp from 'sharp'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newId } from '../../../src/lib/ids'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'

let stack: TestStack
let owner: TestUser

beforeAll(async () => {
  stack = await startTestStack()
  owner = await createTestUser(stack)
})

afterAll(async () => {
  await stack?.close()
})

it('a thumbnail’s signed token serves the thumbnail on /object/sign too, never the original', async () => {
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer()
  const path = `${owner.id}/wardrobe/${newId()}.jpg`
  const uploaded = await owner.client.storage
    .from('wardrobe-images')
    .upload(path, photo, { contentType: 'image/jpeg' })
  expect(uploaded.error).toBeNull()
  const signed = await owner.client.storage
    .from('wardrobe-images')
    .createSignedUrl(path, 600, { transform: { width: 60 } })
  expect(signed.error).toBeNull()
  const token = new URL(signed.data!.signedUrl).searchParams.get('token')!
  const widths: Record<string, number | undefined> = {}
  for (const route of ['render/image/sign', 'object/sign']) {
    const answer = await fetch(`${stack.url}/storage/v1/${route}/wardrobe-images/${path}?token=${token}`)
    expect(answer.status, route).toBe(200)
    widths[route] = (await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).width
  }
  console.info(`[signed thumbnails] width served: ${JSON.stringify(widths)}`)
  expect(widths).toEqual({ 'render/image/sign': 60, 'object/sign': 60 })
  // And nothing else about the link changes: a plain signed link still serves the original.
  const plain = await owner.client.storage.from('wardrobe-images').createSignedUrl(path, 600)
  const original = await fetch(plain.data!.signedUrl)
  expect(original.status).toBe(200)
  expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(1600)
})
