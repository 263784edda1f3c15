// Who may call apply_undo (issue 24), and the attempts to misuse it: an undo is held to the rules of
// the change it stands in for (move and delete: the item's creator or the wall's owner; a polaroid's
// text and the wall's fields: the owner), to the row still holding what the caller expected, and it
// lifts a tombstone only of an item it may manage on a live wall. Anything beyond the watched columns
// (owner, creator, image) cannot be set through it. It only changes rows, so select, insert and a hard
// delete do not apply.
import { expect } from 'vitest'
import { actorList, ids } from '../support/actors'
import { polaroid, sticker, wall } from '../support/fixtures'
import type { Matrix, NotApplicable } from '../support/matrixTypes'
import { raises, updates } from '../support/matrixTypes'

const call = 'select public.apply_undo($1, $2, $3::jsonb, $4::jsonb)'
// Visitors may not call it at all.
const noSession = 'permission denied for function apply_undo'
const notYours = 'You can only move your own items or items on Mooris you own.'
const ownerText = "Only the owner of this Moori can edit a polaroid's name and message."
const gone = 'This item no longer exists.'
const wallGone = 'This Moori no longer exists.'
const wallOwnerOnly = 'Only the owner can change this Moori.'
const since = 'Someone else has changed this since.'

// The fixtures' cards sit where the columns' defaults put them.
const atStart = JSON.stringify({ deleted: false, x: 0, y: 0, z_index: 1 })
const stickerAtStart = JSON.stringify({ deleted: false, x: 100, y: 100, z_index: 1 })
// As the app sends it: a live row stays live.
const moveTo = JSON.stringify({ deleted: false, x: 10, y: 20, z_index: 7 })
const deleted = JSON.stringify({ deleted: true })
const restore = JSON.stringify({ deleted: false })

/** The fixture's tombstone as if the contributor's own delete had made it (triggers keep deleted_by). */
const deletedByContributor = (table: string, id: string) => [
  { sql: 'set local session_replication_role = replica' },
  { sql: `update public.${table} set deleted_by = $1 where id = $2`, params: [ids.contributor, id] },
  { sql: 'set local session_replication_role = origin' },
]

const notApplicable: NotApplicable[] = [
  ...(['allowed', 'forbidden'] as const).map((half) => ({
    actors: actorList,
    ops: ['select', 'insert', 'delete'] as const,
    half,
    why: 'apply_undo only changes rows (a delete is a tombstone, an update)',
  })),
  { actors: ['anon'], ops: ['update'], half: 'allowed', why: 'undo needs a session' },
  { actors: ['stranger'], ops: ['update'], half: 'allowed', why: 'a stranger has no item on the walls in the fixtures' },
]

