// Who may call delete_polaroid, delete_wall_sticker and delete_own_wall (spec §5, §6): items go by
// their creator or the wall owner, walls by their owner only, with the spec's messages when refused.
// Deletes are soft (deleted_at) and a retried delete succeeds without changing anything. A delete
// function only deletes, so select, insert and update do not apply to it.
import { expect } from 'vitest'
import { actorList, ids } from '../support/actors'
import { polaroid, sticker, wall } from '../support/fixtures'
import type { Matrix, NotApplicable } from '../support/matrixTypes'
import { keeps, raises, updates } from '../support/matrixTypes'

const gone = 'This item no longer exists.'
const tombstoned = { deleted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown }

const onlyDeletes = (fn: string): NotApplicable[] =>
  (['allowed', 'forbidden'] as const).map((half) => ({
    actors: actorList,
    ops: ['select', 'insert', 'update'],
    half,
    why: `${fn} only (soft-)deletes`,
  }))

const deletePolaroid = 'select public.delete_polaroid($1)'
const notYourPolaroid = 'You can only delete your own polaroids or polaroids from walls you own'

export const deletePolaroidMatrix: Matrix = {
  subject: 'delete_polaroid',
  notApplicable: [
    ...onlyDeletes('delete_polaroid'),
    { actors: ['anon'], ops: ['delete'], half: 'allowed', why: 'deleting needs a signed-in user (spec §5)' },
    {
      actors: ['stranger', 'itemOwner'],
      ops: ['delete'],
      half: 'allowed',
      why: 'they have no polaroid and no wall with polaroids',
    },
  ],
  // prettier-ignore
  cases: [
    { actor: 'anon', op: 'delete', case: "deletes the contributor's polaroid", sql: deletePolaroid, params: [polaroid.cOnW], expect: raises('42501', 'You must be signed in to delete items.', 'polaroids', polaroid.cOnW) },
    { actor: 'stranger', op: 'delete', case: "deletes the contributor's polaroid on the owner's wall", sql: deletePolaroid, params: [polaroid.cOnW], expect: raises('42501', notYourPolaroid, 'polaroids', polaroid.cOnW) },
    { actor: 'stranger', op: 'delete', case: "deletes a polaroid on the owner's private wall", sql: deletePolaroid, params: [polaroid.wOnPrivate], expect: raises('P0001', gone, 'polaroids', polaroid.wOnPrivate) },
    { actor: 'contributor', op: 'delete', case: "deletes own polaroid on the owner's wall", sql: deletePolaroid, params: [polaroid.cOnW], expect: updates('polaroids', polaroid.cOnW, tombstoned) },
    { actor: 'contributor', op: 'delete', case: 'retries deleting own deleted polaroid (no-op)', sql: deletePolaroid, params: [polaroid.cDeleted], expect: keeps('polaroids', polaroid.cDeleted) },
    { actor: 'contributor', op: 'delete', case: "deletes the owner's polaroid", sql: deletePolaroid, params: [polaroid.wOnW], expect: raises('42501', notYourPolaroid, 'polaroids', polaroid.wOnW) },
    { actor: 'wallOwner', op: 'delete', case: "deletes the contributor's polaroid on own wall", sql: deletePolaroid, params: [polaroid.cOnW], expect: updates('polaroids', polaroid.cOnW, tombstoned) },
    { actor: 'wallOwner', op: 'delete', case: "deletes the contributor's polaroid on the contributor's wall", sql: deletePolaroid, params: [polaroid.cOnC], expect: raises('42501', notYourPolaroid, 'polaroids', polaroid.cOnC) },
    { actor: 'itemOwner', op: 'delete', case: "deletes the owner's polaroid", sql: deletePolaroid, params: [polaroid.wOnW], expect: raises('42501', notYourPolaroid, 'polaroids', polaroid.wOnW) },
  ],
}

const deleteSticker = 'select public.delete_wall_sticker($1)'
const notYourSticker = 'You can only delete your own stickers or stickers from walls you own'

