import { describe, expect, it } from 'vitest'
import { memoryReplica } from '../testing/memoryReplica'
import { createWall, renameWall, setWallPrivacy } from '../mutations/walls'
import { addPolaroid, deletePolaroid, editPolaroid, movePolaroid } from '../mutations/polaroids'
import { redo, undo } from './undoRedo'
import { topStep } from './history'

const me = '11111111-1111-1111-1111-111111111111'

async function wallWithCard() {
  const replica = memoryReplica(me)
  const wallId = await createWall(replica, { name: 'Wall' })
  const id = await addPolaroid(replica, { wallId, name: 'Sage slip dress', message: 'm', externalUrl: 'https://example.com/a.jpg' })
  return { replica, wallId, id }
}

const lastOp = async (replica: ReturnType<typeof memoryReplica>) => (await replica.db.outbox.toCollection().last())?.op

describe('undo and redo', () => {
  it('take a move back and forth, each through the outbox as a compare-and-set', async () => {
    const { replica, wallId, id } = await wallWithCard()
    await movePolaroid(replica, id, { x: 300, y: 40, zIndex: 5 })
    expect((await topStep(replica.db, wallId, 'undo'))?.step).toMatchObject({ kind: 'move', title: 'Sage slip dress' })

    expect((await undo(replica, wallId)).taken?.kind).toBe('move')
    expect(await replica.db.polaroids.get(id)).toMatchObject({ x: 0, y: 0, zIndex: 1 })
    expect(await lastOp(replica)).toEqual({
      op: 'call',
      fn: 'apply_undo',
      args: {
        p_table: 'polaroids',
        p_id: id,
        p_expect: { deleted: false, x: 300, y: 40, z_index: 5 },
        p_set: { deleted: false, x: 0, y: 0, z_index: 1 },
      },
    })
    expect((await redo(replica, wallId)).taken?.kind).toBe('move')
    expect(await replica.db.polaroids.get(id)).toMatchObject({ x: 300, y: 40, zIndex: 5 })
  })

  it('bring a deleted card back whole, and delete it again on redo', async () => {
    const { replica, wallId, id } = await wallWithCard()
    await movePolaroid(replica, id, { x: 10, y: 20, zIndex: 3 })
    const before = await replica.db.polaroids.get(id)
    await deletePolaroid(replica, id)
    expect(await replica.db.polaroids.get(id)).toBeUndefined()

    await undo(replica, wallId)
    expect(await replica.db.polaroids.get(id)).toEqual(before)
    expect((await lastOp(replica)) as unknown).toMatchObject({ args: { p_expect: { deleted: true }, p_set: { deleted: false } } })
    await redo(replica, wallId)
    expect(await replica.db.polaroids.get(id)).toBeUndefined()
    const entry = await replica.db.outbox.toCollection().last()
    expect(entry).toMatchObject({ removes: true, op: { args: { p_set: { deleted: true } } } })
  })

  it('take back adding a card, editing it, and the wall’s name and privacy', async () => {
    const { replica, wallId, id } = await wallWithCard()
    await editPolaroid(replica, id, { name: 'Renamed', message: 'new' })
    await renameWall(replica, wallId, 'Better wall')
    await setWallPrivacy(replica, wallId, true)

    expect((await undo(replica, wallId)).taken?.kind).toBe('privacy')
    expect(await replica.db.walls.get(wallId)).toMatchObject({ private: false, name: 'Better wall' })
    expect((await undo(replica, wallId)).taken?.kind).toBe('rename')
    expect(await replica.db.walls.get(wallId)).toMatchObject({ name: 'Wall' })
    expect((await undo(replica, wallId)).taken?.kind).toBe('edit')
    expect(await replica.db.polaroids.get(id)).toMatchObject({ name: 'Sage slip dress', message: 'm' })
    expect((await undo(replica, wallId)).taken?.kind).toBe('add')
    expect(await replica.db.polaroids.get(id)).toBeUndefined()
    expect(await undo(replica, wallId)).toEqual({ taken: null, skipped: [] })
  })

  it("skip a step whose card someone else moved since, and say so; a new change clears redo", async () => {
    const { replica, wallId, id } = await wallWithCard()
    const other = await addPolaroid(replica, { wallId, name: 'Other', message: '', externalUrl: 'https://example.com/b.jpg' })
    await movePolaroid(replica, other, { x: 5, y: 5, zIndex: 9 })
    await movePolaroid(replica, id, { x: 100, y: 100, zIndex: 10 })
    // Someone else's move arrives through sync (written straight to the replica, as the engine does).
    await replica.db.polaroids.update(id, { x: 700, y: 10 })

    const outcome = await undo(replica, wallId)
    expect(outcome.skipped.map((s) => [s.reason, s.step.rowId])).toEqual([['changed', id]])
    expect(outcome.taken).toMatchObject({ kind: 'move', rowId: other })
    expect(await replica.db.polaroids.get(id)).toMatchObject({ x: 700, y: 10 })

    await movePolaroid(replica, other, { x: 50, y: 50, zIndex: 11 })
    expect(await topStep(replica.db, wallId, 'redo')).toBeUndefined()
  })

  it('keep the newest 200 steps of a wall, and a new change after an undo clears redo', async () => {
    const { replica, wallId, id } = await wallWithCard()
    for (let i = 1; i <= 205; i++) await movePolaroid(replica, id, { x: i, y: 0, zIndex: 2 })
    const stack = (name: 'undo' | 'redo') =>
      replica.db.undoSteps.where('[wallId+stack+seq]').between([wallId, name, 0], [wallId, name, Infinity]).toArray()
    const kept = await stack('undo')
    expect(kept).toHaveLength(200)
    expect(kept.at(-1)?.step.after).toEqual({ values: { x: 205, y: 0, zIndex: 2 } })
    await undo(replica, wallId)
    expect(await stack('redo')).toHaveLength(1)
    await movePolaroid(replica, id, { x: 1, y: 1, zIndex: 3 })
    expect(await stack('redo')).toHaveLength(0)
    expect(await stack('undo')).toHaveLength(200)
    expect(await replica.db.polaroids.get(id)).toMatchObject({ x: 1, y: 1, zIndex: 3, name: 'Sage slip dress' })
  })

  it('do not record the automatic layout', async () => {
    const { replica, wallId, id } = await wallWithCard()
    await movePolaroid(replica, id, { x: 40, y: 40, zIndex: 1 }, { undoable: false })
    expect((await topStep(replica.db, wallId, 'undo'))?.step.kind).toBe('add')
  })
})
