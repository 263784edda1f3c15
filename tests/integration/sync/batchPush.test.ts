// Bulk edits (issue 25) are one outbox entry each: a batch op that sync_push applies all or nothing in
// one subtransaction, each of its inserts and updates checked exactly as a single one. Against the real
// stack: a batch on one's own items applies whole; one touching an item that is not the caller's, an
// empty tag value or a row deleted meanwhile is refused whole with the single change's words; nested,
// empty and over-limit batches are refused; and through the engine a refused batch restores every row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { startDevice, type Device } from '../../support/syncedReplica'
import { serverRowCount } from '../../support/serverState'
import { applyServerRows } from '../../../workers/sync/applyToReplica'
import { mutate } from '../../../src/data/mutations/mutate'
import { toServer } from '../../../src/data/model/mapping'
import type { RowChangeOp } from '../../../src/data/model/outbox'
import type { ClothingTagRow } from '../../../src/data/model/rows'
import { newId } from '../../../src/lib/ids'
import { messages } from '../../../src/lib/messages'

/** The server's words for a change the caller may not make (sync_apply_change). */
const NOT_ALLOWED = 'You are not allowed to change this.'

let stack: TestStack
let owner: TestUser
let stranger: TestUser
const devices: Device[] = []

beforeAll(async () => {
  stack = await startTestStack()
  owner = await createTestUser(stack, { username: 'batch_owner' })
  stranger = await createTestUser(stack, { username: 'batch_stranger' })
})

afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()))
  await stack.close()
})

/** A wardrobe item of `user`'s with one unverified AI tag, written as the database owner. */
async function item(user: TestUser, options: { isPublic?: boolean } = {}) {
  const id = newId()
  const tagId = newId()
  await stack.db.query(
    `insert into public.wardrobe_items (id, user_id, image_path, name, is_public) values ($1, $2, $3, 'Item', $4)`,
    [id, user.id, `wardrobe-images/${user.id}/${id}.jpg`, options.isPublic ?? false],
  )
  await stack.db.query(
    `insert into public.clothing_tags (id, wardrobe_item_id, tag_type, tag_value, confidence_score, is_ai_generated, is_verified)
     values ($1, $2, 'category', 'Tops', 0.6, true, false)`,
    [tagId, id],
  )
  return { id, tagId }
}

const newTag = (itemId: string, value: string, id = newId()): RowChangeOp => ({
  op: 'insert',
  table: 'clothing_tags',
  row: { id, wardrobe_item_id: itemId, tag_type: 'season', tag_value: value, confidence_score: 1, is_ai_generated: false, is_verified: true },
})
const verify = (tagId: string): RowChangeOp => ({ op: 'update', table: 'clothing_tags', id: tagId, patch: { is_verified: true, confidence_score: 1 } })
const publish = (itemId: string): RowChangeOp => ({ op: 'update', table: 'wardrobe_items', id: itemId, patch: { is_public: true } })

async function push(user: TestUser, mutations: unknown[]) {
  const answer = await user.client.rpc('sync_push', { mutations })
  return { data: answer.data as Array<{ ok: boolean; code?: string; message?: string }> | null, error: answer.error }
}

/** What the server holds of items and their tags, to show a refused batch changed nothing. */
async function snapshot(itemIds: string[]) {
  const items = await stack.db.query<{ id: string; is_public: boolean; name: string; txid: string }>(
    'select id, is_public, name, txid from public.wardrobe_items where id = any($1) order by id',
    [itemIds],
  )
  const tags = await stack.db.query<{ id: string; tag_type: string; tag_value: string; is_verified: boolean; txid: string }>(
    'select id, tag_type, tag_value, is_verified, txid from public.clothing_tags where wardrobe_item_id = any($1) order by id',
    [itemIds],
  )
  return { items: items.rows, tags: tags.rows }
}

