// Undo and redo against the real stack (issue 24): an undone delete comes back on the server with its
// position and z-order, an undo that someone else's later change has overtaken on the server is refused
// (it lands in the failed changes and the replica follows the server), and a friend sees undone moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { startDevice, type Device } from '../../support/syncedReplica'
import { serverPolaroids } from '../../support/serverState'
import { createWall } from '../../../src/data/mutations/walls'
import { addPolaroid, deletePolaroid, movePolaroid } from '../../../src/data/mutations/polaroids'
import { redo, undo } from '../../../src/data/undo/undoRedo'
import { wallScope } from '../../../src/data/model/scopes'

let stack: TestStack
let owner: TestUser
let friend: TestUser
const devices: Device[] = []

async function device(user: TestUser) {
  const d = await startDevice(stack, user)
  devices.push(d)
  return d
}

beforeAll(async () => {
  stack = await startTestStack()
  owner = await createTestUser(stack, { username: 'undo_owner' })
  friend = await createTestUser(stack, { username: 'undo_friend' })
})

afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()))
  await stack.close()
})

describe('undo through sync', () => {
  it('an undone move reaches the server, and so does its redo', async () => {
    const a = await device(owner)
    const wallId = await createWall(a.replica, { name: 'Moves wall' })
    const id = await addPolaroid(a.replica, { wallId, name: 'Moved', message: 'm', externalUrl: 'https://example.com/m.jpg' })
    expect((await a.engine.flush()).status).toBe('done')
    await movePolaroid(a.replica, id, { x: 260.5, y: 160, zIndex: 3 })
    expect((await a.engine.flush()).status).toBe('done')
    await undo(a.replica, wallId)
    expect((await a.engine.flush()).status).toBe('done')
    expect(await a.replica.db.failedMutations.toArray()).toEqual([])
    expect(await serverPolaroids(stack, wallId)).toEqual([expect.objectContaining({ x: 0, y: 0, z_index: 1 })])
    await redo(a.replica, wallId)
    expect((await a.engine.flush()).status).toBe('done')
    expect(await serverPolaroids(stack, wallId)).toEqual([expect.objectContaining({ x: 260.5, y: 160, z_index: 3 })])
  })

  it('an undone delete comes back on the server whole, and redo deletes it again', async () => {
    const a = await device(owner)
    const wallId = await createWall(a.replica, { name: 'Undo wall' })
    const id = await addPolaroid(a.replica, { wallId, name: 'Card', message: 'm', externalUrl: 'https://example.com/a.jpg' })
    await movePolaroid(a.replica, id, { x: 40, y: 50, zIndex: 4 })
    await deletePolaroid(a.replica, id)
    expect((await a.engine.flush()).status).toBe('done')
    expect(await serverPolaroids(stack, wallId)).toEqual([])

    await undo(a.replica, wallId)
    expect((await a.engine.flush()).status).toBe('done')
    expect(await serverPolaroids(stack, wallId)).toEqual([expect.objectContaining({ id, x: 40, y: 50, z_index: 4, name: 'Card' })])

    const b = await device(friend)
    await b.engine.pull(wallScope(wallId))
    expect(await b.replica.db.polaroids.get(id)).toMatchObject({ x: 40, y: 50, zIndex: 4 })

    await redo(a.replica, wallId)
    expect((await a.engine.flush()).status).toBe('done')
    expect(await serverPolaroids(stack, wallId)).toEqual([])
    expect(await a.replica.db.failedMutations.count()).toBe(0)
  })

  it("an undo made offline never overwrites a later move by someone else: refused, and the replica follows", async () => {
    const a = await device(owner)
    const wallId = await createWall(a.replica, { name: 'Contested wall' })
    const id = await addPolaroid(a.replica, { wallId, name: 'Contested', message: 'm', externalUrl: 'https://example.com/b.jpg' })
    await movePolaroid(a.replica, id, { x: 10, y: 10, zIndex: 2 })
    expect((await a.engine.flush()).status).toBe('done')

    a.net.offline = true
    await undo(a.replica, wallId)
    expect(await a.replica.db.polaroids.get(id)).toMatchObject({ x: 0, y: 0 })
    // Meanwhile the owner's other device moves the card (the owner may move any card on their wall).
    const other = await device(owner)
    await other.engine.pull(wallScope(wallId))
    await movePolaroid(other.replica, id, { x: 500, y: 600, zIndex: 3 })
    expect((await other.engine.flush()).status).toBe('done')

    a.net.offline = false
    expect((await a.engine.flush()).status).toBe('done')
    const [failure] = await a.replica.db.failedMutations.toArray()
    expect(failure).toMatchObject({ code: 'P0001', message: 'Could not undo: Someone else has changed this since.' })
    expect(await serverPolaroids(stack, wallId)).toEqual([expect.objectContaining({ x: 500, y: 600, z_index: 3 })])
    await a.engine.pull(wallScope(wallId))
    expect(await a.replica.db.polaroids.get(id)).toMatchObject({ x: 500, y: 600, zIndex: 3 })
  })
})
