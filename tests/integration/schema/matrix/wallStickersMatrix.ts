// Who may read and write wall stickers (spec §5, §6): like polaroids, except that a sticker's name never
// changes, and a new sticker shows a picture from its creator's own folder of wardrobe-stickers (a cut-out
// or a copy made for it), so a sticker never leaks, nor outlives the privacy of, someone else's image.
import { ids } from '../support/actors'
import { object, objectKey, sticker, wall } from '../support/fixtures'
import type { Matrix } from '../support/matrixTypes'
import { inserts, noRows, raises, refusedByRls, removes, sees, updates } from '../support/matrixTypes'
import { selectIdsSql } from '../support/runCase'

const { stranger: S, contributor: C, wallOwner: W, itemOwner: I } = ids
const readAll = selectIdsSql('wall_stickers')
const onVisibleWalls = [sticker.wOnW, sticker.cOnW, sticker.iOnW, sticker.cDeleted, sticker.cOnC]
const insert =
  'insert into public.wall_stickers (id, wall_id, created_by, image_path) values ($1, $2, $3, $4)'
const image = (owner: string) => objectKey('wardrobe-stickers', owner, 'new.png')
const move = 'update public.wall_stickers set x = $2, y = $3, z_index = $4 where id = $1'
const outsideOwnFolder = 'new row for relation "wall_stickers" violates check constraint "wall_stickers_image_in_creator_folder"'
const remove = 'delete from public.wall_stickers where id = $1'

