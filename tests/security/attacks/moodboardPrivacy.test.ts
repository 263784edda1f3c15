// Issue 23, medium: POST /api/walls made a public wall from candidates that included the caller's
// private items and outfit photos, copying them into the public bucket where Discover shows them. Tried
// as written: a private outfit photo named 'Velvet party dress', tagged to match, and the prompt
// 'velvet party dress'. The wall is public, so it takes public content only: nothing of the photo
// reaches the wall or the public bucket, and a public item matching the prompt still does.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { send } from '../support/http'
import { jpeg, newId } from '../support/world'

let stack: TestStack
let owner: TestUser
const privatePhoto = newId('ootditem')

beforeAll(async () => {
  stack = await startTestStack()
  owner = await createTestUser(stack)
  const admin = stack.admin()
  const photoPath = `${owner.id}/ootd/${privatePhoto}.jpg`
  const uploaded = await owner.client.storage
    .from('ootd-images')
    .upload(photoPath, await jpeg(), { contentType: 'image/jpeg' })
  expect(uploaded.error).toBeNull()
  const publicPath = `${owner.id}/wardrobe/${newId('pub')}.jpg`
  expect(
    (
      await owner.client.storage
        .from('wardrobe-images')
        .upload(publicPath, await jpeg(), { contentType: 'image/jpeg' })
    ).error,
  ).toBeNull()
  // One row per insert: one insert's rows must name the same columns.
  const photo = await admin.from('wardrobe_items').insert({
    id: privatePhoto,
    user_id: owner.id,
    image_path: `ootd-images/${photoPath}`,
    name: 'Velvet party dress',
    description: 'My private outfit photo',
    upload_source: 'ootd',
    is_public: false,
  })
  expect(photo.error).toBeNull()
  const scarf = await admin.from('wardrobe_items').insert({
    id: newId('pubitem'),
    user_id: owner.id,
    image_path: `wardrobe-images/${publicPath}`,
    name: 'Velvet scarf',
    is_public: true,
  })
  expect(scarf.error).toBeNull()
  const tags = await admin.from('clothing_tags').insert([
    { id: newId('tag'), wardrobe_item_id: privatePhoto, tag_type: 'material', tag_value: 'velvet' },
    { id: newId('tag'), wardrobe_item_id: privatePhoto, tag_type: 'occasion', tag_value: 'party dress' },
  ])
  expect(tags.error).toBeNull()
})

afterAll(async () => {
  await stack?.close()
})

it('puts no private outfit photo on a public moodboard, whatever the prompt matches', async () => {
  const made = await send(stack.port, {
    method: 'POST',
    path: '/api/walls',
    headers: { Authorization: `Bearer ${owner.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ prompt: 'velvet party dress', owner_id: owner.id }),
  })
  expect(made.status).toBe(201)
  const { wallId } = JSON.parse(made.body) as { wallId: string }

  // Read as anyone would, without signing in.
  const seen = await stack
    .client()
    .from('polaroids')
    .select('name, message, image_path')
    .eq('wall_id', wallId)
  expect(seen.error).toBeNull()
  const names = ((seen.data ?? []) as Array<{ name: string }>).map((p) => p.name)
  expect(names).toContain('Velvet scarf')
  expect(names).not.toContain('Velvet party dress')
  expect(JSON.stringify(seen.data)).not.toContain('private outfit photo')

  // And nothing of it was copied into the public bucket.
  const { rows } = await stack.db.query<{ name: string }>(
    `select name from storage.objects where bucket_id = 'polaroid-images' and name like $1`,
    [`${owner.id}/%`],
  )
  expect(rows).toHaveLength(names.length)
})
