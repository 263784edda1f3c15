// `npm run api` as it deploys beside hosted Supabase: a separate process configured only from the
// environment, in front of a running stack, with the real models. Through it a user's outfit photo
// becomes a completed job with items, tags and transparent cut-outs in Storage, a wardrobe item is cut
// out, and a second user can see none of it. The stack's own job runner is kept idle, so every job here
// is the standalone instance's work.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../../src/lib/ids'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { outfitTestPhoto } from '../../support/testPhotos'
import { addItem, upload } from './apiFixtures'

let stack: TestStack
let api: ChildProcess
let apiUrl: string
let alice: TestUser
let bob: TestUser
const output: string[] = []
const hasOutfitPhoto = (await outfitTestPhoto()) !== null
const photoNote = hasOutfitPhoto ? '' : ' (skipped: no outfit photo installed; apt packages opencv-doc or tuxpaint-stamps-default)'

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port
      server.close(() => resolve(port))
    })
  })
}

function startApi(env: Record<string, string>): ChildProcess {
  const child = spawn('npx', ['tsx', 'scripts/api.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  return child
}

async function waitUntilUp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`The standalone API did not start:\n${output.join('')}`)
}

function post(path: string, user: TestUser, body: unknown) {
  return fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** Share of fully or partly transparent pixels: a real cut-out has plenty, a photo has none. */
async function transparentShare(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  let clear = 0
  for (let i = 3; i < data.length; i += info.channels) if (data[i]! < 250) clear += 1
  return clear / (info.width * info.height)
}

beforeAll(async () => {
  stack = await startTestStack({ api: { jobs: { maxConcurrent: 0 } } })
  alice = await createTestUser(stack)
  bob = await createTestUser(stack)
  const port = await freePort()
  apiUrl = `http://127.0.0.1:${port}/api`
  api = startApi({
    SUPABASE_URL: stack.url,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    SUPABASE_JWT_SECRET: stack.context.config.jwtSecret,
    MOORI_API_PORT: String(port),
    MOORI_API_HOST: '127.0.0.1',
    MOORI_API_INSTANCE_ID: 'standalone-test',
  })
  await waitUntilUp(apiUrl)
}, 120_000)

afterAll(async () => {
  if (api && api.exitCode === null) {
    const exited = new Promise((resolve) => api.once('exit', resolve))
    api.kill('SIGTERM')
    await exited
  }
  await stack?.close()
})

describe('npm run api', () => {
  it('refuses to start without its settings, naming what is missing', async () => {
    const child = startApi({ SUPABASE_URL: '', SUPABASE_ANON_KEY: '', SUPABASE_SERVICE_ROLE_KEY: '', SUPABASE_JWT_SECRET: '' })
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).not.toBe(0)
    expect(output.join('')).toContain('The product API needs SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_JWT_SECRET')
  })

  it.skipIf(!hasOutfitPhoto)(`turns an outfit photo into items, tags and transparent cut-outs, seen by their owner only${photoNote}`, async () => {
    const photo = await upload(alice, 'ootd-images', `${alice.id}/ootd/${newId()}.jpg`, (await outfitTestPhoto())!)
    const started = await post('/wardrobe/background-ootd', alice, {
      image_url: `${stack.url}/storage/v1/object/authenticated/${photo}`,
      user_id: alice.id,
      skip_ai_extraction: true,
      skip_ai_tagging: false,
    })
    expect(started.status).toBe(200)
    const { processing_id: id } = (await started.json()) as { processing_id: string }

    const deadline = Date.now() + 60_000
    let status: { status: string; progress: number; total_items: number; error: string | null } | undefined
    while (Date.now() < deadline) {
      const response = await fetch(`${apiUrl}/wardrobe/processing-status?processing_id=${id}`, {
        headers: { Authorization: `Bearer ${alice.accessToken}` },
      })
      status = (await response.json()) as typeof status
      if (status!.status === 'completed' || status!.status === 'failed') break
      await new Promise((r) => setTimeout(r, 200))
    }
    expect(status).toMatchObject({ status: 'completed', progress: 100, error: null })
    expect(status!.total_items).toBeGreaterThanOrEqual(2)

    const { rows: items } = await stack.db.query<{ id: string; image_path: string; analysis: unknown }>(
      'select id, image_path, analysis from public.wardrobe_items where job_id = $1',
      [id],
    )
    expect(items).toHaveLength(status!.total_items + 1)
    const garments = items.filter((i) => i.image_path.startsWith('wardrobe-stickers/'))
    for (const garment of garments) {
      const { data, error } = await alice.client.storage.from('wardrobe-stickers').download(garment.image_path.slice('wardrobe-stickers/'.length))
      expect(error).toBeNull()
      const share = await transparentShare(Buffer.from(await data!.arrayBuffer()))
      expect(share).toBeGreaterThan(0.05)
    }
    const { rows: claimed } = await stack.db.query<{ claimed_by: string | null; attempts: number }>(
      'select claimed_by, attempts from public.processing_jobs where id = $1',
      [id],
    )
    expect(claimed[0]).toMatchObject({ claimed_by: null, attempts: 1 })

    // Bob sees none of it: not the job, not the items, not the cut-outs.
    const asBob = await fetch(`${apiUrl}/wardrobe/processing-status?processing_id=${id}`, { headers: { Authorization: `Bearer ${bob.accessToken}` } })
    expect(asBob.status).toBe(404)
    expect((await bob.client.from('wardrobe_items').select('id').eq('job_id', id)).data).toEqual([])
    expect((await bob.client.from('processing_jobs').select('id').eq('id', id)).data).toEqual([])
    const stolen = await bob.client.storage.from('wardrobe-stickers').download(garments[0]!.image_path.slice('wardrobe-stickers/'.length))
    expect(stolen.error).not.toBeNull()
  })

  it.skipIf(!hasOutfitPhoto)(`cuts a wardrobe item out of its background${photoNote}`, async () => {
    const photo = (await outfitTestPhoto())!
    const id = newId()
    const imagePath = await upload(alice, 'wardrobe-images', `${alice.id}/wardrobe/${id}.jpg`, photo)
    expect((await alice.client.from('wardrobe_items').insert({ id, user_id: alice.id, image_path: imagePath, name: 'Look' })).error).toBeNull()
    const response = await post('/wardrobe/remove-background', alice, { image_url: imagePath, user_id: alice.id, item_id: id, max_size: 800 })
    expect(response.status).toBe(200)
    const { transparent_image_url: url } = (await response.json()) as { transparent_image_url: string }
    const png = Buffer.from(await (await fetch(url)).arrayBuffer())
    const meta = await sharp(png).metadata()
    expect(meta).toMatchObject({ format: 'png', hasAlpha: true })
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(800)
    expect(await transparentShare(png)).toBeGreaterThan(0.05)
    const other = await addItem(bob, { name: 'Private coat' })
    expect((await post('/wardrobe/remove-background', alice, { image_url: other.imagePath, user_id: alice.id, item_id: other.id })).status).toBe(403)
  })
})
