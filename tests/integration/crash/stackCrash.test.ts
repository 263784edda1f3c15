// What a self-hosted stack promises on a crash: every write it acknowledged is there after a restart.
// The whole local stack runs as a child process on a data directory; several clients write to it
// (REST inserts and Storage uploads through supabase-js, some of them replacing an earlier file, and
// devices with the sync engine's outbox adding photos and moving cards) while it is killed with
// SIGKILL, several times. After each restart on the same directory every acknowledged row is there and
// every acknowledged file is there byte for byte; at the end the devices' outboxes finish with nothing
// lost and nothing doubled.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_JWT_SECRET } from '../../../supabase/local/config'
import { makeApiKeys } from '../../../supabase/local/keys'
import { createWall } from '../../../src/data/mutations/walls'
import { addPolaroid, movePolaroid } from '../../../src/data/mutations/polaroids'
import { makeClient } from '../../support/stack'
import { freePort } from '../../support/freePort'
import { startDevice, type Device } from '../../support/syncedReplica'
import type { TestUser } from '../../support/users'

const CYCLES = Number(process.env.MOORI_CRASH_CYCLES ?? 3)
const WRITERS = 3
const DEVICES = 2
const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stackProcess.ts')

let port: number
let dataDir: string
let url: string
let keys: { anonKey: string; serviceRoleKey: string }
let child: ChildProcess | null = null

async function startStack(): Promise<void> {
  const started = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, MOORI_STACK_PORT: String(port), MOORI_DATA_DIR: dataDir, MOORI_AUTO_CONFIRM: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The stack did not start in 120 s:\n${output}`)), 120_000)
    started.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (/^ready /m.test(output)) {
        clearTimeout(timer)
        resolve()
      }
    })
    started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    started.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The stack exited (${code}) before it was ready:\n${output}`))
    })
  })
  started.removeAllListeners('exit')
  child = started
}

async function killStack(): Promise<void> {
  const running = child
  child = null
  if (!running || running.exitCode !== null) return
  const exited = new Promise((resolve) => running.once('exit', resolve))
  running.kill('SIGKILL')
  await exited
}

/** Bytes the Storage service takes for a PNG (it checks the signature), different every time. */
function pngBytes(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(2_000 + Math.floor(Math.random() * 30_000))
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  bytes.set(randomBytes(bytes.length - 8), 8)
  return bytes
}

interface Account {
  user: TestUser
  wallId: string
}

let counter = 0
async function signUp(): Promise<TestUser> {
  counter += 1
  const email = `crash${counter}-${Date.now()}@example.test`
  const anon = makeClient(url, keys.anonKey)
  const { data, error } = await anon.auth.signUp({ email, password: 'crash-test-123' })
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`)
  const accessToken = data.session.access_token
  const client = createClient(url, keys.anonKey, {
    accessToken: () => Promise.resolve(accessToken),
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
  const username = `crash_${counter}_${data.user.id.slice(0, 6)}`
  const profile = await client.from('profiles').insert({ id: data.user.id, username })
  if (profile.error) throw new Error(profile.error.message)
  return { id: data.user.id, email, username, accessToken, client }
}

/** What one REST/Storage writer was told succeeded, and what it sent without hearing back. */
interface WriterLedger {
  rows: Set<string>
  rowsInDoubt: number
  /** Per path: the acknowledged bytes, then any later replacement that was sent without an answer. */
  files: Map<string, Array<Uint8Array<ArrayBuffer>>>
  filesInDoubt: number
}

async function writeUntil(account: Account, ledger: WriterLedger, running: () => boolean): Promise<void> {
  const { user, wallId } = account
  let n = 0
  while (running()) {
    n += 1
    try {
      if (n % 2 === 1) {
        const id = `crash-${user.id.slice(0, 8)}-${counter}-${ledger.rows.size + ledger.rowsInDoubt}`
        const { error } = await user.client
          .from('polaroids')
          .insert({ id, wall_id: wallId, created_by: user.id, name: `row ${n}`, external_url: `https://example.com/${id}.jpg` })
        if (error) throw new Error(error.message)
        ledger.rows.add(id)
        continue
      }
      // Every third upload replaces an earlier file (upsert): a crash mid-replace must keep the old bytes.
      const earlier = [...ledger.files.keys()]
      const replace = earlier.length > 0 && n % 3 === 0
      const filePath = replace ? earlier[n % earlier.length]! : `${user.id}/crash/${n}-${Date.now()}.png`
      const bytes = pngBytes()
      const versions = ledger.files.get(filePath) ?? []
      const { error } = await user.client.storage
        .from('polaroid-images')
        .upload(filePath, new Blob([bytes], { type: 'image/png' }), { contentType: 'image/png', upsert: replace })
      if (error) {
        ledger.filesInDoubt += 1
        if (versions.length > 0) versions.push(bytes) // it may have landed before the answer was lost
        await new Promise((r) => setTimeout(r, 50))
        continue
      }
      ledger.files.set(filePath, [bytes])
    } catch {
      if (n % 2 === 1) ledger.rowsInDoubt += 1
      await new Promise((r) => setTimeout(r, 50))
    }
  }
}

