// Who may read and write which object, decided by the storage.objects policies of the migrations:
// polaroid images at their public URL for everyone and otherwise as their wall is (tests/security
// covers private walls), private images for their owner, and for others only when the
// image is a sticker on a wall they can see or belongs to a public wardrobe item. Writes stay inside
// one's own user-id folder; bucket administration is for the service role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import { createTestUser, type TestUser } from '../../../support/users'
import { clientId, expectStoreConsistent, jpegBytes, objectRows, pngBytes } from './storageFixtures'

let stack: TestStack
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  stack = await startTestStack()
  alice = await createTestUser(stack)
  bob = await createTestUser(stack)
})

afterAll(async () => {
  await stack?.close()
})

async function uploadAs(user: TestUser, bucket: string, name: string, bytes?: Buffer) {
  const png = name.endsWith('.png')
  const { error } = await user.client.storage
    .from(bucket)
    .upload(name, bytes ?? (png ? await pngBytes() : await jpegBytes()), { contentType: png ? 'image/png' : 'image/jpeg' })
  expect(error).toBeNull()
}

describe('public and private buckets', () => {
  it('serves polaroid images at their public URL without any auth header', async () => {
    const bytes = await jpegBytes('#0a0')
    const name = `${alice.id}/polaroid one.jpg`
    await uploadAs(alice, 'polaroid-images', name, bytes)
    const { publicUrl } = stack.client().storage.from('polaroid-images').getPublicUrl(name).data
    expect(publicUrl).toContain('/object/public/polaroid-images/')
    const res = await fetch(publicUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes)
    const renderUrl = stack
      .client()
      .storage.from('polaroid-images')
      .getPublicUrl(name, { transform: { width: 120 } }).data.publicUrl
    // The render route renders only what the caller may see (renderRoutes.ts): this photo is on no wall,
    // so only its owner (renderImage.test.ts resizes; a 4 × 3 photo is never enlarged).
    expect((await fetch(renderUrl)).status).toBe(404)
    const rendered = await fetch(renderUrl, { headers: { apikey: stack.anonKey, Authorization: `Bearer ${alice.accessToken}` } })
    expect(rendered.status).toBe(200)
    expect(rendered.headers.get('content-type')).toBe('image/jpeg')
  })

  it('does not serve private buckets at a public URL', async () => {
    const name = `${alice.id}/private.jpg`
    await uploadAs(alice, 'wardrobe-images', name)
    const res = await fetch(stack.client().storage.from('wardrobe-images').getPublicUrl(name).data.publicUrl)
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
    const missing = await fetch(
      `${stack.url}/storage/v1/object/public/polaroid-images/${alice.id}/nothing.jpg`,
    )
    expect(missing.status).toBe(404)
  })

  it('lets signed-out visitors download polaroid images shown on a public wall, not others or private images', async () => {
    const anon = stack.client()
    const name = `${alice.id}/polaroids/anon-view.jpg`
    const unshown = `${alice.id}/polaroids/not-on-a-wall.jpg`
    await uploadAs(alice, 'polaroid-images', name)
    await uploadAs(alice, 'polaroid-images', unshown)
    await uploadAs(alice, 'wardrobe-images', name)
    const wallId = clientId('wall')
    expect((await alice.client.from('walls').insert({ id: wallId, name: 'Open', owner_id: alice.id })).error).toBeNull()
    const polaroid = { id: clientId('pol'), wall_id: wallId, image_path: `polaroid-images/${name}`, created_by: alice.id }
    expect((await alice.client.from('polaroids').insert(polaroid)).error).toBeNull()
    expect((await anon.storage.from('polaroid-images').download(name)).error).toBeNull()
    expect((await anon.storage.from('polaroid-images').download(unshown)).error).toMatchObject({ status: 404 })
    const refused = await anon.storage.from('wardrobe-images').download(name)
    expect(refused.data).toBeNull()
    expect(refused.error).toMatchObject({ status: 404 })
  })
})