describe('sync_push with a batch', () => {
  it('applies every insert and update of a batch on the caller’s own items', async () => {
    const a = await item(owner)
    const b = await item(owner)
    const seasonA = newId()
    const seasonB = newId()
    const { data, error } = await push(owner, [
      { op: 'batch', ops: [newTag(a.id, 'Summer', seasonA), newTag(b.id, 'Summer', seasonB), verify(a.tagId), verify(b.tagId), publish(a.id), publish(b.id)] },
    ])
    expect(error).toBeNull()
    expect(data).toEqual([{ ok: true }])
    const after = await snapshot([a.id, b.id])
    expect(after.items.map((i) => i.is_public)).toEqual([true, true])
    expect(after.tags.filter((t) => t.tag_type === 'category').map((t) => t.is_verified)).toEqual([true, true])
    expect(after.tags.filter((t) => t.tag_type === 'season').map((t) => t.id).sort()).toEqual([seasonA, seasonB].sort())
    // A retry after a lost answer changes nothing twice.
    expect((await push(owner, [{ op: 'batch', ops: [newTag(a.id, 'Summer', seasonA), publish(a.id)] }])).data).toEqual([{ ok: true }])
    expect(await serverRowCount(stack, 'clothing_tags', 'wardrobe_item_id = $1', [a.id])).toBe(2)
  })

  it('refuses a whole batch that changes an item that is not the caller’s, and applies none of it', async () => {
    const mine = await item(owner)
    const theirs = await item(stranger, { isPublic: true })
    const before = await snapshot([mine.id, theirs.id])
    const { data } = await push(owner, [
      {
        op: 'batch',
        ops: [newTag(mine.id, 'Winter'), verify(mine.tagId), publish(mine.id), { op: 'update', table: 'wardrobe_items', id: theirs.id, patch: { name: 'Mine now' } }],
      },
    ])
    expect(data).toEqual([{ ok: false, code: '42501', message: NOT_ALLOWED }])
    expect(await snapshot([mine.id, theirs.id])).toEqual(before)
  })

  it('refuses a whole batch with a tag on an item that is not the caller’s (row-level security)', async () => {
    const mine = await item(owner)
    const theirs = await item(stranger, { isPublic: true })
    const before = await snapshot([mine.id, theirs.id])
    const { data } = await push(owner, [{ op: 'batch', ops: [verify(mine.tagId), newTag(theirs.id, 'Winter')] }])
    expect(data?.[0]).toMatchObject({ ok: false, code: '42501' })
    expect(await snapshot([mine.id, theirs.id])).toEqual(before)
  })

  it('refuses a whole batch with an empty tag value (the constraint holds) and applies none of it', async () => {
    const a = await item(owner)
    const b = await item(owner)
    const before = await snapshot([a.id, b.id])
    const { data } = await push(owner, [{ op: 'batch', ops: [publish(a.id), newTag(a.id, 'Autumn'), newTag(b.id, '   ')] }])
    expect(data?.[0]).toMatchObject({ ok: false, code: '23514' })
    expect(data?.[0]?.message).toMatch(/clothing_tags_tag_value_present/)
    expect(await snapshot([a.id, b.id])).toEqual(before)
  })

  it('says the item no longer exists when a batch touches a row deleted meanwhile, and applies none of it', async () => {
    const kept = await item(owner)
    const gone = await item(owner)
    await stack.db.query('update public.wardrobe_items set deleted_at = now() where id = $1', [gone.id])
    const before = await snapshot([kept.id, gone.id])
    const { data } = await push(owner, [{ op: 'batch', ops: [publish(kept.id), publish(gone.id)] }])
    expect(data).toEqual([{ ok: false, code: 'P0001', message: messages.itemGone }])
    expect(await snapshot([kept.id, gone.id])).toEqual(before)
  })

  it('refuses nested, empty and over-limit batches on their own; the push’s other changes apply', async () => {
    const a = await item(owner)
    const tooMany = Array.from({ length: 1001 }, () => verify(a.tagId))
    const { data, error } = await push(owner, [
      { op: 'batch', ops: [verify(a.tagId), { op: 'batch', ops: [publish(a.id)] }] },
      { op: 'batch', ops: [] },
      { op: 'batch', ops: tooMany },
      { op: 'batch', ops: [{ op: 'call', fn: 'delete_own_wall', args: { wall_id: 'x' } }] },
      { op: 'batch' },
      { op: 'update', table: 'wardrobe_items', id: a.id, patch: { name: 'Renamed alone' } },
    ])
    expect(error).toBeNull()
    expect(data).toEqual([
      { ok: false, code: '22023', message: 'A batch holds only inserts and updates, not batch' },
      { ok: false, code: '22023', message: 'A batch needs a list of changes' },
      { ok: false, code: '54000', message: 'At most 1000 changes in one batch' },
      { ok: false, code: '22023', message: 'A batch holds only inserts and updates, not call' },
      { ok: false, code: '22023', message: 'A batch needs a list of changes' },
      { ok: true },
    ])
    const after = await snapshot([a.id])
    expect(after.items[0]).toMatchObject({ is_public: false, name: 'Renamed alone' })
    expect(after.tags[0]).toMatchObject({ is_verified: false })
  })

  it('refuses a push whose batches add up to more than 1000 row changes, and applies none of it', async () => {
    const a = await item(owner)
    const half = Array.from({ length: 600 }, () => verify(a.tagId))
    const { data, error } = await push(owner, [{ op: 'batch', ops: half }, { op: 'batch', ops: half }])
    expect(data).toBeNull()
    expect(error).toMatchObject({ code: '54000', message: 'At most 1000 row changes per push' })
    expect((await snapshot([a.id])).tags[0]).toMatchObject({ is_verified: false })
  })
})