/** What a device's user did that its replica accepted: photos added (with their bytes), last moves. */
interface DeviceLedger {
  added: Map<string, Uint8Array<ArrayBuffer> | null>
  moved: Map<string, { x: number; y: number; zIndex: number }>
}

async function useDevice(device: Device, wallId: string, ledger: DeviceLedger, running: () => boolean): Promise<void> {
  let n = 0
  while (running()) {
    n += 1
    const ids = [...ledger.added.keys()]
    if (ids.length > 0 && n % 3 === 0) {
      const id = ids[n % ids.length]!
      const position = { x: n * 7, y: n * 3, zIndex: n }
      await movePolaroid(device.replica, id, position)
      ledger.moved.set(id, position)
    } else {
      const image = n % 2 === 0 ? pngBytes() : null
      const id = await addPolaroid(device.replica, {
        wallId,
        name: `device ${n}`,
        message: '',
        ...(image ? { image: new Blob([image], { type: 'image/png' }) } : { externalUrl: `https://example.com/d${n}.jpg` }),
      })
      ledger.added.set(id, image)
    }
    await new Promise((r) => setTimeout(r, 60))
  }
}

async function checkAcknowledged(admin: SupabaseClient, writers: Array<{ account: Account; ledger: WriterLedger }>) {
  let lost = 0
  for (const { account, ledger } of writers) {
    const { data, error } = await admin.from('polaroids').select('id').eq('wall_id', account.wallId)
    expect(error).toBeNull()
    const stored = new Set((data ?? []).map((r: { id: string }) => r.id))
    const missing = [...ledger.rows].filter((id) => !stored.has(id))
    lost += missing.length
    expect({ user: account.user.email, missingRows: missing }).toEqual({ user: account.user.email, missingRows: [] })
    for (const [filePath, versions] of ledger.files) {
      const download = await admin.storage.from('polaroid-images').download(filePath)
      const bytes = download.data ? new Uint8Array(await download.data.arrayBuffer()) : null
      const matches = bytes !== null && versions.some((v) => Buffer.compare(Buffer.from(v), Buffer.from(bytes)) === 0)
      if (!matches) lost += 1
      expect({ file: filePath, intact: matches, error: download.error?.message }).toEqual({ file: filePath, intact: true, error: undefined })
      // Once read back, the file is what was acknowledged: a replacement that landed counts from now.
      ledger.files.set(filePath, [versions.find((v) => Buffer.compare(Buffer.from(v), Buffer.from(bytes!)) === 0)!])
    }
  }
  return lost
}

beforeAll(async () => {
  port = await freePort()
  dataDir = await mkdtemp(path.join(tmpdir(), 'moori-crash-'))
  url = `http://127.0.0.1:${port}`
  keys = await makeApiKeys(LOCAL_JWT_SECRET)
  await startStack()
}, 180_000)

