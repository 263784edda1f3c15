// Shared arrangements for the wall, polaroid, submit and preview screens: signed-in supabase-js
// clients for test people, walls seeded through the public protocols with real JPEGs in Storage, and
// small page helpers for reading what the canvas shows.
import { randomBytes } from 'node:crypto'
import { expect, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { admin, nodeClient } from './stack'
import type { E2EUser } from './users'

export type Client = ReturnType<typeof nodeClient>

export function newId(): string {
  return randomBytes(16).toString('base64url')
}

export async function clientFor(user: E2EUser): Promise<Client> {
  const client = nodeClient()
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password })
  if (error) throw error
  return client
}

/** A plain JPEG of one colour with a darker square, so cards are told apart in screenshots. */
export async function photo(hue: number, width = 480, height = 480): Promise<Buffer> {
  const rgb = (l: number) => {
    const h = hue / 60
    const c = l
    const x = c * (1 - Math.abs((h % 2) - 1))
    const [r, g, b] = h < 1 ? [c, x, 0] : h < 2 ? [x, c, 0] : h < 3 ? [0, c, x] : h < 4 ? [0, x, c] : h < 5 ? [x, 0, c] : [c, 0, x]
    return { r: Math.round(r * 255), g: Math.round(g * 255), b: Math.round(b * 255) }
  }
  const inner = await sharp({ create: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 3, background: rgb(0.55) } })
    .png()
    .toBuffer()
  return sharp({ create: { width, height, channels: 3, background: rgb(0.85) } })
    .composite([{ input: inner, gravity: 'center' }])
    .jpeg({ quality: 80 })
    .toBuffer()
}

export interface SeedPolaroid {
  name: string
  message?: string
  x?: number
  y?: number
  zIndex?: number
  timestamp?: number
  /** Who pins it (defaults to the wall's owner). */
  by?: E2EUser
}

export interface SeededWall {
  id: string
  polaroids: Array<{ id: string; name: string; x: number; y: number; zIndex: number; timestamp: number }>
}

export async function seedWall(
  owner: E2EUser,
  options: { name?: string; description?: string; private?: boolean; polaroids?: SeedPolaroid[] } = {},
): Promise<SeededWall> {
  const clients = new Map<string, Client>()
  const clientOf = async (user: E2EUser) => {
    let client = clients.get(user.id)
    if (!client) clients.set(user.id, (client = await clientFor(user)))
    return client
  }
  const ownerClient = await clientOf(owner)
  const id = newId()
  const { error } = await ownerClient.from('walls').insert({
    id,
    name: options.name ?? 'Test Moori',
    description: options.description ?? null,
    owner_id: owner.id,
    private: options.private ?? false,
  })
  if (error) throw error
  const polaroids: SeededWall['polaroids'] = []
  let index = 0
  for (const spec of options.polaroids ?? []) {
    const by = spec.by ?? owner
    const client = await clientOf(by)
    const polaroidId = newId()
    const path = `${by.id}/seed/${polaroidId}.jpg`
    const upload = await client.storage.from('polaroid-images').upload(path, await photo((index * 47) % 360), { contentType: 'image/jpeg' })
    if (upload.error) throw upload.error
    const row = {
      id: polaroidId,
      wall_id: id,
      name: spec.name,
      message: spec.message ?? `Message for ${spec.name}`,
      image_path: `polaroid-images/${path}`,
      created_by: by.id,
      x: spec.x ?? 40 + (index % 4) * 280,
      y: spec.y ?? 40 + Math.floor(index / 4) * 330,
      z_index: spec.zIndex ?? index + 1,
      timestamp: spec.timestamp ?? Date.now() - 100_000 + index,
    }
    const inserted = await client.from('polaroids').insert(row)
    if (inserted.error) throw inserted.error
    polaroids.push({ id: polaroidId, name: spec.name, x: row.x, y: row.y, zIndex: row.z_index, timestamp: row.timestamp })
    index += 1
  }
  return { id, polaroids }
}

export interface ServerPolaroid {
  id: string
  x: number
  y: number
  z_index: number
  deleted_at: string | null
  image_path: string | null
  name: string
}

export async function serverPolaroid(id: string): Promise<ServerPolaroid | null> {
  const response = await admin.from('polaroids').select('*').eq('id', id).maybeSingle<ServerPolaroid>()
  if (response.error) throw response.error
  return response.data
}

/** A card on the canvas by its polaroid name. */
export function card(page: Page, name: string): Locator {
  return page.locator('[data-canvas-item]').filter({ has: page.getByText(name, { exact: true }) })
}

export async function position(item: Locator): Promise<{ x: number; y: number; z: number }> {
  const [x, y, z] = await Promise.all([item.getAttribute('data-x'), item.getAttribute('data-y'), item.getAttribute('data-z')])
  return { x: Number(x), y: Number(y), z: Number(z) }
}

export async function zoomOf(page: Page): Promise<number> {
  return Number(await page.getByTestId('canvas').getAttribute('data-zoom'))
}

export async function openWall(page: Page, wallId: string, expectItems = 0): Promise<void> {
  await page.goto(`/wall/${wallId}`)
  await expect(page.getByTestId('canvas')).toBeVisible()
  if (expectItems > 0) await expect(page.locator('[data-canvas-item]')).toHaveCount(expectItems)
}

/** The centre of an element on screen. */
export async function centre(item: Locator): Promise<{ x: number; y: number }> {
  const box = await item.boundingBox()
  if (!box) throw new Error('Not on screen')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/** Waits until the server holds what the check says. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last = await read()
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(last)}`)
    await new Promise((r) => setTimeout(r, 250))
    last = await read()
  }
  return last
}
