// Image transformations (`/render/image/...`) as supabase-js asks for them: public, authenticated and
// signed URLs give the stored image resized by sharp, in its own format (a cut-out keeps its alpha),
// never enlarged, at one of the few rendered sizes (an odd width snaps up to the next); the same request
// gets the same bytes from the render cache, and 304 for its ETag; a signed URL gives the size it was
// signed for and no other; private objects stay private (a polaroid-images photo renders for whoever may
// see its wall), and absurd sizes, unknown modes and bytes that are not an image are refused.
import { readdir, writeFile } from 'node:fs/promises'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { objectFilePath } from '../../../../supabase/local/storage/objectFiles'
import { renderCacheDir } from '../../../../supabase/local/storage/renderCache'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { expectStoreConsistent } from './storageFixtures'

let stack: TestStack
let owner: TestUser
let stranger: TestUser
const base = () => `${stack.url}/storage/v1`

async function photo(width: number, height: number): Promise<Buffer<ArrayBuffer>> {
  const image = sharp({ create: { width, height, channels: 3, background: '#4a7' } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#a33"/></svg>`) }])
  return Buffer.from(await image.jpeg({ quality: 90 }).toBuffer())
}

async function cutOut(side: number): Promise<Buffer<ArrayBuffer>> {
  const image = sharp({ create: { width: side, height: side, channels: 4, background: '#0000' } })
    .composite([{ input: Buffer.from(`<svg width="${side}" height="${side}"><rect x="${side / 4}" y="${side / 4}" width="${side / 2}" height="${side / 2}" fill="#235"/></svg>`) }])
  return Buffer.from(await image.png().toBuffer())
}

async function imageOf(res: Response) {
  expect(res.status).toBe(200)
  const bytes = Buffer.from(await res.arrayBuffer())
  const meta = await sharp(bytes).metadata()
  return { bytes, type: res.headers.get('content-type'), width: meta.width, height: meta.height, alpha: meta.hasAlpha }
}

let publicName: string
let privateName: string
let stickerName: string
let wall: string

/** Pins a polaroid-images photo on the owner's public wall: what makes it renderable for anyone. */
async function pin(name: string): Promise<void> {
  const { error } = await owner.client.from('polaroids').insert({
    id: `pol_${name.replace(/\W/g, '_')}`,
    wall_id: wall,
    image_path: `polaroid-images/${name}`,
    created_by: owner.id,
  })
  expect(error).toBeNull()
}

beforeAll(async () => {
  stack = await startTestStack()
  owner = await createTestUser(stack)
  stranger = await createTestUser(stack)
  publicName = `${owner.id}/walls/look.jpg`
  privateName = `${owner.id}/outfit.jpg`
  stickerName = `${owner.id}/stickers/jacket.png`
  const uploads = [
    owner.client.storage.from('polaroid-images').upload(publicName, await photo(800, 600), { contentType: 'image/jpeg' }),
    owner.client.storage.from('wardrobe-images').upload(privateName, await photo(600, 800), { contentType: 'image/jpeg' }),
    owner.client.storage.from('wardrobe-stickers').upload(stickerName, await cutOut(400), { contentType: 'image/png' }),
  ]
  for (const { error } of await Promise.all(uploads)) expect(error).toBeNull()
  wall = `wall_${owner.id.slice(0, 8)}`
  expect((await owner.client.from('walls').insert({ id: wall, name: 'Looks', owner_id: owner.id })).error).toBeNull()
  await pin(publicName)
})

afterAll(async () => {
  await stack?.close()
})

describe('image transformations', () => {
  it('resize a public photo to the width asked, keeping its shape and type, through getPublicUrl', async () => {
    const { data } = owner.client.storage.from('polaroid-images').getPublicUrl(publicName, { transform: { width: 240 } })
    expect(data.publicUrl).toContain('/render/image/public/polaroid-images/')
    const small = await imageOf(await fetch(data.publicUrl))
    expect(small).toMatchObject({ type: 'image/jpeg', width: 240, height: 180 })
    const original = await imageOf(await fetch(owner.client.storage.from('polaroid-images').getPublicUrl(publicName).data.publicUrl))
    expect(original).toMatchObject({ width: 800, height: 600 })
    expect(small.bytes.length).toBeLessThan(original.bytes.length / 4)
  })

  it('cover crops to both sides, contain fits inside them, and nothing is ever enlarged', async () => {
    const url = (query: string) => `${base()}/render/image/public/polaroid-images/${publicName}?${query}`
    expect(await imageOf(await fetch(url('width=120&height=120')))).toMatchObject({ width: 120, height: 120 })
    expect(await imageOf(await fetch(url('width=120&height=120&resize=contain')))).toMatchObject({ width: 120, height: 90 })
    expect(await imageOf(await fetch(url('width=120&height=60&resize=fill')))).toMatchObject({ width: 120, height: 60 })
    expect(await imageOf(await fetch(url('width=2400')))).toMatchObject({ width: 800, height: 600 })
  })

  it('answers the same request with the same bytes from the render cache, and 304 for its ETag', async () => {
    const url = `${base()}/render/image/public/polaroid-images/${publicName}?width=240&quality=60`
    const first = await fetch(url)
    const firstBytes = Buffer.from(await first.arrayBuffer())
    const cached = await readdir(renderCacheDir(stack.context.storageRoot), { recursive: true })
    const second = await fetch(url)
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true)
    expect(await readdir(renderCacheDir(stack.context.storageRoot), { recursive: true })).toEqual(cached)
    const eTag = second.headers.get('etag')!
    expect(eTag).toMatch(/^".+"$/)
    expect(eTag).toBe(first.headers.get('etag'))
    expect((await fetch(url.replace('width=240', 'width=480'))).headers.get('etag')).not.toBe(eTag)
    expect((await fetch(url, { headers: { 'If-None-Match': eTag } })).status).toBe(304)
    await expectStoreConsistent(stack)
  })

  it('a replaced photo is rendered anew, never answered from the old render', async () => {
    const name = `${owner.id}/walls/replaced.jpg`
    const bucket = owner.client.storage.from('polaroid-images')
    expect((await bucket.upload(name, await photo(800, 600), { contentType: 'image/jpeg' })).error).toBeNull()
    await pin(name)
    const url = bucket.getPublicUrl(name, { transform: { width: 120 } }).data.publicUrl
    expect(await imageOf(await fetch(url))).toMatchObject({ width: 120, height: 90 })
    expect((await bucket.update(name, await photo(600, 800), { contentType: 'image/jpeg' })).error).toBeNull()
    expect(await imageOf(await fetch(url))).toMatchObject({ width: 120, height: 160 })
  })

  it('snaps every width up to a rendered one: 24 widths asked, one render made and kept', async () => {
    const name = `${owner.id}/walls/many-sizes.jpg`
    const bucket = owner.client.storage.from('polaroid-images')
    expect((await bucket.upload(name, await photo(200, 150), { contentType: 'image/jpeg' })).error).toBeNull()
    await pin(name)
    const files = async () =>
      (await readdir(renderCacheDir(stack.context.storageRoot), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length
    const before = await files()
    for (let width = 20; width < 20 + 24; width++) {
      expect(await imageOf(await fetch(bucket.getPublicUrl(name, { transform: { width } }).data.publicUrl))).toMatchObject({ width: 60 })
    }
    expect((await files()) - before).toBe(1)
  })

  it('keeps a cut-out a PNG with its transparency', async () => {
    const { data, error } = await owner.client.storage.from('wardrobe-stickers').download(stickerName, { transform: { width: 240 } })
    expect(error).toBeNull()
    const meta = await sharp(Buffer.from(await data!.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'png', width: 240, height: 240, hasAlpha: true })
  })

  it('serves a private photo transformed to its owner only', async () => {
    const mine = await owner.client.storage.from('wardrobe-images').download(privateName, { transform: { width: 240 } })
    expect(mine.error).toBeNull()
    expect(await sharp(Buffer.from(await mine.data!.arrayBuffer())).metadata()).toMatchObject({ width: 240, height: 320 })
    const theirs = await stranger.client.storage.from('wardrobe-images').download(privateName, { transform: { width: 300 } })
    expect(theirs.data).toBeNull()
    const anonymous = await fetch(`${base()}/render/image/public/wardrobe-images/${privateName}?width=300`)
    expect(anonymous.status).toBe(404)
  })

  it('a signed URL gives the size it was signed for, and ignores another size in its query', async () => {
    const { data, error } = await owner.client.storage
      .from('wardrobe-images')
      .createSignedUrl(privateName, 60, { transform: { width: 240, height: 240 } })
    expect(error).toBeNull()
    expect(data!.signedUrl).toContain('/render/image/sign/wardrobe-images/')
    expect(await imageOf(await fetch(data!.signedUrl))).toMatchObject({ width: 240, height: 240 })
    expect(await imageOf(await fetch(`${data!.signedUrl}&width=2000`))).toMatchObject({ width: 240, height: 240 })
    const plain = await owner.client.storage.from('wardrobe-images').createSignedUrl(privateName, 60)
    expect(await imageOf(await fetch(plain.data!.signedUrl))).toMatchObject({ width: 600, height: 800 })
  })

  it('refuses absurd sizes, unknown modes and bytes that are not an image, with storage errors', async () => {
    const url = (query: string) => `${base()}/render/image/public/polaroid-images/${publicName}?${query}`
    for (const query of ['width=0', 'width=-5', 'width=abc', 'width=2501', 'height=100000', 'resize=stretch', 'quality=5', 'format=png']) {
      const res = await fetch(url(query))
      expect(res.status, query).toBe(400)
      expect(await res.json(), query).toMatchObject({ statusCode: '400', error: 'Invalid Request' })
    }
    const signing = await owner.client.storage.from('wardrobe-images').createSignedUrl(privateName, 60, { transform: { width: 99999 } })
    expect(signing.error).not.toBeNull()

    const broken = `${owner.id}/walls/broken.jpg`
    expect((await owner.client.storage.from('polaroid-images').upload(broken, await photo(40, 30), { contentType: 'image/jpeg' })).error).toBeNull()
    await pin(broken)
    await writeFile(objectFilePath(stack.context.storageRoot, 'polaroid-images', broken), 'not a picture at all')
    const res = await fetch(url('width=10').replace(publicName, broken))
    expect(res.status).toBe(415)
    expect(await res.json()).toMatchObject({ code: 'InvalidMimeType' })
  })
})