afterAll(async () => {
  await killStack()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the local stack killed mid-write', () => {
  it(`keeps every acknowledged write over ${CYCLES} SIGKILLs, and the outboxes finish without doubles`, async () => {
    const admin = makeClient(url, keys.serviceRoleKey)
    const writers: Array<{ account: Account; ledger: WriterLedger }> = []
    for (let i = 0; i < WRITERS; i++) {
      const user = await signUp()
      const wallId = `crash-wall-${i}-${Date.now()}`
      const wall = await user.client.from('walls').insert({ id: wallId, name: `Crash ${i}`, owner_id: user.id })
      expect(wall.error).toBeNull()
      writers.push({ account: { user, wallId }, ledger: { rows: new Set(), rowsInDoubt: 0, files: new Map(), filesInDoubt: 0 } })
    }
    const devices: Array<{ device: Device; wallId: string; ledger: DeviceLedger }> = []
    for (let i = 0; i < DEVICES; i++) {
      const user = await signUp()
      const device = await startDevice({ url, anonKey: keys.anonKey }, user)
      const wallId = await createWall(device.replica, { name: `Device ${i}` })
      devices.push({ device, wallId, ledger: { added: new Map(), moved: new Map() } })
    }

    let lost = 0
    try {
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        let running = true
        const work = [
          ...writers.map((w) => writeUntil(w.account, w.ledger, () => running)),
          ...devices.map((d) => useDevice(d.device, d.wallId, d.ledger, () => running)),
        ]
        await new Promise((r) => setTimeout(r, 1_500 + Math.random() * 2_000))
        await killStack()
        await new Promise((r) => setTimeout(r, 200))
        running = false
        await Promise.all(work)
        await startStack()
        lost += await checkAcknowledged(admin, writers)
      }

      // The devices catch up once the stack stays up: every change they accepted lands, once.
      for (const { device } of devices) {
        const deadline = Date.now() + 60_000
        while ((await device.replica.db.outbox.count()) > 0 && Date.now() < deadline) await device.engine.flush()
        expect(await device.replica.db.outbox.count()).toBe(0)
        expect(await device.replica.db.failedMutations.toArray()).toEqual([])
      }
      for (const { device, wallId, ledger } of devices) {
        const { data } = await admin.from('polaroids').select('id, image_path, x, y, z_index').eq('wall_id', wallId).is('deleted_at', null)
        const rows = new Map((data ?? []).map((r: { id: string; image_path: string | null; x: number; y: number; z_index: number }) => [r.id, r]))
        expect([...rows.keys()].sort()).toEqual([...ledger.added.keys()].sort())
        for (const [id, image] of ledger.added) {
          if (!image) continue
          const imagePath = rows.get(id)!.image_path!.replace(/^polaroid-images\//, '')
          const download = await admin.storage.from('polaroid-images').download(imagePath)
          const bytes = new Uint8Array(await download.data!.arrayBuffer())
          expect({ id, intact: Buffer.compare(Buffer.from(image), Buffer.from(bytes)) === 0 }).toEqual({ id, intact: true })
        }
        for (const [id, p] of ledger.moved) expect({ id, ...rows.get(id) }).toMatchObject({ id, x: p.x, y: p.y, z_index: p.zIndex })
        const folder = `${device.user!.id}/polaroids`
        const listed = await admin.storage.from('polaroid-images').list(folder, { limit: 1000 })
        const images = [...ledger.added.values()].filter(Boolean).length
        expect({ folder, files: listed.data?.length }).toEqual({ folder, files: images })
      }

      const rows = writers.reduce((n, w) => n + w.ledger.rows.size, 0)
      const files = writers.reduce((n, w) => n + w.ledger.files.size, 0)
      const inDoubt = writers.reduce((n, w) => n + w.ledger.rowsInDoubt + w.ledger.filesInDoubt, 0)
      const deviceChanges = devices.reduce((n, d) => n + d.ledger.added.size + d.ledger.moved.size, 0)
      console.log(
        `crash: ${CYCLES} SIGKILL cycles, ${WRITERS} REST/Storage writers and ${DEVICES} outbox devices; ` +
          `acknowledged ${rows} rows and ${files} files (${inDoubt} sent without an answer), ` +
          `${deviceChanges} device changes (${devices.reduce((n, d) => n + [...d.ledger.added.values()].filter(Boolean).length, 0)} photos) all landed once; lost ${lost}`,
      )
      expect(lost).toBe(0)
      expect(rows).toBeGreaterThan(0)
      expect(files).toBeGreaterThan(0)
    } finally {
      await Promise.all(devices.map((d) => d.device.close()))
    }
  }, 600_000)
})
