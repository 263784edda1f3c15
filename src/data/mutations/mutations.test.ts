import { describe, expect, it } from 'vitest'
import { memoryReplica } from '../testing/memoryReplica'
import { MutationError } from '../replica'
import { createWall, deleteWall, renameWall } from './walls'
import { addPolaroid, deletePolaroid, movePolaroid } from './polaroids'
import { createProfile } from './profiles'
import { saveTags } from '../wardrobe/wardrobeTags'

const me = '11111111-1111-1111-1111-111111111111'
const other = '22222222-2222-2222-2222-222222222222'

describe('wall mutations', () => {
  it('write the replica and the outbox together', async () => {
    const replica = memoryReplica(me)
    const id = await createWall(replica, { name: '  Summer  ', description: '' })
    expect(await replica.db.walls.get(id)).toMatchObject({ name: 'Summer', description: null, ownerId: me })
    const outbox = await replica.db.outbox.toArray()
    expect(outbox).toHaveLength(1)
    expect(outbox[0]!.op).toMatchObject({
      op: 'insert',
      table: 'walls',
      row: { id, name: 'Summer', owner_id: me },
    })
  })

  it('refuse bad input with the spec message and write nothing', async () => {
    const replica = memoryReplica(me)
    await expect(createWall(replica, { name: 'x'.repeat(81) })).rejects.toThrow('Name is too long')
    await expect(createWall(replica, { name: 'ok', description: 'd'.repeat(251) })).rejects.toThrow(
      'Description is too long',
    )
    await expect(createWall(memoryReplica(null), { name: 'ok' })).rejects.toThrow(
      'User must be authenticated to create walls',
    )
    expect(await replica.db.walls.count()).toBe(0)
    expect(await replica.db.outbox.count()).toBe(0)
  })

  it('let only the owner rename', async () => {
    const replica = memoryReplica(me)
    const id = await createWall(replica, { name: 'Mine' })
    await replica.db.walls.update(id, { ownerId: other })
    await expect(renameWall(replica, id, 'Stolen')).rejects.toBeInstanceOf(MutationError)
    expect((await replica.db.walls.get(id))!.name).toBe('Mine')
  })

  it('delete a wall with its items at once', async () => {
    const replica = memoryReplica(me)
    const id = await createWall(replica, { name: 'Gone soon' })
    await addPolaroid(replica, {
      wallId: id,
      name: 'p',
      message: 'm',
      externalUrl: 'https://example.com/a.jpg',
    })
    await deleteWall(replica, id)
    expect(await replica.db.walls.count()).toBe(0)
    expect(await replica.db.polaroids.count()).toBe(0)
    const last = await replica.db.outbox.orderBy('seq').last()
    expect(last!.op).toEqual({ op: 'call', fn: 'delete_own_wall', args: { wall_id: id } })
  })
})

