// Signed URLs: created only for objects the caller may read, served to plain fetches without any auth
// header, refused once expired, when the token was tampered with, or when it is used for another path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signJwt } from '../../../../supabase/local/keys'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { jpegBytes, pngBytes } from './storageFixtures'

let stack: TestStack
let alice: TestUser
let bob: TestUser
let photo: Buffer
let other: Buffer
const base = () => `${stack.url}/storage/v1`

beforeAll(async () => {
  stack = await startTestStack()
  alice = await createTestUser(stack)
  bob = await createTestUser(stack)
  photo = await jpegBytes('#345')
  other = await pngBytes()
  const bucket = alice.client.storage.from('wardrobe-images')
  expect(
    (await bucket.upload(`${alice.id}/my photo.jpg`, photo, { contentType: 'image/jpeg' })).error,
  ).toBeNull()
  expect((await bucket.upload(`${alice.id}/other.png`, other, { contentType: 'image/png' })).error).toBeNull()
})

afterAll(async () => {
  await stack?.close()
})

function tokenOf(signedUrl: string): string {
  return new URL(signedUrl).searchParams.get('token')!
}

describe('signed URLs', () => {
  it('returns a relative, unencoded signedURL that a plain fetch can use', async () => {
    const name = `${alice.id}/my photo.jpg`
    const res = await fetch(`${base()}/object/sign/wardrobe-images/${name}`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${alice.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ expiresIn: 60 }),
    })
    const body = (await res.json()) as { signedURL: string }
    expect(body.signedURL).toMatch(
      new RegExp(`^/object/sign/wardrobe-images/${alice.id}/my photo\\.jpg\\?token=`),
    )

    const { data, error } = await alice.client.storage.from('wardrobe-images').createSignedUrl(name, 60)
    expect(error).toBeNull()
    expect(data!.signedUrl).toContain('/my%20photo.jpg?token=')
    const served = await fetch(data!.signedUrl)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await served.arrayBuffer())).toEqual(photo)

    const download = await alice.client.storage
      .from('wardrobe-images')
      .createSignedUrl(name, 60, { download: 'pic.jpg' })
    const attachment = await fetch(download.data!.signedUrl)
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment; filename="pic.jpg"/)
  })

  it('refuses an expired token', async () => {
    const name = `${alice.id}/other.png`
    const { data } = await alice.client.storage.from('wardrobe-images').createSignedUrl(name, 1)
    await new Promise((resolve) => setTimeout(resolve, 2100))
    const res = await fetch(data!.signedUrl)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
    })
    const crafted = await signJwt(stack.context.config.jwtSecret, { url: `wardrobe-images/${name}` }, -60)
    const craftedRes = await fetch(`${base()}/object/sign/wardrobe-images/${name}?token=${crafted}`)
    expect(await craftedRes.json()).toMatchObject({ code: 'InvalidJWT' })
  })

  it('refuses a tampered token and a token used for another path', async () => {
    const { data } = await alice.client.storage
      .from('wardrobe-images')
      .createSignedUrl(`${alice.id}/other.png`, 60)
    const token = tokenOf(data!.signedUrl)
    const [header, payload, signature] = token.split('.')
    const flipped = `${signature!.slice(0, 5)}${signature![5] === 'A' ? 'B' : 'A'}${signature!.slice(6)}`
    const tampered = await fetch(
      `${base()}/object/sign/wardrobe-images/${alice.id}/other.png?token=${header}.${payload}.${flipped}`,
    )
    expect(tampered.status).toBe(400)
    expect(await tampered.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' })

    const forgedPayload = Buffer.from(
      JSON.stringify({ url: `wardrobe-images/${alice.id}/my photo.jpg`, exp: 9e9 }),
    ).toString('base64url')
    const forged = await fetch(
      `${base()}/object/sign/wardrobe-images/${alice.id}/my%20photo.jpg?token=${header}.${forgedPayload}.${signature}`,
    )
    expect(await forged.json()).toMatchObject({ code: 'InvalidSignature' })

    const swapped = await fetch(
      `${base()}/object/sign/wardrobe-images/${alice.id}/my%20photo.jpg?token=${token}`,
    )
    expect(swapped.status).toBe(400)
    expect(await swapped.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' })

    // A user's access token is signed with the same secret but names no object.
    const accessToken = await fetch(
      `${base()}/object/sign/wardrobe-images/${alice.id}/other.png?token=${alice.accessToken}`,
    )
    expect(accessToken.status).toBe(400)
    const none = await fetch(`${base()}/object/sign/wardrobe-images/${alice.id}/other.png`)
    expect(none.status).toBe(400)
  })

  it('signs in batch, reporting missing and inaccessible paths', async () => {
    const paths = [`${alice.id}/my photo.jpg`, `${alice.id}/missing.jpg`, `${alice.id}/other.png`, '../bad']
    const { data, error } = await alice.client.storage.from('wardrobe-images').createSignedUrls(paths, 60)
    expect(error).toBeNull()
    expect(data!.map((d) => d.path)).toEqual(paths)
    const message = 'Either the object does not exist or you do not have access to it'
    expect(data![1]).toMatchObject({ error: message, signedURL: null, signedUrl: null })
    expect(data![3]).toMatchObject({ error: message, signedURL: null })
    expect(data![0]!.signedURL).toMatch(/^\/object\/sign\/wardrobe-images\/.+\/my photo\.jpg\?token=/)
    expect(Buffer.from(await (await fetch(data![0]!.signedUrl!)).arrayBuffer())).toEqual(photo)
    expect(Buffer.from(await (await fetch(data![2]!.signedUrl!)).arrayBuffer())).toEqual(other)

    const forBob = await bob.client.storage.from('wardrobe-images').createSignedUrls(paths.slice(0, 1), 60)
    expect(forBob.data![0]).toMatchObject({ error: message, signedURL: null })
  })

  it('refuses to sign an object the caller may not read', async () => {
    const { data, error } = await bob.client.storage
      .from('wardrobe-images')
      .createSignedUrl(`${alice.id}/my photo.jpg`, 60)
    expect(data).toBeNull()
    expect(error).toMatchObject({ status: 404, statusCode: '404' })
    expect((error as unknown as { code: string }).code).toBe('NoSuchKey')
  })
})
