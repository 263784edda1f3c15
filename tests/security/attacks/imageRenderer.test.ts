// Issue 42, item 2: the image renderer could be made to burn CPU, memory and disk. A 10,000 × 10,000 PNG
// in polaroid-images was rendered (it allowed 100 MP where the API allows 50); every width was a new
// render (16 kept per object, every other one decoded afresh each time); nothing bounded renders running
// at once or the disk the cache took; renders of deleted, replaced and moved objects and of deleted
// accounts stayed on disk; and any polaroid-images object was rendered for anyone, a private wall's
// photo too. Each of those is tried here from outside, against a stack with small bounds.
import { randomBytes } from 'node:crypto'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConfig } from '../../../supabase/local/config'
import { renderCacheDir } from '../../../supabase/local/storage/renderCache'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { send, type Answer } from '../support/http'

const CACHE_BUDGET = 60_000
const PER_CALLER = 2

let stack: TestStack
let owner: TestUser
let stranger: TestUser
let publicWall: string
let privateWall: string

const newId = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid PNG of one colour, written directly: tiny on disk, `width × height × channels` bytes decoded. */
function blankPng(width: number, height: number, channels: 1 | 3): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8
  header[9] = channels === 1 ? 0 : 2
  const rows = Buffer.alloc((width * channels + 1) * height)
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 1 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A photo of noise, so its renders weigh what real photos' do (several KB each). */
function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer()
}

/** A smooth photo: its renders are a few KB. */
function plainJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4a7' } })
    .jpeg()
    .toBuffer()
}

/** Uploads `bytes` as `user` into polaroid-images and pins it on `wall`; returns the object's name. */
async function pinnedPhoto(user: TestUser, wall: string, bytes: Buffer, type = 'image/jpeg'): Promise<string> {
  const name = `${user.id}/polaroids/${newId('photo')}.${type === 'image/png' ? 'png' : 'jpg'}`
  const uploaded = await user.client.storage.from('polaroid-images').upload(name, bytes, { contentType: type })
  expect(uploaded.error).toBeNull()
  const pinned = await user.client
    .from('polaroids')
    .insert({ id: newId('pol'), wall_id: wall, image_path: `polaroid-images/${name}`, created_by: user.id })
  expect(pinned.error).toBeNull()
  return name
}