export const wallStickersMatrix: Matrix = {
  subject: 'wall_stickers',
  notApplicable: [
    {
      actors: ['anon'],
      ops: ['insert', 'update', 'delete'],
      half: 'allowed',
      why: 'signed-out visitors are read-only on walls (spec §6)',
    },
    {
      actors: ['stranger'],
      ops: ['update', 'delete'],
      half: 'allowed',
      why: 'a stranger has no sticker on any wall; owning one is what makes a user a contributor',
    },
  ],
  // prettier-ignore
  cases: [
    // select: stickers of the walls one can see; the private wall's only for its owner
    { actor: 'anon', op: 'select', case: 'reads stickers of public walls only', sql: readAll, expect: sees('wall_stickers', onVisibleWalls) },
    { actor: 'stranger', op: 'select', case: 'reads stickers of public walls and own private one', sql: readAll, expect: sees('wall_stickers', [...onVisibleWalls, sticker.sOnPrivateS]) },
    { actor: 'contributor', op: 'select', case: 'reads stickers of public walls only', sql: readAll, expect: sees('wall_stickers', onVisibleWalls) },
    { actor: 'wallOwner', op: 'select', case: 'reads stickers of public walls and own private one', sql: readAll, expect: sees('wall_stickers', [...onVisibleWalls, sticker.wOnPrivate]) },
    { actor: 'itemOwner', op: 'select', case: 'reads stickers of public walls only', sql: readAll, expect: sees('wall_stickers', onVisibleWalls) },

    // insert: as oneself, onto an open wall one can see, showing an image one may share
    { actor: 'anon', op: 'insert', case: 'adds a sticker to a public wall', sql: insert, params: ['stk_new_1', wall.publicW, C, image(C)], expect: refusedByRls('wall_stickers', 'stk_new_1') },
    { actor: 'stranger', op: 'insert', case: "adds own sticker to the owner's public wall", sql: insert, params: ['stk_new_1', wall.publicW, S, image(S)], expect: inserts('wall_stickers', 'stk_new_1', { created_by: S, username: 'stranger_s' }) },
    { actor: 'stranger', op: 'insert', case: 'forges created_by of the item owner', sql: insert, params: ['stk_new_1', wall.publicW, I, image(I)], expect: refusedByRls('wall_stickers', 'stk_new_1') },
    { actor: 'stranger', op: 'insert', case: "adds to the owner's private wall", sql: insert, params: ['stk_new_1', wall.privateW, S, image(S)], expect: refusedByRls('wall_stickers', 'stk_new_1') },
    { actor: 'stranger', op: 'insert', case: 'adds to a deleted wall', sql: insert, params: ['stk_new_1', wall.deletedW, S, image(S)], expect: refusedByRls('wall_stickers', 'stk_new_1') },
    { actor: 'contributor', op: 'insert', case: "sticks the item owner's public item itself (it would stay readable once made private)", sql: insert, params: ['stk_new_1', wall.publicW, C, object.publicItemI], expect: raises('23514', outsideOwnFolder, 'wall_stickers', 'stk_new_1') },
    { actor: 'contributor', op: 'insert', case: "sticks own cut-out of the item owner's public item", sql: insert, params: ['stk_new_1', wall.publicW, C, objectKey('wardrobe-stickers', C, 'cutouts/public-tee.png')], expect: inserts('wall_stickers', 'stk_new_1', { created_by: C }) },
    { actor: 'contributor', op: 'insert', case: "sticks the item owner's private image (would leak it)", sql: insert, params: ['stk_new_1', wall.publicW, C, object.privateItemI], expect: refusedByRls('wall_stickers', 'stk_new_1') },
    { actor: 'contributor', op: 'insert', case: 'forges created_by of the wall owner', sql: insert, params: ['stk_new_1', wall.publicW, W, image(W)], expect: refusedByRls('wall_stickers', 'stk_new_1') },
    { actor: 'wallOwner', op: 'insert', case: 'adds own cut-out to own private wall', sql: insert, params: ['stk_new_1', wall.privateW, W, image(W)], expect: inserts('wall_stickers', 'stk_new_1', { created_by: W }) },
    { actor: 'wallOwner', op: 'insert', case: "re-sticks the item owner's private cut-out", sql: insert, params: ['stk_new_1', wall.privateW, W, object.stuckI], expect: refusedByRls('wall_stickers', 'stk_new_1') },
    { actor: 'wallOwner', op: 'insert', case: 'forges created_by of the contributor', sql: insert, params: ['stk_new_1', wall.publicW, C, image(C)], expect: refusedByRls('wall_stickers', 'stk_new_1') },
    { actor: 'itemOwner', op: 'insert', case: "sticks own private item's photo itself on the contributor's wall", sql: insert, params: ['stk_new_1', wall.publicC, I, object.privateItemI], expect: raises('23514', outsideOwnFolder, 'wall_stickers', 'stk_new_1') },
    { actor: 'itemOwner', op: 'insert', case: "sticks a cut-out of own private item on the contributor's wall", sql: insert, params: ['stk_new_1', wall.publicC, I, image(I)], expect: inserts('wall_stickers', 'stk_new_1', { created_by: I }) },
    { actor: 'itemOwner', op: 'insert', case: 'forges created_by of the contributor', sql: insert, params: ['stk_new_1', wall.publicC, C, object.publicItemI], expect: refusedByRls('wall_stickers', 'stk_new_1') },

    // update: the creator or the wall owner moves; the name never changes
    { actor: 'anon', op: 'update', case: "moves the contributor's sticker", sql: move, params: [sticker.cOnW, 10, 20, 3], expect: noRows('wall_stickers', sticker.cOnW) },
    { actor: 'stranger', op: 'update', case: "moves the item owner's sticker on the owner's wall", sql: move, params: [sticker.iOnW, 10, 20, 3], expect: noRows('wall_stickers', sticker.iOnW) },
    { actor: 'stranger', op: 'update', case: "moves a sticker on the owner's private wall", sql: move, params: [sticker.wOnPrivate, 10, 20, 3], expect: noRows('wall_stickers', sticker.wOnPrivate) },
    { actor: 'contributor', op: 'update', case: "moves own sticker on the owner's wall", sql: move, params: [sticker.cOnW, 10, 20, 3], expect: updates('wall_stickers', sticker.cOnW, { x: 10, y: 20, z_index: 3 }) },
    { actor: 'contributor', op: 'update', case: "moves the item owner's sticker", sql: move, params: [sticker.iOnW, 10, 20, 3], expect: noRows('wall_stickers', sticker.iOnW) },
    { actor: 'contributor', op: 'update', case: 'renames own sticker', sql: 'update public.wall_stickers set name = $2 where id = $1', params: [sticker.cOnW, 'Renamed'], expect: raises('42501', 'name cannot be changed.', 'wall_stickers', sticker.cOnW) },
    { actor: 'contributor', op: 'update', case: "swaps own sticker's image", sql: 'update public.wall_stickers set image_path = $2 where id = $1', params: [sticker.cOnW, image(C)], expect: raises('42501', 'image_path cannot be changed.', 'wall_stickers', sticker.cOnW) },
    { actor: 'wallOwner', op: 'update', case: "moves the item owner's sticker on own wall", sql: move, params: [sticker.iOnW, 10, 20, 3], expect: updates('wall_stickers', sticker.iOnW, { x: 10, y: 20, z_index: 3 }) },
    { actor: 'wallOwner', op: 'update', case: "moves the contributor's sticker on the contributor's wall", sql: move, params: [sticker.cOnC, 10, 20, 3], expect: noRows('wall_stickers', sticker.cOnC) },
    { actor: 'wallOwner', op: 'update', case: "renames the item owner's sticker on own wall", sql: 'update public.wall_stickers set name = $2 where id = $1', params: [sticker.iOnW, 'Renamed'], expect: raises('42501', 'name cannot be changed.', 'wall_stickers', sticker.iOnW) },
    { actor: 'itemOwner', op: 'update', case: "moves own sticker on the owner's wall", sql: move, params: [sticker.iOnW, 10, 20, 3], expect: updates('wall_stickers', sticker.iOnW, { x: 10, y: 20, z_index: 3 }) },
    { actor: 'itemOwner', op: 'update', case: "moves the contributor's sticker", sql: move, params: [sticker.cOnW, 10, 20, 3], expect: noRows('wall_stickers', sticker.cOnW) },

    // delete (hard): the creator or the wall owner
    { actor: 'anon', op: 'delete', case: "deletes the contributor's sticker", sql: remove, params: [sticker.cOnW], expect: noRows('wall_stickers', sticker.cOnW) },
    { actor: 'stranger', op: 'delete', case: "deletes the item owner's sticker", sql: remove, params: [sticker.iOnW], expect: noRows('wall_stickers', sticker.iOnW) },
    { actor: 'contributor', op: 'delete', case: "deletes own sticker on the owner's wall", sql: remove, params: [sticker.cOnW], expect: removes('wall_stickers', sticker.cOnW) },
    { actor: 'contributor', op: 'delete', case: "deletes the owner's sticker", sql: remove, params: [sticker.wOnW], expect: noRows('wall_stickers', sticker.wOnW) },
    { actor: 'wallOwner', op: 'delete', case: "deletes the item owner's sticker on own wall", sql: remove, params: [sticker.iOnW], expect: removes('wall_stickers', sticker.iOnW) },
    { actor: 'wallOwner', op: 'delete', case: "deletes the contributor's sticker on the contributor's wall", sql: remove, params: [sticker.cOnC], expect: noRows('wall_stickers', sticker.cOnC) },
    { actor: 'itemOwner', op: 'delete', case: "deletes own sticker on the owner's wall", sql: remove, params: [sticker.iOnW], expect: removes('wall_stickers', sticker.iOnW) },
    { actor: 'itemOwner', op: 'delete', case: "deletes the owner's sticker", sql: remove, params: [sticker.wOnW], expect: noRows('wall_stickers', sticker.wOnW) },
  ],
}