export const applyUndoMatrix: Matrix = {
  subject: 'apply_undo',
  notApplicable,
  // prettier-ignore
  cases: [
    { actor: 'anon', op: 'update', case: "moves the contributor's polaroid back", sql: call, params: ['polaroids', polaroid.cOnW, atStart, moveTo], expect: raises('42501', noSession, 'polaroids', polaroid.cOnW) },
    { actor: 'stranger', op: 'update', case: "moves someone else's polaroid", sql: call, params: ['polaroids', polaroid.cOnW, atStart, moveTo], expect: raises('42501', notYours, 'polaroids', polaroid.cOnW) },
    { actor: 'stranger', op: 'update', case: "moves a polaroid on the owner's private wall", sql: call, params: ['polaroids', polaroid.wOnPrivate, atStart, moveTo], expect: raises('P0001', gone, 'polaroids', polaroid.wOnPrivate) },
    { actor: 'stranger', op: 'update', case: "renames the owner's private wall", sql: call, params: ['walls', wall.privateW, '{}', JSON.stringify({ name: 'Mine now' })], expect: raises('P0001', wallGone, 'walls', wall.privateW) },
    { actor: 'stranger', op: 'update', case: "makes the owner's public wall private", sql: call, params: ['walls', wall.publicW, '{}', JSON.stringify({ private: true })], expect: raises('42501', wallOwnerOnly, 'walls', wall.publicW) },
    { actor: 'contributor', op: 'update', case: 'moves own polaroid as expected', sql: call, params: ['polaroids', polaroid.cOnW, atStart, moveTo], expect: updates('polaroids', polaroid.cOnW, { x: 10, y: 20, z_index: 7 }) },
    { actor: 'contributor', op: 'update', case: 'moves own polaroid that someone moved since', sql: call, params: ['polaroids', polaroid.cOnW, JSON.stringify({ x: 5, y: 5, z_index: 1 }), moveTo], expect: raises('P0001', since, 'polaroids', polaroid.cOnW) },
    { actor: 'contributor', op: 'update', case: 'brings back own deleted polaroid', sql: call, params: ['polaroids', polaroid.cDeleted, deleted, restore], setup: deletedByContributor('polaroids', polaroid.cDeleted), expect: updates('polaroids', polaroid.cDeleted, { deleted_at: null, deleted_by: null }) },
    { actor: 'contributor', op: 'update', case: 'brings back own polaroid that someone else deleted', sql: call, params: ['polaroids', polaroid.cDeleted, deleted, restore], expect: raises('P0001', since, 'polaroids', polaroid.cDeleted) },
    { actor: 'contributor', op: 'update', case: "edits the text of own polaroid on the owner's wall", sql: call, params: ['polaroids', polaroid.cOnW, '{}', JSON.stringify({ name: 'Renamed' })], expect: raises('42501', ownerText, 'polaroids', polaroid.cOnW) },
    { actor: 'contributor', op: 'update', case: "deletes the owner's polaroid", sql: call, params: ['polaroids', polaroid.wOnW, atStart, deleted], expect: raises('42501', notYours, 'polaroids', polaroid.wOnW) },
    { actor: 'contributor', op: 'update', case: 'sets the creator of own polaroid', sql: call, params: ['polaroids', polaroid.cOnW, '{}', JSON.stringify({ created_by: ids.wallOwner })], expect: raises('42703', 'column "created_by" cannot be undone', 'polaroids', polaroid.cOnW) },
    { actor: 'contributor', op: 'update', case: 'changes the image of own polaroid', sql: call, params: ['polaroids', polaroid.cOnW, '{}', JSON.stringify({ image_path: 'polaroid-images/x/y.jpg' })], expect: raises('42703', 'column "image_path" cannot be undone', 'polaroids', polaroid.cOnW) },
    { actor: 'contributor', op: 'update', case: 'brings back a wall', sql: call, params: ['walls', wall.deletedW, deleted, restore], expect: raises('42703', 'column "deleted" cannot be undone', 'walls', wall.deletedW) },
    { actor: 'contributor', op: 'update', case: 'names a table outside the wall', sql: call, params: ['profiles', ids.contributor, '{}', JSON.stringify({ name: 'x' })], expect: raises('42P01', 'Unknown table profiles', 'polaroids', polaroid.cOnW) },
    { actor: 'wallOwner', op: 'update', case: "deletes the contributor's polaroid on own wall", sql: call, params: ['polaroids', polaroid.cOnW, atStart, deleted], expect: updates('polaroids', polaroid.cOnW, { deleted_at: expect.anything() }) },
    { actor: 'wallOwner', op: 'update', case: "edits the text of the contributor's polaroid on own wall", sql: call, params: ['polaroids', polaroid.cOnW, JSON.stringify({ name: 'Contributor card', message: 'hello' }), JSON.stringify({ name: 'Renamed', message: 'New' })], expect: updates('polaroids', polaroid.cOnW, { name: 'Renamed', message: 'New' }) },
    { actor: 'wallOwner', op: 'update', case: 'renames own wall back', sql: call, params: ['walls', wall.publicW, JSON.stringify({ name: 'Public wall' }), JSON.stringify({ name: 'Old name', description: null, private: true })], expect: updates('walls', wall.publicW, { name: 'Old name', private: true }) },
    { actor: 'wallOwner', op: 'update', case: 'renames own wall that was renamed since', sql: call, params: ['walls', wall.publicW, JSON.stringify({ name: 'Something else' }), JSON.stringify({ name: 'Old name' })], expect: raises('P0001', since, 'walls', wall.publicW) },
    { actor: 'wallOwner', op: 'update', case: "moves the contributor's polaroid on the contributor's wall", sql: call, params: ['polaroids', polaroid.cOnC, atStart, moveTo], expect: raises('42501', notYours, 'polaroids', polaroid.cOnC) },
    { actor: 'wallOwner', op: 'update', case: "brings back the contributor's polaroid the contributor deleted", sql: call, params: ['polaroids', polaroid.cDeleted, deleted, restore], setup: deletedByContributor('polaroids', polaroid.cDeleted), expect: raises('P0001', since, 'polaroids', polaroid.cDeleted) },
    { actor: 'wallOwner', op: 'update', case: 'brings back an item on a deleted wall', sql: call, params: ['polaroids', polaroid.cDeleted, deleted, restore], setup: [{ sql: `update public.walls set deleted_at = now() where id = $1`, params: [wall.publicW] }], expect: raises('P0001', gone, 'polaroids', polaroid.cDeleted) },
    { actor: 'itemOwner', op: 'update', case: "moves own sticker back on the owner's wall", sql: call, params: ['wall_stickers', sticker.iOnW, stickerAtStart, moveTo], expect: updates('wall_stickers', sticker.iOnW, { x: 10, y: 20, z_index: 7 }) },
    { actor: 'itemOwner', op: 'update', case: "brings back the contributor's deleted sticker", sql: call, params: ['wall_stickers', sticker.cDeleted, deleted, restore], expect: raises('42501', notYours, 'wall_stickers', sticker.cDeleted) },
    { actor: 'itemOwner', op: 'update', case: 'edits the name of a sticker', sql: call, params: ['wall_stickers', sticker.iOnW, '{}', JSON.stringify({ name: 'x' })], expect: raises('42703', 'column "name" cannot be undone', 'wall_stickers', sticker.iOnW) },
  ],
}