describe('a batch entry through the sync engine', () => {
  async function device(user: TestUser) {
    const d = await startDevice(stack, user)
    devices.push(d)
    await d.engine.pull('me')
    return d
  }

  /** Verifies the items' tags, adds a season to each and makes them public: one outbox entry. */
  async function bulkEdit(d: Device, itemIds: string[], options: { alsoItems?: string[] } = {}) {
    const { db } = d.replica
    await mutate(d.replica, [db.wardrobeItems, db.tags], async ({ queue }) => {
      const ops: RowChangeOp[] = []
      const touched: Array<{ table: 'wardrobeItems' | 'tags'; rowId: string; fields: string[] }> = []
      const now = new Date().toISOString()
      for (const itemId of [...itemIds, ...(options.alsoItems ?? [])]) {
        await db.wardrobeItems.update(itemId, { isPublic: true })
        ops.push(publish(itemId))
        touched.push({ table: 'wardrobeItems', rowId: itemId, fields: ['isPublic'] })
        for (const tag of await db.tags.where('wardrobeItemId').equals(itemId).toArray()) {
          await db.tags.update(tag.id, { isVerified: true, confidenceScore: 1 })
          ops.push(verify(tag.id))
          touched.push({ table: 'tags', rowId: tag.id, fields: ['isVerified', 'confidenceScore'] })
        }
        const season: ClothingTagRow = {
          id: newId(),
          wardrobeItemId: itemId,
          tagType: 'season',
          tagValue: 'Summer',
          confidenceScore: 1,
          isAiGenerated: false,
          isVerified: true,
          createdAt: now,
          updatedAt: now,
          txid: '',
        }
        await db.tags.add(season)
        ops.push({ op: 'insert', table: 'clothing_tags', row: toServer('tags', season) })
        touched.push({ table: 'tags', rowId: season.id, fields: Object.keys(season) })
      }
      const [first, ...also] = touched
      queue({ ...first!, also, op: { op: 'batch', ops }, failureMessage: messages.updateItemFailed })
    })
  }

  it('pushes a bulk edit made offline as one change and the server has all of it', async () => {
    const a = await item(owner)
    const b = await item(owner)
    const d = await device(owner)
    d.net.offline = true
    await bulkEdit(d, [a.id, b.id])
    expect(await d.replica.db.outbox.count()).toBe(1)
    d.net.offline = false
    expect(await d.engine.flush()).toMatchObject({ status: 'done', remaining: 0 })
    const after = await snapshot([a.id, b.id])
    expect(after.items.map((i) => i.is_public)).toEqual([true, true])
    expect(after.tags.map((t) => t.is_verified)).toEqual([true, true, true, true])
    expect(await d.replica.db.failedMutations.count()).toBe(0)
  })

  it('a refused bulk edit goes to failed mutations once and every row it touched shows the server’s version', async () => {
    const a = await item(owner)
    const theirs = await item(stranger, { isPublic: true })
    const d = await device(owner)
    // The stranger's public item reaches the replica the way any visible row may (a profile pull).
    const fetched = await owner.client.from('wardrobe_items').select('*').eq('id', theirs.id).single()
    const theirTags = await owner.client.from('clothing_tags').select('*').eq('wardrobe_item_id', theirs.id)
    await applyServerRows(d.replica.db, { wardrobe_items: [fetched.data as Record<string, unknown>], clothing_tags: theirTags.data as Array<Record<string, unknown>> })
    const before = await snapshot([a.id, theirs.id])
    d.net.offline = true
    await bulkEdit(d, [a.id], { alsoItems: [theirs.id] })
    d.net.offline = false
    expect(await d.engine.flush()).toMatchObject({ status: 'done', remaining: 0 })

    const failed = await d.replica.db.failedMutations.toArray()
    expect(failed.map((f) => [f.entry.op.op, f.code, f.serverMessage, f.message, f.notified])).toEqual([
      ['batch', '42501', NOT_ALLOWED, messages.updateItemFailed, 0],
    ])
    expect(await snapshot([a.id, theirs.id])).toEqual(before)
    const db = d.replica.db
    expect((await db.wardrobeItems.bulkGet([a.id, theirs.id])).map((i) => i?.isPublic)).toEqual([false, true])
    expect((await db.tags.bulkGet([a.tagId, theirs.tagId])).map((t) => t?.isVerified)).toEqual([false, false])
    // The season tags never reached the server: they leave the replica.
    expect(await db.tags.where('wardrobeItemId').anyOf([a.id, theirs.id]).filter((t) => t.tagType === 'season').count()).toBe(0)
  })
})