describe('writes stay in the own user-id folder', () => {
  it('refuses an upload into another user folder or the bucket root and stores nothing', async () => {
    for (const name of [`${bob.id}/intruder.jpg`, 'root.jpg', `folder/${alice.id}/deep.jpg`]) {
      const { error } = await alice.client.storage
        .from('wardrobe-images')
        .upload(name, await jpegBytes(), { contentType: 'image/jpeg' })
      expect(error).toMatchObject({
        statusCode: '403',
        message: 'new row violates row-level security policy',
        status: 403,
      })
      expect((error as unknown as { code: string }).code).toBe('AccessDenied')
    }
    const anonUpload = await stack
      .client()
      .storage.from('polaroid-images')
      .upload(`${alice.id}/anon.jpg`, await jpegBytes(), { contentType: 'image/jpeg' })
    expect(anonUpload.error).toMatchObject({ statusCode: '403' })
    const names = (await objectRows(stack)).map((r) => r.name)
    expect(names).not.toContain(`${bob.id}/intruder.jpg`)
    expect(names).not.toContain('root.jpg')
    expect(names).not.toContain(`${alice.id}/anon.jpg`)
    await expectStoreConsistent(stack)
  })

  it('refuses overwriting (upsert) and deleting another user files', async () => {
    const name = `${bob.id}/bobs.jpg`
    const original = await jpegBytes('#00f')
    await uploadAs(bob, 'polaroid-images', name, original)
    const upsert = await alice.client.storage
      .from('polaroid-images')
      .upload(name, await jpegBytes('#f00'), { contentType: 'image/jpeg', upsert: true })
    expect(upsert.error).toMatchObject({ statusCode: '403' })
    const removed = await alice.client.storage.from('polaroid-images').remove([name])
    expect(removed).toMatchObject({ data: [], error: null })
    const single = await fetch(`${stack.url}/storage/v1/object/polaroid-images/${name}`, {
      method: 'DELETE',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${alice.accessToken}` },
    })
    expect(single.status).toBe(404)
    const still = await stack.admin().storage.from('polaroid-images').download(name)
    expect(Buffer.from(await still.data!.arrayBuffer())).toEqual(original)
    await expectStoreConsistent(stack)
  })

  it('lets the service role write anywhere', async () => {
    const { error } = await stack
      .admin()
      .storage.from('wardrobe-images')
      .upload('system/seed.jpg', await jpegBytes(), { contentType: 'image/jpeg' })
    expect(error).toBeNull()
    const { rows } = await stack.db.query<{ owner: string | null }>(
      `select owner from storage.objects where bucket_id = 'wardrobe-images' and name = 'system/seed.jpg'`,
    )
    expect(rows).toEqual([{ owner: null }])
  })
})

describe('sharing private images', () => {
  it('shows a sticker’s own picture to whoever sees its wall, and never lets a private photo be stuck', async () => {
    const name = `${alice.id}/cutouts/sticker-src.png`
    const bytes = await pngBytes()
    await uploadAs(alice, 'wardrobe-stickers', name, bytes)
    const refused = await bob.client.storage.from('wardrobe-stickers').download(name)
    expect(refused.error).toMatchObject({ status: 404 })
    expect((refused.error as unknown as { code: string }).code).toBe('NoSuchKey')
    expect((await bob.client.storage.from('wardrobe-stickers').createSignedUrl(name, 60)).error).toMatchObject({
      status: 404,
    })

    const wallId = clientId('wall')
    await stack.db.query(
      `insert into public.walls (id, name, owner_id, private) values ($1, 'Shared', $2, false)`,
      [wallId, alice.id],
    )
    const stickerId = clientId('stk')
    await stack.db.query(
      `insert into public.wall_stickers (id, wall_id, image_path, created_by) values ($1, $2, $3, $4)`,
      [stickerId, wallId, `wardrobe-stickers/${name}`, alice.id],
    )
    const allowed = await bob.client.storage.from('wardrobe-stickers').download(name)
    expect(allowed.error).toBeNull()
    expect(Buffer.from(await allowed.data!.arrayBuffer())).toEqual(bytes)
    expect((await stack.client().storage.from('wardrobe-stickers').download(name)).error).toBeNull()

    // A private wall hides its stickers, and with them the picture.
    await stack.db.query('update public.walls set private = true where id = $1', [wallId])
    expect((await bob.client.storage.from('wardrobe-stickers').download(name)).error).toMatchObject({
      status: 404,
    })
    expect((await alice.client.storage.from('wardrobe-stickers').download(name)).error).toBeNull()

    // A private wardrobe photo cannot be stuck itself: stickers show a picture of their own.
    const photo = `${alice.id}/private-photo.jpg`
    await uploadAs(alice, 'wardrobe-images', photo)
    await expect(
      stack.db.query(
        `insert into public.wall_stickers (id, wall_id, image_path, created_by) values ($1, $2, $3, $4)`,
        [clientId('stk'), wallId, `wardrobe-images/${photo}`, alice.id],
      ),
    ).rejects.toThrow('wall_stickers_image_in_creator_folder')
  })

  it('shows a private image of a public wardrobe item to other users', async () => {
    const name = `${alice.id}/item.jpg`
    await uploadAs(alice, 'wardrobe-images', name)
    expect((await bob.client.storage.from('wardrobe-images').download(name)).error).toMatchObject({
      status: 404,
    })
    const itemId = clientId('item')
    await stack.db.query(
      `insert into public.wardrobe_items (id, user_id, image_path, name, is_public) values ($1, $2, $3, 'Shirt', false)`,
      [itemId, alice.id, `wardrobe-images/${name}`],
    )
    expect((await bob.client.storage.from('wardrobe-images').download(name)).error).toMatchObject({
      status: 404,
    })
    await stack.db.query('update public.wardrobe_items set is_public = true where id = $1', [itemId])
    expect((await bob.client.storage.from('wardrobe-images').download(name)).error).toBeNull()
    const signed = await bob.client.storage.from('wardrobe-images').createSignedUrl(name, 60)
    expect(signed.error).toBeNull()
    expect((await fetch(signed.data!.signedUrl)).status).toBe(200)
  })
})

describe('bucket administration', () => {
  it('refuses bucket writes to users and visitors, and allows them to the service role', async () => {
    for (const client of [alice.client, stack.client()]) {
      const created = await client.storage.createBucket('mine', { public: true })
      expect(created.error).toMatchObject({ statusCode: '403', status: 403 })
      const updated = await client.storage.updateBucket('polaroid-images', { public: false })
      expect(updated.error).toMatchObject({ statusCode: '403' })
      const emptied = await client.storage.emptyBucket('polaroid-images')
      expect(emptied.error).toMatchObject({ statusCode: '403' })
      const deleted = await client.storage.deleteBucket('polaroid-images')
      expect(deleted.error).toMatchObject({ statusCode: '403' })
    }
    const { rows } = await stack.db.query<{ public: boolean }>(
      `select public from storage.buckets where id = 'polaroid-images'`,
    )
    expect(rows).toEqual([{ public: true }])
    expect((await objectRows(stack, 'polaroid-images')).length).toBeGreaterThan(0)

    const admin = stack.admin().storage
    expect(await admin.createBucket('scratch-bucket', { public: false, fileSizeLimit: '1MB' })).toMatchObject(
      {
        data: { name: 'scratch-bucket' },
        error: null,
      },
    )
    const again = await admin.createBucket('scratch-bucket', { public: false })
    expect(again.error).toMatchObject({ statusCode: '409' })
    expect((await admin.getBucket('scratch-bucket')).data).toMatchObject({
      id: 'scratch-bucket',
      public: false,
      file_size_limit: 1_000_000,
    })
    expect((await admin.listBuckets()).data?.map((b) => b.id)).toContain('scratch-bucket')
    expect((await alice.client.storage.listBuckets()).data).toEqual([])
    const upload = await stack
      .admin()
      .storage.from('scratch-bucket')
      .upload('a/b.jpg', await jpegBytes(), { contentType: 'image/jpeg' })
    expect(upload.error).toBeNull()
    expect((await admin.deleteBucket('scratch-bucket')).error).toMatchObject({ statusCode: '409' })
    expect((await admin.emptyBucket('scratch-bucket')).error).toBeNull()
    expect((await admin.deleteBucket('scratch-bucket')).error).toBeNull()
    expect((await admin.getBucket('scratch-bucket')).error).toMatchObject({ statusCode: '404' })
    await expectStoreConsistent(stack)
  })
})