export const deleteWallStickerMatrix: Matrix = {
  subject: 'delete_wall_sticker',
  notApplicable: [
    ...onlyDeletes('delete_wall_sticker'),
    { actors: ['anon'], ops: ['delete'], half: 'allowed', why: 'deleting needs a signed-in user (spec §5)' },
    {
      actors: ['stranger'],
      ops: ['delete'],
      half: 'allowed',
      why: 'a stranger has no sticker and no wall with stickers',
    },
  ],
  // prettier-ignore
  cases: [
    { actor: 'anon', op: 'delete', case: "deletes the contributor's sticker", sql: deleteSticker, params: [sticker.cOnW], expect: raises('42501', 'You must be signed in to delete items.', 'wall_stickers', sticker.cOnW) },
    { actor: 'stranger', op: 'delete', case: "deletes the item owner's sticker on the owner's wall", sql: deleteSticker, params: [sticker.iOnW], expect: raises('42501', notYourSticker, 'wall_stickers', sticker.iOnW) },
    { actor: 'stranger', op: 'delete', case: "deletes a sticker on the owner's private wall", sql: deleteSticker, params: [sticker.wOnPrivate], expect: raises('P0001', gone, 'wall_stickers', sticker.wOnPrivate) },
    { actor: 'contributor', op: 'delete', case: "deletes own sticker on the owner's wall", sql: deleteSticker, params: [sticker.cOnW], expect: updates('wall_stickers', sticker.cOnW, tombstoned) },
    { actor: 'contributor', op: 'delete', case: 'retries deleting own deleted sticker (no-op)', sql: deleteSticker, params: [sticker.cDeleted], expect: keeps('wall_stickers', sticker.cDeleted) },
    { actor: 'contributor', op: 'delete', case: "deletes the owner's sticker", sql: deleteSticker, params: [sticker.wOnW], expect: raises('42501', notYourSticker, 'wall_stickers', sticker.wOnW) },
    { actor: 'wallOwner', op: 'delete', case: "deletes the item owner's sticker on own wall", sql: deleteSticker, params: [sticker.iOnW], expect: updates('wall_stickers', sticker.iOnW, tombstoned) },
    { actor: 'wallOwner', op: 'delete', case: "deletes the contributor's sticker on the contributor's wall", sql: deleteSticker, params: [sticker.cOnC], expect: raises('42501', notYourSticker, 'wall_stickers', sticker.cOnC) },
    { actor: 'itemOwner', op: 'delete', case: "deletes own sticker on the owner's wall", sql: deleteSticker, params: [sticker.iOnW], expect: updates('wall_stickers', sticker.iOnW, tombstoned) },
    { actor: 'itemOwner', op: 'delete', case: "deletes the owner's sticker", sql: deleteSticker, params: [sticker.wOnW], expect: raises('42501', notYourSticker, 'wall_stickers', sticker.wOnW) },
  ],
}

const deleteWall = 'select public.delete_own_wall($1)'
const notYourWall = 'You can only delete Mooris you own.'
/** The item owner has no wall in the fixtures; this gives them one for the allowed case. */
const itemOwnerWall = [
  {
    sql: 'insert into public.walls (id, name, owner_id) values ($1, $2, $3)',
    params: ['wall_setup_i', 'Mine', ids.itemOwner],
  },
]

export const deleteOwnWallMatrix: Matrix = {
  subject: 'delete_own_wall',
  notApplicable: [
    ...onlyDeletes('delete_own_wall'),
    {
      actors: ['anon'],
      ops: ['delete'],
      half: 'allowed',
      why: "deleting a wall needs a signed-in user ('User must be authenticated to delete walls')",
    },
  ],
  // prettier-ignore
  cases: [
    { actor: 'anon', op: 'delete', case: 'deletes a public wall', sql: deleteWall, params: [wall.publicW], expect: raises('42501', 'User must be authenticated to delete walls', 'walls', wall.publicW) },
    { actor: 'stranger', op: 'delete', case: 'deletes own private wall', sql: deleteWall, params: [wall.privateS], expect: updates('walls', wall.privateS, tombstoned) },
    { actor: 'stranger', op: 'delete', case: "deletes the owner's public wall", sql: deleteWall, params: [wall.publicW], expect: raises('42501', notYourWall, 'walls', wall.publicW) },
    { actor: 'stranger', op: 'delete', case: "deletes the owner's private wall", sql: deleteWall, params: [wall.privateW], expect: raises('P0001', 'This Moori no longer exists.', 'walls', wall.privateW) },
    { actor: 'contributor', op: 'delete', case: 'deletes own wall', sql: deleteWall, params: [wall.publicC], expect: updates('walls', wall.publicC, tombstoned) },
    { actor: 'contributor', op: 'delete', case: 'deletes the wall they contributed to', sql: deleteWall, params: [wall.publicW], expect: raises('42501', notYourWall, 'walls', wall.publicW) },
    { actor: 'wallOwner', op: 'delete', case: 'deletes own wall', sql: deleteWall, params: [wall.publicW], expect: updates('walls', wall.publicW, tombstoned) },
    { actor: 'wallOwner', op: 'delete', case: 'retries deleting own deleted wall (no-op)', sql: deleteWall, params: [wall.deletedW], expect: keeps('walls', wall.deletedW) },
    { actor: 'wallOwner', op: 'delete', case: "deletes the contributor's wall", sql: deleteWall, params: [wall.publicC], expect: raises('42501', notYourWall, 'walls', wall.publicC) },
    { actor: 'itemOwner', op: 'delete', case: 'deletes own wall', setup: itemOwnerWall, sql: deleteWall, params: ['wall_setup_i'], expect: updates('walls', 'wall_setup_i', tombstoned) },
    { actor: 'itemOwner', op: 'delete', case: "deletes the owner's public wall", sql: deleteWall, params: [wall.publicW], expect: raises('42501', notYourWall, 'walls', wall.publicW) },
  ],
}