describe('polaroid mutations', () => {
  it('queue the image upload before the row and show the card at once', async () => {
    const replica = memoryReplica(me)
    const wallId = await createWall(replica, { name: 'W' })
    const image = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })
    const id = await addPolaroid(replica, { wallId, name: 'n', message: 'm', image })
    const polaroid = await replica.db.polaroids.get(id)
    expect(polaroid).toMatchObject({
      x: 0,
      y: 0,
      zIndex: 1,
      imagePath: `polaroid-images/${me}/polaroids/${id}.jpg`,
    })
    const ops = (await replica.db.outbox.orderBy('seq').toArray()).map((e) => e.op.op)
    expect(ops).toEqual(['insert', 'upload', 'insert'])
    expect(await replica.db.pendingUploads.count()).toBe(1)
  })

  it('need an image or a valid URL', async () => {
    const replica = memoryReplica(me)
    const wallId = await createWall(replica, { name: 'W' })
    await expect(addPolaroid(replica, { wallId, name: 'n', message: 'm' })).rejects.toThrow(
      'No image provided',
    )
    await expect(
      addPolaroid(replica, { wallId, name: 'n', message: 'm', externalUrl: 'ftp://x' }),
    ).rejects.toThrow('Invalid image URL')
  })

  it('put a new item above the highest one on the wall', async () => {
    const replica = memoryReplica(me)
    const wallId = await createWall(replica, { name: 'W' })
    const a = await addPolaroid(replica, {
      wallId,
      name: 'a',
      message: 'm',
      externalUrl: 'https://e.com/a.jpg',
    })
    await movePolaroid(replica, a, { x: 1, y: 1, zIndex: 41 })
    const b = await addPolaroid(replica, {
      wallId,
      name: 'b',
      message: 'm',
      externalUrl: 'https://e.com/b.jpg',
    })
    expect((await replica.db.polaroids.get(b))!.zIndex).toBe(42)
  })

  it('fold repeated moves of an item into one waiting entry', async () => {
    const replica = memoryReplica(me)
    const wallId = await createWall(replica, { name: 'W' })
    const id = await addPolaroid(replica, {
      wallId,
      name: 'a',
      message: 'm',
      externalUrl: 'https://e.com/a.jpg',
    })
    for (let i = 0; i < 10; i++) await movePolaroid(replica, id, { x: i, y: i, zIndex: 2 })
    const moves = (await replica.db.outbox.toArray()).filter((e) => e.coalesce === 'position')
    expect(moves).toHaveLength(1)
    expect(moves[0]!.op).toMatchObject({ args: { new_x: 9, new_y: 9 } })
    expect(moves[0]!.rev).toBe(9)
  })

  it('hold back an automatic move when a drag has already moved the card', async () => {
    const replica = memoryReplica(me)
    const wallId = await createWall(replica, { name: 'W' })
    const id = await addPolaroid(replica, { wallId, name: 'a', message: 'm', externalUrl: 'https://e.com/a.jpg' })
    // The person's drop lands first; the layout, decided from the list it read before, comes after.
    await movePolaroid(replica, id, { x: 200, y: 100, zIndex: 2 })
    const moved = await movePolaroid(replica, id, { x: 50, y: 50, zIndex: 1 }, { undoable: false, onlyFrom: { x: 0, y: 0 } })
    expect(moved).toBe(false)
    expect(await replica.db.polaroids.get(id)).toMatchObject({ x: 200, y: 100, zIndex: 2 })
    const moves = (await replica.db.outbox.toArray()).filter((e) => e.coalesce === 'position')
    expect(moves[0]!.op).toMatchObject({ args: { new_x: 200, new_y: 100 } })
    // Still at (0,0): the layout's move goes through.
    const fresh = await addPolaroid(replica, { wallId, name: 'b', message: 'm', externalUrl: 'https://e.com/b.jpg' })
    expect(await movePolaroid(replica, fresh, { x: 50, y: 50, zIndex: 3 }, { undoable: false, onlyFrom: { x: 0, y: 0 } })).toBe(true)
    expect(await replica.db.polaroids.get(fresh)).toMatchObject({ x: 50, y: 50 })
  })

  it('let strangers neither move nor delete', async () => {
    const replica = memoryReplica(me)
    const wallId = await createWall(replica, { name: 'W' })
    const id = await addPolaroid(replica, {
      wallId,
      name: 'a',
      message: 'm',
      externalUrl: 'https://e.com/a.jpg',
    })
    const stranger = { ...replica, userId: other }
    await expect(movePolaroid(stranger, id, { x: 5, y: 5, zIndex: 9 })).rejects.toThrow(/only move your own/)
    await expect(deletePolaroid(stranger, id)).rejects.toThrow(
      'You can only delete your own polaroids or polaroids from walls you own',
    )
    await expect(movePolaroid({ ...replica, userId: null }, id, { x: 5, y: 5, zIndex: 9 })).rejects.toThrow(
      'You must be signed in to move items.',
    )
  })
})

describe('profile and wardrobe mutations', () => {
  it('check the username before anything is saved', async () => {
    const replica = memoryReplica(me)
    await expect(createProfile(replica, { username: '  ' })).rejects.toThrow('Username is required')
    await createProfile(replica, { username: 'Ada', displayName: ' ', bio: 'hi' })
    expect(await replica.db.profiles.get(me)).toMatchObject({ username: 'Ada', displayName: null, bio: 'hi' })
  })

  it('save only tags with a value, as verified', async () => {
    const replica = memoryReplica(me)
    await replica.db.wardrobeItems.add({
      id: 'item_12345678',
      userId: me,
      imagePath: `wardrobe-images/${me}/x.jpg`,
      name: 'Shirt',
      description: null,
      isPublic: false,
      uploadSource: 'upload',
      jobId: null,
      analysis: null,
      cutoutPath: null,
      cutoutSource: null,
      createdAt: '',
      updatedAt: '',
      txid: '1',
    })
    await saveTags(replica, 'item_12345678', [
      { type: 'color', value: 'Blue' },
      { type: 'brand', value: '   ' },
    ])
    const tags = await replica.db.tags.toArray()
    expect(tags).toHaveLength(1)
    expect(tags[0]).toMatchObject({
      tagType: 'color',
      tagValue: 'Blue',
      confidenceScore: 1,
      isAiGenerated: false,
      isVerified: true,
    })
  })
})
