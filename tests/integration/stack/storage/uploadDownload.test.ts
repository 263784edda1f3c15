// Upload and download through the unmodified storage-js client: Blob (multipart) and Buffer (raw)
// bodies, the stored row and metadata, upsert and the exact duplicate error, the bucket's size and
// MIME rules (including content sniffing), info()/exists(), HEAD and ?download.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { expectStoreConsistent, jpegBytes, noisePng, objectRows, pdfBytes, pngBytes } from './storageFixtures'

let stack: TestStack
let alice: TestUser

beforeAll(async () => {
  stack = await startTestStack()
  alice = await createTestUser(stack)
})

afterAll(async () => {
  await stack?.close()
})

describe('upload and download', () => {
  it('round-trips a Blob upload (multipart) with its content type and records the row', async () => {
    const bytes = await jpegBytes()
    const path = `${alice.id}/blob photo.jpg`
    const { data, error } = await alice.client.storage
      .from('wardrobe-images')
      .upload(path, new Blob([bytes], { type: 'image/jpeg' }))
    expect(error).toBeNull()
    expect(data).toMatchObject({ path, fullPath: `wardrobe-images/${path}` })
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/)

    const download = await alice.client.storage.from('wardrobe-images').download(path)
    expect(download.error).toBeNull()
    expect(download.data?.type).toBe('image/jpeg')
    expect(Buffer.from(await download.data!.arrayBuffer())).toEqual(bytes)

    const { rows } = await stack.db.query<{
      id: string
      owner: string
      owner_id: string
      metadata: Record<string, unknown>
    }>(
      `select id, owner, owner_id, metadata from storage.objects where bucket_id = 'wardrobe-images' and name = $1`,
      [path],
    )
    expect(rows[0]).toMatchObject({ id: data!.id, owner: alice.id, owner_id: alice.id })
    expect(rows[0]!.metadata).toMatchObject({
      size: bytes.length,
      contentLength: bytes.length,
      mimetype: 'image/jpeg',
      cacheControl: 'max-age=3600',
      httpStatusCode: 200,
    })
    expect(rows[0]!.metadata.eTag).toMatch(/^"[0-9a-f]{32}"$/)
    expect(typeof rows[0]!.metadata.lastModified).toBe('string')
    await expectStoreConsistent(stack)
  })

  it('round-trips a Buffer upload (raw body) with contentType and cacheControl', async () => {
    const bytes = await pngBytes()
    const path = `${alice.id}/raw.png`
    const { error } = await alice.client.storage
      .from('wardrobe-stickers')
      .upload(path, bytes, { contentType: 'image/png', cacheControl: '60' })
    expect(error).toBeNull()
    const download = await alice.client.storage.from('wardrobe-stickers').download(path)
    expect(download.data?.type).toBe('image/png')
    expect(Buffer.from(await download.data!.arrayBuffer())).toEqual(bytes)

    const res = await fetch(`${stack.url}/storage/v1/object/wardrobe-stickers/${path}?download=sticker.png`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${alice.accessToken}` },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('content-length')).toBe(String(bytes.length))
    expect(res.headers.get('cache-control')).toBe('max-age=60')
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="sticker.png"/)

    const head = await fetch(`${stack.url}/storage/v1/object/wardrobe-stickers/${path}`, {
      method: 'HEAD',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${alice.accessToken}` },
    })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(bytes.length))
    expect((await head.arrayBuffer()).byteLength).toBe(0)
  })

  it('refuses a duplicate with the exact KeyAlreadyExists error and keeps the first bytes', async () => {
    const first = await jpegBytes('#111')
    const path = `${alice.id}/dup.jpg`
    const bucket = alice.client.storage.from('wardrobe-images')
    expect((await bucket.upload(path, first, { contentType: 'image/jpeg' })).error).toBeNull()
    const again = await bucket.upload(path, await jpegBytes('#222'), { contentType: 'image/jpeg' })
    expect(again.error).toMatchObject({
      statusCode: '409',
      message: 'The resource already exists',
      status: 400,
    })
    expect((again.error as unknown as { code: string }).code).toBe('KeyAlreadyExists')
    const raw = await fetch(`${stack.url}/storage/v1/object/wardrobe-images/${path}`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${alice.accessToken}`,
        'content-type': 'image/jpeg',
      },
      body: first,
    })
    expect(raw.status).toBe(400)
    expect(await raw.json()).toEqual({
      statusCode: '409',
      code: 'KeyAlreadyExists',
      error: 'Duplicate',
      message: 'The resource already exists',
    })
    const download = await bucket.download(path)
    expect(Buffer.from(await download.data!.arrayBuffer())).toEqual(first)
    await expectStoreConsistent(stack)
  })

  it('replaces the bytes with upsert and with update(), keeping the object id', async () => {
    const path = `${alice.id}/upsert.jpg`
    const bucket = alice.client.storage.from('wardrobe-images')
    const created = await bucket.upload(path, await jpegBytes('#333'), { contentType: 'image/jpeg' })
    const replacement = await pngBytes()
    const upserted = await bucket.upload(path, new Blob([replacement], { type: 'image/png' }), {
      upsert: true,
    })
    expect(upserted.error).toBeNull()
    expect(upserted.data?.id).toBe(created.data?.id)
    const afterUpsert = await bucket.download(path)
    expect(afterUpsert.data?.type).toBe('image/png')
    expect(Buffer.from(await afterUpsert.data!.arrayBuffer())).toEqual(replacement)

    const third = await jpegBytes('#444')
    expect((await bucket.update(path, third, { contentType: 'image/jpeg' })).error).toBeNull()
    const afterUpdate = await bucket.download(path)
    expect(Buffer.from(await afterUpdate.data!.arrayBuffer())).toEqual(third)
    const rows = (await objectRows(stack, 'wardrobe-images')).filter((r) => r.name === path)
    expect(rows).toHaveLength(1)
    await expectStoreConsistent(stack)
  })

  it('refuses an upload over the bucket size limit and stores nothing', async () => {
    const admin = stack.admin()
    const limited = await admin.storage.updateBucket('ootd-images', {
      public: false,
      fileSizeLimit: 1000,
      allowedMimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
    })
    expect(limited.error).toBeNull()
    try {
      const big = await noisePng(40)
      expect(big.length).toBeGreaterThan(1000)
      const path = `${alice.id}/big.png`
      const asBuffer = await alice.client.storage
        .from('ootd-images')
        .upload(path, big, { contentType: 'image/png' })
      expect(asBuffer.error).toMatchObject({ statusCode: '413', status: 413 })
      expect((asBuffer.error as unknown as { code: string }).code).toBe('EntityTooLarge')
      const asBlob = await alice.client.storage
        .from('ootd-images')
        .upload(path, new Blob([big], { type: 'image/png' }))
      expect((asBlob.error as unknown as { code: string }).code).toBe('EntityTooLarge')
      const small = await alice.client.storage
        .from('ootd-images')
        .upload(`${alice.id}/small.jpg`, await jpegBytes(), { contentType: 'image/jpeg' })
      expect(small.error).toBeNull()
      expect((await objectRows(stack, 'ootd-images')).map((r) => r.name)).toEqual([`${alice.id}/small.jpg`])
    } finally {
      await admin.storage.updateBucket('ootd-images', { public: false, fileSizeLimit: 5242880 })
    }
    await expectStoreConsistent(stack)
  })

  it('refuses bytes that are not an image even when they claim to be one, and disallowed types', async () => {
    const bucket = alice.client.storage.from('wardrobe-images')
    const claimedJpeg = await bucket.upload(`${alice.id}/fake.jpg`, pdfBytes, { contentType: 'image/jpeg' })
    expect(claimedJpeg.error).toMatchObject({
      statusCode: '415',
      message: 'mime type image/jpeg is not supported',
    })
    expect((claimedJpeg.error as unknown as { code: string }).code).toBe('InvalidMimeType')
    const claimedBlob = await bucket.upload(
      `${alice.id}/fake2.jpg`,
      new Blob([pdfBytes], { type: 'image/jpeg' }),
    )
    expect((claimedBlob.error as unknown as { code: string }).code).toBe('InvalidMimeType')
    const pdf = await bucket.upload(`${alice.id}/doc.pdf`, pdfBytes, { contentType: 'application/pdf' })
    expect(pdf.error?.message).toBe('mime type application/pdf is not supported')
    const textDefault = await bucket.upload(`${alice.id}/plain.jpg`, await jpegBytes())
    expect(textDefault.error?.message).toBe('mime type text/plain;charset=UTF-8 is not supported')
    // A real JPEG labelled PNG for a PNG/WebP-only bucket is refused too.
    const wrongFormat = await alice.client.storage
      .from('wardrobe-stickers')
      .upload(`${alice.id}/not-png.png`, await jpegBytes(), { contentType: 'image/png' })
    expect((wrongFormat.error as unknown as { code: string }).code).toBe('InvalidMimeType')
    const names = (await objectRows(stack)).map((r) => r.name)
    for (const name of ['fake.jpg', 'fake2.jpg', 'doc.pdf', 'plain.jpg', 'not-png.png']) {
      expect(names).not.toContain(`${alice.id}/${name}`)
    }
    await expectStoreConsistent(stack)
  })

  it('answers NoSuchBucket for a bucket that does not exist', async () => {
    const { error } = await alice.client.storage
      .from('no-such-bucket')
      .upload(`${alice.id}/x.jpg`, await jpegBytes(), { contentType: 'image/jpeg' })
    expect(error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
    expect((error as unknown as { code: string }).code).toBe('NoSuchBucket')
  })

  it('reports exists() and info() from the object row', async () => {
    const path = `${alice.id}/info.jpg`
    const bucket = alice.client.storage.from('wardrobe-images')
    const bytes = await jpegBytes()
    await bucket.upload(path, bytes, { contentType: 'image/jpeg', metadata: { note: 'hello' } })
    expect(await bucket.exists(path)).toMatchObject({ data: true, error: null })
    const missing = await bucket.exists(`${alice.id}/missing.jpg`)
    expect(missing.data).toBe(false)
    expect((missing.error as unknown as { code: string }).code).toBe('NoSuchKey')
    const info = await bucket.info(path)
    expect(info.error).toBeNull()
    expect(info.data).toMatchObject({
      name: path,
      bucketId: 'wardrobe-images',
      size: bytes.length,
      contentType: 'image/jpeg',
      metadata: { note: 'hello' },
    })
  })
})
