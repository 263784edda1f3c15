// Who may call move_polaroid and move_wall_sticker (spec §5, §6): a signed-in user moves their own
// items or anything on a wall they own, with the spec's messages when refused. A move only updates a
// position, so select, insert and delete do not apply to these functions.
import { actorList } from '../support/actors'
import { polaroid, sticker } from '../support/fixtures'
import type { Matrix, NotApplicable } from '../support/matrixTypes'
import { raises, updates } from '../support/matrixTypes'

const signIn = 'You must be signed in to move items.'
const notYours = 'You can only move your own items or items on Mooris you own.'
const gone = 'This item no longer exists.'
const moved = { x: 10, y: 20, z_index: 7 }
const to = [10, 20, 7]

const onlyUpdates = (fn: string): NotApplicable[] =>
  (['allowed', 'forbidden'] as const).map((half) => ({
    actors: actorList,
    ops: ['select', 'insert', 'delete'],
    half,
    why: `${fn} only updates a position`,
  }))

const movePolaroid = 'select public.move_polaroid($1, $2, $3, $4)'

export const movePolaroidMatrix: Matrix = {
  subject: 'move_polaroid',
  notApplicable: [
    ...onlyUpdates('move_polaroid'),
    { actors: ['anon'], ops: ['update'], half: 'allowed', why: 'moving needs a session (spec §5)' },
    {
      actors: ['stranger', 'itemOwner'],
      ops: ['update'],
      half: 'allowed',
      why: 'they have no polaroid and no wall with polaroids',
    },
  ],
  // prettier-ignore
  cases: [
    { actor: 'anon', op: 'update', case: "moves the contributor's polaroid", sql: movePolaroid, params: [polaroid.cOnW, ...to], expect: raises('42501', signIn, 'polaroids', polaroid.cOnW) },
    { actor: 'stranger', op: 'update', case: "moves someone else's polaroid on someone else's wall", sql: movePolaroid, params: [polaroid.cOnW, ...to], expect: raises('42501', notYours, 'polaroids', polaroid.cOnW) },
    { actor: 'stranger', op: 'update', case: "moves a polaroid on the owner's private wall", sql: movePolaroid, params: [polaroid.wOnPrivate, ...to], expect: raises('P0001', gone, 'polaroids', polaroid.wOnPrivate) },
    { actor: 'contributor', op: 'update', case: "moves own polaroid on the owner's wall", sql: movePolaroid, params: [polaroid.cOnW, ...to], expect: updates('polaroids', polaroid.cOnW, moved) },
    { actor: 'contributor', op: 'update', case: "moves the owner's polaroid", sql: movePolaroid, params: [polaroid.wOnW, ...to], expect: raises('42501', notYours, 'polaroids', polaroid.wOnW) },
    { actor: 'contributor', op: 'update', case: 'moves own deleted polaroid', sql: movePolaroid, params: [polaroid.cDeleted, ...to], expect: raises('P0001', gone, 'polaroids', polaroid.cDeleted) },
    { actor: 'wallOwner', op: 'update', case: "moves the contributor's polaroid on own wall", sql: movePolaroid, params: [polaroid.cOnW, ...to], expect: updates('polaroids', polaroid.cOnW, moved) },
    { actor: 'wallOwner', op: 'update', case: 'moves own polaroid on own private wall', sql: movePolaroid, params: [polaroid.wOnPrivate, ...to], expect: updates('polaroids', polaroid.wOnPrivate, moved) },
    { actor: 'wallOwner', op: 'update', case: "moves the contributor's polaroid on the contributor's wall", sql: movePolaroid, params: [polaroid.cOnC, ...to], expect: raises('42501', notYours, 'polaroids', polaroid.cOnC) },
    { actor: 'itemOwner', op: 'update', case: "moves the contributor's polaroid", sql: movePolaroid, params: [polaroid.cOnW, ...to], expect: raises('42501', notYours, 'polaroids', polaroid.cOnW) },
  ],
}

const moveSticker = 'select public.move_wall_sticker($1, $2, $3, $4)'

export const moveWallStickerMatrix: Matrix = {
  subject: 'move_wall_sticker',
  notApplicable: [
    ...onlyUpdates('move_wall_sticker'),
    { actors: ['anon'], ops: ['update'], half: 'allowed', why: 'moving needs a session (spec §5)' },
    {
      actors: ['stranger'],
      ops: ['update'],
      half: 'allowed',
      why: 'a stranger has no sticker and no wall with stickers',
    },
  ],
  // prettier-ignore
  cases: [
    { actor: 'anon', op: 'update', case: "moves the contributor's sticker", sql: moveSticker, params: [sticker.cOnW, ...to], expect: raises('42501', signIn, 'wall_stickers', sticker.cOnW) },
    { actor: 'stranger', op: 'update', case: "moves the item owner's sticker on the owner's wall", sql: moveSticker, params: [sticker.iOnW, ...to], expect: raises('42501', notYours, 'wall_stickers', sticker.iOnW) },
    { actor: 'stranger', op: 'update', case: "moves a sticker on the owner's private wall", sql: moveSticker, params: [sticker.wOnPrivate, ...to], expect: raises('P0001', gone, 'wall_stickers', sticker.wOnPrivate) },
    { actor: 'contributor', op: 'update', case: "moves own sticker on the owner's wall", sql: moveSticker, params: [sticker.cOnW, ...to], expect: updates('wall_stickers', sticker.cOnW, moved) },
    { actor: 'contributor', op: 'update', case: "moves the item owner's sticker", sql: moveSticker, params: [sticker.iOnW, ...to], expect: raises('42501', notYours, 'wall_stickers', sticker.iOnW) },
    { actor: 'contributor', op: 'update', case: 'moves own deleted sticker', sql: moveSticker, params: [sticker.cDeleted, ...to], expect: raises('P0001', gone, 'wall_stickers', sticker.cDeleted) },
    { actor: 'wallOwner', op: 'update', case: "moves the item owner's sticker on own wall", sql: moveSticker, params: [sticker.iOnW, ...to], expect: updates('wall_stickers', sticker.iOnW, moved) },
    { actor: 'wallOwner', op: 'update', case: "moves the contributor's sticker on the contributor's wall", sql: moveSticker, params: [sticker.cOnC, ...to], expect: raises('42501', notYours, 'wall_stickers', sticker.cOnC) },
    { actor: 'itemOwner', op: 'update', case: "moves own sticker on the owner's wall", sql: moveSticker, params: [sticker.iOnW, ...to], expect: updates('wall_stickers', sticker.iOnW, moved) },
    { actor: 'itemOwner', op: 'update', case: "moves the contributor's sticker", sql: moveSticker, params: [sticker.cOnW, ...to], expect: raises('42501', notYours, 'wall_stickers', sticker.cOnW) },
  ],
}
