// Every way to misuse the wardrobe endpoints, against the real stack: no or bad tokens, acting for someone
// else, someone else's items and jobs, URLs that are not this project's Storage (other hosts, private
// addresses, redirecting endpoints, `..`), bad sizes and bodies, and files that are not images, too large
// or decompression bombs. Each gets a clear `{ error }` and changes nothing.
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../../src/lib/ids'
import { signJwt } from '../../../supabase/local/keys'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { scriptedVision, type ScriptedVision } from '../../support/scriptedVision'
import { addItem, callApi, jpeg, upload } from './apiFixtures'

let stack: TestStack
let vision: ScriptedVision
let alice: TestUser
let bob: TestUser
let aliceItem: { id: string; imagePath: string }
let bobPrivate: { id: string; imagePath: string }
let bobPublic: { id: string; imagePath: string }

const endpoints = ['/wardrobe/remove-background', '/wardrobe/extract-item', '/wardrobe/background-ootd'] as const

function post(path: string, body: unknown, token: string | null = alice.accessToken) {
  return callApi(stack, path, { method: 'POST', token, body })
}

function removeBackground(fields: Record<string, unknown>, token?: string | null) {
  return post(
    '/wardrobe/remove-background',
    { image_url: aliceItem.imagePath, user_id: alice.id, item_id: aliceItem.id, max_size: 800, ...fields },
    token,
  )
}

async function expectRefusal(response: Response, status: number, error?: string | RegExp) {
  expect(response.status).toBe(status)
  const body = (await response.json()) as { error: string }
  expect(typeof body.error).toBe('string')
  if (typeof error === 'string') expect(body.error).toBe(error)
  else if (error) expect(body.error).toMatch(error)
}

/** A PNG header that declares `width`×`height` pixels, with almost no data: a decompression bomb. */
function pngDeclaring(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(12 + data.length)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), 8 + data.length)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(2, 9) // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

async function itemWithImage(user: TestUser, bytes: Buffer, extension: 'jpg' | 'png'): Promise<{ id: string; imagePath: string }> {
  const id = newId()
  const imagePath = await upload(user, 'wardrobe-images', `${user.id}/wardrobe/${id}.${extension}`, bytes as Buffer<ArrayBuffer>)
  const { error } = await user.client.from('wardrobe_items').insert({ id, user_id: user.id, image_path: imagePath, name: 'Odd file' })
  expect(error).toBeNull()
  return { id, imagePath }
}

beforeAll(async () => {
  vision = scriptedVision()
  stack = await startTestStack({ api: { vision: () => vision } })
  alice = await createTestUser(stack)
  bob = await createTestUser(stack)
  aliceItem = await addItem(alice, { name: 'Shirt' })
  bobPrivate = await addItem(bob, { name: 'Secret coat' })
  bobPublic = await addItem(bob, { name: 'Shared hat', isPublic: true })
})

afterAll(async () => {
  await stack.close()
})