/** GET a render, as `user` (apikey and bearer, as supabase-js sends) or signed out. */
function render(name: string, query: string, user?: TestUser, route = 'public'): Promise<Answer> {
  const headers: Record<string, string> = user ? { apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}` } : {}
  return send(stack.port, { path: `/storage/v1/render/image/${route}/polaroid-images/${encodeURI(name)}?${query}`, headers })
}

async function widthOf(name: string, query: string): Promise<number | undefined> {
  const answer = await fetch(`${stack.url}/storage/v1/render/image/public/polaroid-images/${encodeURI(name)}?${query}`)
  expect(answer.status, query).toBe(200)
  return (await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).width
}

/** Every render file on disk, with its size. */
async function renderFiles(): Promise<Map<string, number>> {
  const root = renderCacheDir(stack.context.storageRoot)
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  const files = new Map<string, number>()
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const info = await stat(file).catch(() => null)
    if (info) files.set(file, info.size)
  }
  return files
}

async function newRenderFiles(work: () => Promise<unknown>): Promise<string[]> {
  const before = await renderFiles()
  await work()
  return [...(await renderFiles()).keys()].filter((file) => !before.has(file))
}

const stillThere = async (files: string[]) => {
  const now = await renderFiles()
  return files.filter((file) => now.has(file))
}

beforeAll(async () => {
  stack = await startTestStack({
    renders: { ...testConfig().renders, running: 1, waiting: 4, perCaller: PER_CALLER, cacheBytes: CACHE_BUDGET },
  })
  owner = await createTestUser(stack)
  stranger = await createTestUser(stack)
  publicWall = newId('pubwall')
  privateWall = newId('privwall')
  // One insert per row: rows with different keys in one insert get nulls for the missing ones.
  for (const wall of [
    { id: publicWall, name: 'Open wall', owner_id: owner.id, private: false },
    { id: privateWall, name: 'Closed wall', owner_id: owner.id, private: true },
  ]) {
    expect((await owner.client.from('walls').insert(wall)).error).toBeNull()
  }
}, 60_000)

afterAll(async () => {
  await stack?.close()
})

describe('the image renderer', () => {
  it('refuses a 10,000 × 10,000 PNG (100 MP) from its header, with the pixel limit in the answer', async () => {
    const bomb = blankPng(10_000, 10_000, 1)
    expect(bomb.length).toBeLessThan(1_000_000)
    const name = await pinnedPhoto(owner, publicWall, bomb, 'image/png')
    const started = Date.now()
    const answer = await render(name, 'width=240')
    console.info(`[image renderer] 100 MP PNG: ${answer.status} in ${Date.now() - started} ms: ${answer.body}`)
    expect(answer.status).toBe(422)
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: '422', code: 'ImageTooLarge' })
    expect(answer.body).toContain('100.0 megapixels; the limit is 50.0 megapixels')
    // Under the limit the same kind of picture is rendered.
    const fits = await pinnedPhoto(owner, publicWall, blankPng(4_000, 4_000, 1), 'image/png')
    expect((await render(fits, 'width=240')).status).toBe(200)
  }, 60_000)

  it('snaps odd widths up to a rendered width: two odd widths make one render; the app’s own widths are kept', async () => {
    const name = await pinnedPhoto(owner, publicWall, await plainJpeg(640, 480))
    const made = await newRenderFiles(async () => {
      const odd = await render(name, 'width=241&quality=75')
      const other = await render(name, 'width=333&quality=70')
      expect([odd.status, other.status]).toEqual([200, 200])
      expect(odd.headers.etag).toBe(other.headers.etag)
    })
    expect(made).toHaveLength(1)
    expect(await widthOf(name, 'width=241&quality=75')).toBe(480)
    // What the app asks for (sizedSources.ts: 240 and 480 at quality 75) is what it gets.
    expect(await widthOf(name, 'width=240&quality=75')).toBe(240)
    expect(await widthOf(name, 'width=480&quality=75')).toBe(480)
  })

  it('answers a burst of one user’s renders beyond their queue with 429 and Retry-After, while another user is served', async () => {
    // 4000 × 4000 PNGs take a good part of a second each to render.
    const slow = blankPng(4_000, 4_000, 3)
    const mine = await pinnedPhoto(owner, publicWall, slow, 'image/png')
    const theirs = await pinnedPhoto(owner, publicWall, slow, 'image/png')
    const sizes = ['width=60', 'width=120', 'width=240', 'width=480', 'width=800', 'height=60', 'height=120', 'height=240']
    const [burst, other] = await Promise.all([
      Promise.all(sizes.map((size) => render(mine, size, owner))),
      render(theirs, 'width=240', stranger),
    ])
    const statuses = burst.map((a) => a.status)
    console.info(`[image renderer] burst of ${sizes.length}: ${statuses.join(' ')}; another user: ${other.status}`)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(sizes.length - 2 * PER_CALLER)
    for (const answer of burst.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(429)
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
    }
    expect(other.status).toBe(200)
    // Once the burst is over, the same user is served again.
    const refused = sizes[statuses.indexOf(429)]!
    expect((await render(mine, refused, owner)).status).toBe(200)
  }, 60_000)

  it('keeps the render cache within its disk budget, the least recently used renders going first', async () => {
    const names: string[] = []
    for (let i = 0; i < 6; i++) names.push(await pinnedPhoto(owner, publicWall, await noisyJpeg(240, 240)))
    let made = 0
    for (const name of names) {
      for (const width of [60, 120, 240]) {
        expect((await render(name, `width=${width}`)).status).toBe(200)
        made += 1
      }
    }
    const files = await renderFiles()
    const total = [...files.values()].reduce((sum, size) => sum + size, 0)
    console.info(`[image renderer] ${made} renders made; ${files.size} kept, ${total} bytes (budget ${CACHE_BUDGET})`)
    expect(total).toBeLessThanOrEqual(CACHE_BUDGET)
    expect(files.size).toBeLessThan(made)
    // The latest render is answered from the cache (no new file); the first one went and is made again.
    expect(await newRenderFiles(() => render(names[5]!, 'width=240'))).toEqual([])
    expect(await newRenderFiles(() => render(names[0]!, 'width=60'))).toHaveLength(1)
  })

  it('deletes an object’s renders with it: removed, deleted, replaced, moved, and with the account', async () => {
    const renderTwice = (name: string) =>
      newRenderFiles(async () => {
        for (const size of ['width=60', 'width=120']) expect((await render(name, size)).status).toBe(200)
      })
    const bucket = owner.client.storage.from('polaroid-images')

    const removed = await pinnedPhoto(owner, publicWall, await noisyJpeg(200, 150))
    const removedRenders = await renderTwice(removed)
    expect(removedRenders).toHaveLength(2)
    expect((await bucket.remove([removed])).error).toBeNull()
    expect(await stillThere(removedRenders)).toEqual([])

    const deleted = await pinnedPhoto(owner, publicWall, await noisyJpeg(200, 150))
    const deletedRenders = await renderTwice(deleted)
    const answer = await send(stack.port, {
      method: 'DELETE',
      path: `/storage/v1/object/polaroid-images/${deleted}`,
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${owner.accessToken}` },
    })
    expect(answer.status).toBe(200)
    expect(await stillThere(deletedRenders)).toEqual([])

    const replaced = await pinnedPhoto(owner, publicWall, await noisyJpeg(200, 150))
    const replacedRenders = await renderTwice(replaced)
    const upsert = await bucket.upload(replaced, await noisyJpeg(150, 200), { contentType: 'image/jpeg', upsert: true })
    expect(upsert.error).toBeNull()
    expect(await stillThere(replacedRenders)).toEqual([])
    expect(await widthOf(replaced, 'width=120')).toBe(120)

    const moved = await pinnedPhoto(owner, publicWall, await noisyJpeg(200, 150))
    const movedRenders = await renderTwice(moved)
    expect((await bucket.move(moved, `${owner.id}/polaroids/${newId('moved')}.jpg`)).error).toBeNull()
    expect(await stillThere(movedRenders)).toEqual([])

    const leaving = await createTestUser(stack)
    const wall = newId('leaving')
    expect((await leaving.client.from('walls').insert({ id: wall, name: 'Bye', owner_id: leaving.id })).error).toBeNull()
    const theirs = await pinnedPhoto(leaving, wall, await noisyJpeg(200, 150))
    const theirRenders = await renderTwice(theirs)
    const gone = await send(stack.port, {
      method: 'DELETE',
      path: '/api/account',
      headers: { Authorization: `Bearer ${leaving.accessToken}` },
    })
    expect(gone.status).toBe(204)
    expect(await stillThere(theirRenders)).toEqual([])
  }, 60_000)

  it('renders a private wall’s photo for its owner only, as the object itself is read', async () => {
    const hidden = await pinnedPhoto(owner, privateWall, await noisyJpeg(300, 200))
    const shown = await pinnedPhoto(owner, publicWall, await noisyJpeg(300, 200))
    const objectAs = (user?: TestUser) =>
      send(stack.port, {
        path: `/storage/v1/object/authenticated/polaroid-images/${hidden}`,
        headers: { apikey: stack.anonKey, Authorization: `Bearer ${user?.accessToken ?? stack.anonKey}` },
      })
    const seen = {
      objectStranger: (await objectAs(stranger)).status,
      objectAnon: (await objectAs()).status,
      objectOwner: (await objectAs(owner)).status,
      renderAnon: (await render(hidden, 'width=120')).status,
      renderStranger: (await render(hidden, 'width=120', stranger)).status,
      renderStrangerAuthenticated: (await render(hidden, 'width=120', stranger, 'authenticated')).status,
      renderOwner: (await render(hidden, 'width=120', owner)).status,
      renderOwnerAuthenticated: (await render(hidden, 'width=120', owner, 'authenticated')).status,
      publicWallAnon: (await render(shown, 'width=120')).status,
      publicWallStranger: (await render(shown, 'width=120', stranger)).status,
    }
    console.info(`[image renderer] private wall photo: ${JSON.stringify(seen)}`)
    expect(seen).toEqual({
      objectStranger: 404,
      objectAnon: 404,
      objectOwner: 200,
      renderAnon: 404,
      renderStranger: 404,
      renderStrangerAuthenticated: 404,
      renderOwner: 200,
      renderOwnerAuthenticated: 200,
      publicWallAnon: 200,
      publicWallStranger: 200,
    })
    const refused = await render(hidden, 'width=120')
    expect(refused.body).not.toContain(hidden)
  })
})
