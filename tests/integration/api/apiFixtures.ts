// Shared by the product API tests: calling /api as a user, real image bytes, and quick ways to put a
// user's walls, polaroids and wardrobe items in place through their own supabase-js client (so the
// schema's rules apply to the arrangement too).
import sharp from 'sharp'
import { expect } from 'vitest'
import { newId } from '../../../src/lib/ids'
import type { LocalStack } from '../../../supabase/local/server'
import type { TestUser } from '../../support/users'

export async function callApi(
  stack: LocalStack,
  path: string,
  options: { token?: string | null; method?: string; body?: unknown; rawBody?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  return fetch(`${stack.url}/api${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  })
}

export async function jpeg(color = '#c33'): Promise<Buffer<ArrayBuffer>> {
  return Buffer.from(
    await sharp({ create: { width: 6, height: 6, channels: 3, background: color } })
      .jpeg()
      .toBuffer(),
  )
}

export async function png(): Promise<Buffer<ArrayBuffer>> {
  return Buffer.from(
    await sharp({ create: { width: 4, height: 4, channels: 4, background: '#0a06' } })
      .png()
      .toBuffer(),
  )
}

export async function upload(
  user: TestUser,
  bucket: string,
  path: string,
  bytes?: Buffer<ArrayBuffer>,
): Promise<string> {
  const body = bytes ?? (await jpeg())
  const contentType = path.endsWith('.png') ? 'image/png' : 'image/jpeg'
  const { error } = await user.client.storage.from(bucket).upload(path, body, { contentType })
  expect(error).toBeNull()
  return `${bucket}/${path}`
}

export async function addWall(
  user: TestUser,
  name: string,
  options: { private?: boolean } = {},
): Promise<string> {
  const id = newId()
  const { error } = await user.client
    .from('walls')
    .insert({ id, name, owner_id: user.id, private: options.private ?? false })
  expect(error).toBeNull()
  return id
}

export async function addPolaroid(
  user: TestUser,
  wallId: string,
  fields: { name: string; message?: string; createdAt?: string },
): Promise<{ id: string; imagePath: string }> {
  const id = newId()
  const imagePath = await upload(user, 'polaroid-images', `${user.id}/polaroids/${id}.jpg`)
  const { error } = await user.client.from('polaroids').insert({
    id,
    wall_id: wallId,
    name: fields.name,
    message: fields.message ?? '',
    image_path: imagePath,
    created_by: user.id,
    ...(fields.createdAt ? { created_at: fields.createdAt } : {}),
  })
  expect(error).toBeNull()
  return { id, imagePath }
}

export async function addItem(
  user: TestUser,
  fields: { name: string; description?: string; isPublic?: boolean; tags?: string[] },
): Promise<{ id: string; imagePath: string }> {
  const id = newId()
  const imagePath = await upload(user, 'wardrobe-images', `${user.id}/wardrobe/${id}.jpg`)
  const { error } = await user.client.from('wardrobe_items').insert({
    id,
    user_id: user.id,
    image_path: imagePath,
    name: fields.name,
    description: fields.description ?? null,
    is_public: fields.isPublic ?? false,
    upload_source: 'upload',
  })
  expect(error).toBeNull()
  if (fields.tags?.length) {
    const tags = await user.client.from('clothing_tags').insert(
      fields.tags.map((value) => ({
        id: newId(),
        wardrobe_item_id: id,
        tag_type: 'style',
        tag_value: value,
        confidence_score: 1,
        is_ai_generated: false,
        is_verified: true,
      })),
    )
    expect(tags.error).toBeNull()
  }
  return { id, imagePath }
}
