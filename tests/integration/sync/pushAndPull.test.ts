// Two devices against the real local stack: what one does reaches the server and the other, offline
// work is kept and merged, and lost answers or killed workers never lose or double anything.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { eventually, startDevice, type Device } from '../../support/syncedReplica'
import { isPush, isUpload } from '../../support/faultyFetch'
import { serverPolaroids, serverRowCount, storedObjects } from '../../support/serverState'
import { createWall, renameWall } from '../../../src/data/mutations/walls'
import { addPolaroid, editPolaroid, movePolaroid } from '../../../src/data/mutations/polaroids'
import { wallScope } from '../../../src/data/model/scopes'

let stack: TestStack
let ada: TestUser
let bo: TestUser
const devices: Device[] = []

async function device(user: TestUser | null) {
  const d = await startDevice(stack, user)
  devices.push(d)
  return d
}

const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1])], { type: 'image/jpeg' })

beforeAll(async () => {
  stack = await startTestStack()
  ada = await createTestUser(stack, { username: 'ada' })
  bo = await createTestUser(stack, { username: 'bo' })
})

afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()))
  await stack.close()
})

describe('push and pull', () => {
  it('a wall made on one device, with an uploaded photo, reaches the server and another device', async () => {
    const a = await device(ada)
    const wallId = await createWall(a.replica, { name: 'Shared', description: 'hello' })
    const polaroidId = await addPolaroid(a.replica, { wallId, name: 'Look', message: 'new coat', image: jpeg() })
    expect((await a.engine.flush()).status).toBe('done')
    expect(await a.replica.db.outbox.count()).toBe(0)
    expect(await a.replica.db.pendingUploads.count()).toBe(0)
    expect(await storedObjects(stack, 'polaroid-images', `${ada.id}/polaroids/${polaroidId}`)).toHaveLength(1)

    const b = await device(bo)
    await b.engine.pull(wallScope(wallId))
    expect(await b.replica.db.walls.get(wallId)).toMatchObject({ name: 'Shared', ownerId: ada.id })
    expect(await b.replica.db.polaroids.get(polaroidId)).toMatchObject({ name: 'Look', username: 'ada' })
    expect(await b.replica.db.profiles.get(ada.id)).toMatchObject({ username: 'ada' })
  })

  it('shows a move made on one device on the other without a reload (realtime)', async () => {
    const a = await device(ada)
    const wallId = await createWall(a.replica, { name: 'Live' })
    const id = await addPolaroid(a.replica, { wallId, name: 'p', message: 'm', externalUrl: 'https://example.com/p.jpg' })
    await a.engine.flush()
    const b = await device(bo)
    const release = b.replica.sync.retainScope(wallScope(wallId))
    await eventually(async () => expect(await b.replica.db.polaroids.get(id)).toBeDefined())
    await eventually(async () => expect(await b.replica.db.scopes.get(wallScope(wallId))).toMatchObject({ channel: 'joined' }))
    await movePolaroid(a.replica, id, { x: 321, y: 123, zIndex: 7 })
    await a.engine.flush()
    await eventually(async () => expect(await b.replica.db.polaroids.get(id)).toMatchObject({ x: 321, y: 123, zIndex: 7 }))
    release()
  })

  it('merges offline edits made on two devices once both reconnect', async () => {
    const a = await device(ada)
    const wallId = await createWall(a.replica, { name: 'Offline' })
    const p1 = await addPolaroid(a.replica, { wallId, name: 'one', message: 'm', externalUrl: 'https://example.com/1.jpg' })
    await a.engine.flush()
    const b = await device(bo)
    await b.engine.pull(wallScope(wallId))

    a.net.offline = true
    b.net.offline = true
    await movePolaroid(a.replica, p1, { x: 10, y: 20, zIndex: 3 })
    await renameWall(a.replica, wallId, 'Offline, renamed')
    await editPolaroid(a.replica, p1, { name: 'one!', message: 'edited offline' })
    const p2 = await addPolaroid(b.replica, { wallId, name: 'from bo', message: 'hi', image: jpeg() })
    expect((await a.engine.flush()).status).toBe('retry')
    expect((await b.engine.flush()).status).toBe('retry')
    expect(await a.replica.db.outbox.count()).toBeGreaterThan(0)

    a.net.offline = false
    b.net.offline = false
    expect((await a.engine.flush()).status).toBe('done')
    expect((await b.engine.flush()).status).toBe('done')
    await a.engine.pull(wallScope(wallId))
    await b.engine.pull(wallScope(wallId))

    const server = await serverPolaroids(stack, wallId)
    expect(server.map((p) => p.id).sort()).toEqual([p1, p2].sort())
    for (const [name, d] of [['a', a], ['b', b]] as const) {
      const local = await d.replica.db.polaroids.where('wallId').equals(wallId).sortBy('id')
      const rows = local.map((p) => ({ id: p.id, x: p.x, y: p.y, z_index: p.zIndex, name: p.name, message: p.message }))
      expect({ device: name, rows }).toEqual({ device: name, rows: server })
      expect((await d.replica.db.walls.get(wallId))!.name).toBe('Offline, renamed')
    }
  })

  it('retries a push whose answer was lost without doubling rows or files', async () => {
    const a = await device(ada)
    a.net.offline = true // queue everything first, so the background push does not race the test
    const wallId = await createWall(a.replica, { name: 'Lost answers' })
    const id = await addPolaroid(a.replica, { wallId, name: 'p', message: 'm', image: jpeg() })
    await a.engine.flush()
    a.net.offline = false
    a.net.loseResponses((r) => isUpload(r), 1)
    await a.engine.flush() // storage-js may retry the upload itself; either way it is tried again
    a.net.loseResponses((r) => isPush(r), 1)
    await a.engine.flush()
    expect((await a.engine.flush()).status).toBe('done')
    expect(a.net.lost).toBe(2)
    expect(a.net.records.filter(isUpload).length).toBeGreaterThanOrEqual(2)
    expect(a.net.records.filter(isPush).length).toBeGreaterThanOrEqual(2)
    expect(await serverRowCount(stack, 'walls', 'id = $1', [wallId])).toBe(1)
    expect(await serverRowCount(stack, 'polaroids', 'wall_id = $1', [wallId])).toBe(1)
    expect(await storedObjects(stack, 'polaroid-images', `${ada.id}/polaroids/${id}`)).toHaveLength(1)
    const files = await readdir(path.join(stack.context.storageRoot, 'polaroid-images', ada.id, 'polaroids'))
    expect(files.filter((f) => f.startsWith(id))).toHaveLength(1)
  })

  it('loses and doubles nothing when the worker dies in the middle of a push or an upload', async () => {
    let a = await device(ada)
    const wallId = await createWall(a.replica, { name: 'Killed' })
    const id = await addPolaroid(a.replica, { wallId, name: 'p', message: 'm', image: jpeg() })
    // Dies while the upload is on the wire.
    a.net.hang((r) => isUpload(r))
    void a.engine.flush()
    await eventually(() => expect(a.net.records.some(isUpload)).toBe(true))
    await a.kill()
    a.net.release()
    a = await a.restart()
    devices.push(a)
    // Dies while the push is on the wire (the server commits it, the answer never arrives).
    a.net.hang((r) => isPush(r))
    void a.engine.flush()
    await eventually(() => expect(a.net.records.some(isPush)).toBe(true))
    await a.kill()
    a.net.release()
    a = await a.restart()
    devices.push(a)
    expect((await a.engine.flush()).status).toBe('done')
    expect(await serverRowCount(stack, 'walls', 'id = $1', [wallId])).toBe(1)
    expect(await serverRowCount(stack, 'polaroids', 'id = $1', [id])).toBe(1)
    expect(await storedObjects(stack, 'polaroid-images', `${ada.id}/polaroids/${id}`)).toHaveLength(1)
    expect(await a.replica.db.outbox.count()).toBe(0)
  })
})