describe('who may call', () => {
  it('refuses calls without a live user session with 401', async () => {
    const noExp = await (async () => {
      const { SignJWT } = await import('jose')
      return new SignJWT({ sub: alice.id, role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(stack.context.config.jwtSecret))
    })()
    const expired = await signJwt(stack.context.config.jwtSecret, { sub: alice.id, role: 'authenticated' }, -60)
    const otherSecret = await signJwt('not-the-project-secret-not-the-project-secret', { sub: alice.id, role: 'authenticated' }, 600)
    for (const path of endpoints) {
      for (const token of [null, 'garbage', noExp, expired, otherSecret, stack.anonKey, stack.serviceRoleKey]) {
        await expectRefusal(await post(path, { user_id: alice.id }, token), 401, 'User must be authenticated')
      }
    }
    await expectRefusal(await callApi(stack, `/wardrobe/processing-status?processing_id=${newId()}`, { token: noExp }), 401)
    expect(vision.calls).toEqual({ removeBackground: 0, analyseOutfit: 0, cutOutRegion: 0 })
  })

  it('refuses acting for another user with 403', async () => {
    for (const path of endpoints) {
      await expectRefusal(
        await post(path, { image_url: aliceItem.imagePath, user_id: bob.id, item_id: aliceItem.id }),
        403,
        'user_id must be your own user id',
      )
    }
  })

  it('refuses other people’s private items (403), unknown items (404), and extraction from others’ items', async () => {
    await expectRefusal(await removeBackground({ item_id: bobPrivate.id, image_url: bobPrivate.imagePath }), 403)
    await expectRefusal(await removeBackground({ item_id: newId() }), 404, 'Item not found')
    await expectRefusal(
      await post('/wardrobe/extract-item', {
        image_url: bobPublic.imagePath,
        user_id: alice.id,
        item_id: bobPublic.id,
        item_details: {},
      }),
      403,
    )
    await expectRefusal(
      await post('/wardrobe/background-ootd', { image_url: bobPrivate.imagePath, user_id: alice.id, skip_ai_tagging: false }),
      403,
      'The outfit photo must be one of your own uploads',
    )
    expect(vision.calls).toEqual({ removeBackground: 0, analyseOutfit: 0, cutOutRegion: 0 })
  })

  it('cuts out someone else’s public item into the caller’s own folder', async () => {
    const response = await removeBackground({ item_id: bobPublic.id, image_url: bobPublic.imagePath })
    expect(response.status).toBe(200)
    const { path } = (await response.json()) as { path: string }
    expect(path).toMatch(new RegExp(`^wardrobe-stickers/${alice.id}/cutouts/${bobPublic.id}-`))
    const { rows } = await stack.db.query<{ cutout_path: string | null }>('select cutout_path from public.wardrobe_items where id = $1', [bobPublic.id])
    expect(rows[0]!.cutout_path).toBeNull()
  })
})

describe('image_url', () => {
  const port = () => new URL(stack.url).port
  const others = () => [
    `https://evil.example/storage/v1/object/public/wardrobe-images/${alice.id}/x.jpg`,
    'http://169.254.169.254/latest/meta-data/',
    `http://10.0.0.7:${port()}/storage/v1/object/public/wardrobe-images/${aliceItem.imagePath}`,
    `http://[::1]:${port()}/storage/v1/object/authenticated/${aliceItem.imagePath}`,
    `http://127.0.0.1:1/storage/v1/object/authenticated/${aliceItem.imagePath}`,
    `http://alice:secret@127.0.0.1:${port()}/storage/v1/object/authenticated/${aliceItem.imagePath}`,
    `file:///etc/passwd`,
    'data:image/png;base64,iVBORw0KGgo=',
    `ftp://127.0.0.1:${port()}/${aliceItem.imagePath}`,
    `${stack.url}/auth/v1/authorize?provider=google&redirect_to=https://evil.example/x.jpg`,
    `${stack.url}/storage/v1/object/sign/wardrobe-images/%2e%2e/%2e%2e/etc/passwd?token=x`,
    `${stack.url}/storage/v1/bucket/wardrobe-images`,
    `${stack.url}/storage/v1/object/public/not-a-bucket/${alice.id}/x.jpg`,
    'wardrobe-images/../ootd-images/x.jpg',
    '',
    42,
    'x'.repeat(3000),
  ]

  it('must name an object in this project’s Storage: other hosts, private addresses, redirects and `..` are refused', async () => {
    const before = vision.calls.removeBackground
    for (const imageUrl of others()) {
      await expectRefusal(await removeBackground({ image_url: imageUrl }), 400, "image_url must be an image in this project's Storage")
    }
    expect(vision.calls.removeBackground).toBe(before)
  })

  it('accepts the project’s own Storage URLs in every form supabase-js hands out', async () => {
    const forms = [
      aliceItem.imagePath,
      `${stack.url}/storage/v1/object/authenticated/${aliceItem.imagePath}`,
      `${stack.url.replace('127.0.0.1', 'localhost')}/storage/v1/object/sign/${aliceItem.imagePath}?token=anything`,
      `${stack.url}/storage/v1/object/${aliceItem.imagePath}`,
    ]
    for (const imageUrl of forms) expect((await removeBackground({ image_url: imageUrl })).status).toBe(200)
  })

  it('must be the item’s own image, readable by the caller', async () => {
    const another = await addItem(alice, { name: 'Other' })
    await expectRefusal(await removeBackground({ image_url: another.imagePath }), 400, "image_url must be the item's own image")
    await expectRefusal(
      await post('/wardrobe/extract-item', { image_url: bobPrivate.imagePath, user_id: alice.id, item_id: aliceItem.id, item_details: {} }),
      404,
      'Image not found',
    )
  })
})

describe('bodies and files', () => {
  it('says what to send for a bad body or field', async () => {
    await expectRefusal(await callApi(stack, '/wardrobe/remove-background', { method: 'POST', token: alice.accessToken, rawBody: '{nope' }), 400, /^Send a JSON body/)
    await expectRefusal(await callApi(stack, '/wardrobe/background-ootd', { method: 'POST', token: alice.accessToken, rawBody: '[]' }), 400, /^Send a JSON body/)
    for (const maxSize of [0, 10, 5000, 1.5, '800']) {
      await expectRefusal(await removeBackground({ max_size: maxSize }), 400, /^max_size must be/)
    }
    await expectRefusal(await removeBackground({ item_id: '../../x' }), 400, 'item_id must be an id')
    await expectRefusal(
      await post('/wardrobe/background-ootd', { image_url: aliceItem.imagePath, user_id: alice.id, skip_ai_tagging: 'yes' }),
      400,
      'skip_ai_tagging must be true or false',
    )
    await expectRefusal(
      await post('/wardrobe/extract-item', { image_url: aliceItem.imagePath, user_id: alice.id, item_id: aliceItem.id, item_details: { boundingBox: { x: 90, y: 0, width: 50, height: 10 } } }),
      400,
      /^item_details.boundingBox must be percentages/,
    )
  })

  it('refuses files that are not images, decompression bombs and files over 10 MB, storing nothing', async () => {
    const truncated = Buffer.concat([(await jpeg()).subarray(0, 20), Buffer.from('not really a picture')])
    const notImage = await itemWithImage(alice, truncated, 'jpg')
    await expectRefusal(await removeBackground({ item_id: notImage.id, image_url: notImage.imagePath }), 400, /not an image/i)

    const bomb = await itemWithImage(alice, pngDeclaring(20_000, 20_000), 'png')
    await expectRefusal(await removeBackground({ item_id: bomb.id, image_url: bomb.imagePath }), 400, /too many pixels/i)
    await expectRefusal(
      await post('/wardrobe/background-ootd', { image_url: bomb.imagePath, user_id: alice.id, skip_ai_tagging: false }),
      400,
      /too many pixels/i,
    )

    // The buckets cap uploads at 10 MB; another Storage might not, so the API checks for itself.
    await stack.db.query(`update storage.buckets set file_size_limit = null where id = 'wardrobe-images'`)
    try {
      const huge = Buffer.concat([await jpeg(), Buffer.alloc(10 * 1024 * 1024 + 1)])
      const big = await itemWithImage(alice, huge, 'jpg')
      await expectRefusal(await removeBackground({ item_id: big.id, image_url: big.imagePath }), 413, 'The image is larger than 10 MB.')
    } finally {
      await stack.db.query(`update storage.buckets set file_size_limit = 10485760 where id = 'wardrobe-images'`)
    }
    const { rows } = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from public.processing_jobs where user_id = $1`,
      [alice.id],
    )
    expect(rows[0]!.n).toBe(0)
    expect(vision.calls.analyseOutfit).toBe(0)
  })
})
