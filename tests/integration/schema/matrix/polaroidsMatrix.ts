// Who may read and write polaroids (spec §5, §6): readable when their wall is; any signed-in user adds
// them as themselves to an open wall they can see; the creator or the wall owner moves and deletes;
// only the wall owner edits name and message.
import { ids } from '../support/actors'
import { objectKey, polaroid, wall } from '../support/fixtures'
import type { Matrix } from '../support/matrixTypes'
import { inserts, noRows, raises, refusedByRls, removes, sees, updates } from '../support/matrixTypes'
import { selectIdsSql } from '../support/runCase'

const { stranger: S, contributor: C, wallOwner: W, itemOwner: I } = ids
const readAll = selectIdsSql('polaroids')
const onVisibleWalls = [polaroid.wOnW, polaroid.cOnW, polaroid.cDeleted, polaroid.cOnC]
const insert = `insert into public.polaroids (id, wall_id, created_by, name, message, image_path)
                values ($1, $2, $3, 'New', 'Hi', $4)`
const image = (owner: string) => objectKey('polaroid-images', owner, 'new.jpg')
const move = 'update public.polaroids set x = $2, y = $3 where id = $1'
const rename = 'update public.polaroids set name = $2 where id = $1'
const remove = 'delete from public.polaroids where id = $1'
const ownerOnly = "Only the owner of this Moori can edit a polaroid's name and message."
const deletedRow = 'This item has been deleted and can no longer be changed.'

export const polaroidsMatrix: Matrix = {
  subject: 'polaroids',
  notApplicable: [
    {
      actors: ['anon'],
      ops: ['insert', 'update', 'delete'],
      half: 'allowed',
      why: 'signed-out visitors are read-only on walls (spec §6)',
    },
    {
      actors: ['stranger', 'itemOwner'],
      ops: ['update', 'delete'],
      half: 'allowed',
      why: 'they have no polaroid on any wall; owning one is what makes a user the contributor',
    },
  ],
  // prettier-ignore
  cases: [
    // select: polaroids of the walls one can see, tombstones included; the private wall's only for its owner
    { actor: 'anon', op: 'select', case: 'reads polaroids of public walls only', sql: readAll, expect: sees('polaroids', onVisibleWalls) },
    { actor: 'stranger', op: 'select', case: 'reads polaroids of public walls and own private one', sql: readAll, expect: sees('polaroids', [...onVisibleWalls, polaroid.sOnPrivateS]) },
    { actor: 'contributor', op: 'select', case: 'reads polaroids of public walls only', sql: readAll, expect: sees('polaroids', onVisibleWalls) },
    { actor: 'wallOwner', op: 'select', case: 'reads polaroids of public walls and own private one', sql: readAll, expect: sees('polaroids', [...onVisibleWalls, polaroid.wOnPrivate]) },
    { actor: 'itemOwner', op: 'select', case: 'reads polaroids of public walls only', sql: readAll, expect: sees('polaroids', onVisibleWalls) },

    // insert: as oneself, onto an open wall one can see
    { actor: 'anon', op: 'insert', case: 'adds a polaroid to a public wall', sql: insert, params: ['pol_new_1', wall.publicW, C, image(C)], expect: refusedByRls('polaroids', 'pol_new_1') },
    { actor: 'stranger', op: 'insert', case: "adds own polaroid to the owner's public wall", sql: insert, params: ['pol_new_1', wall.publicW, S, image(S)], expect: inserts('polaroids', 'pol_new_1', { created_by: S, username: 'stranger_s' }) },
    { actor: 'stranger', op: 'insert', case: 'forges created_by of the contributor', sql: insert, params: ['pol_new_1', wall.publicW, C, image(S)], expect: refusedByRls('polaroids', 'pol_new_1') },
    { actor: 'stranger', op: 'insert', case: "adds to the owner's private wall", sql: insert, params: ['pol_new_1', wall.privateW, S, image(S)], expect: refusedByRls('polaroids', 'pol_new_1') },
    { actor: 'stranger', op: 'insert', case: 'adds to a deleted wall', sql: insert, params: ['pol_new_1', wall.deletedW, S, image(S)], expect: refusedByRls('polaroids', 'pol_new_1') },
    { actor: 'contributor', op: 'insert', case: 'adds a polaroid, claiming another username', sql: `insert into public.polaroids (id, wall_id, created_by, username, external_url) values ($1, $2, $3, 'owner_w', 'https://example.test/a.jpg')`, params: ['pol_new_1', wall.publicW, C], expect: inserts('polaroids', 'pol_new_1', { created_by: C, username: 'contrib_c' }) },
    { actor: 'contributor', op: 'insert', case: 'forges created_by of the wall owner', sql: insert, params: ['pol_new_1', wall.publicW, W, image(C)], expect: refusedByRls('polaroids', 'pol_new_1') },
    { actor: 'wallOwner', op: 'insert', case: 'adds to own private wall', sql: insert, params: ['pol_new_1', wall.privateW, W, image(W)], expect: inserts('polaroids', 'pol_new_1', { created_by: W, wall_id: wall.privateW }) },
    { actor: 'wallOwner', op: 'insert', case: 'forges created_by of the contributor on own wall', sql: insert, params: ['pol_new_1', wall.publicW, C, image(W)], expect: refusedByRls('polaroids', 'pol_new_1') },
    { actor: 'wallOwner', op: 'insert', case: "adds to the stranger's private wall", sql: insert, params: ['pol_new_1', wall.privateS, W, image(W)], expect: refusedByRls('polaroids', 'pol_new_1') },
    { actor: 'wallOwner', op: 'insert', case: 'adds to own deleted wall', sql: insert, params: ['pol_new_1', wall.deletedW, W, image(W)], expect: refusedByRls('polaroids', 'pol_new_1') },
    { actor: 'itemOwner', op: 'insert', case: "adds own polaroid to the contributor's wall", sql: insert, params: ['pol_new_1', wall.publicC, I, image(I)], expect: inserts('polaroids', 'pol_new_1', { created_by: I }) },
    { actor: 'itemOwner', op: 'insert', case: 'forges created_by of the stranger', sql: insert, params: ['pol_new_1', wall.publicC, S, image(I)], expect: refusedByRls('polaroids', 'pol_new_1') },

    // update: the creator or the wall owner moves; only the wall owner edits name and message
    { actor: 'anon', op: 'update', case: "moves the contributor's polaroid", sql: move, params: [polaroid.cOnW, 10, 20], expect: noRows('polaroids', polaroid.cOnW) },
    { actor: 'stranger', op: 'update', case: "moves someone else's polaroid on someone else's wall", sql: move, params: [polaroid.cOnW, 10, 20], expect: noRows('polaroids', polaroid.cOnW) },
    { actor: 'stranger', op: 'update', case: "renames the owner's polaroid", sql: rename, params: [polaroid.wOnW, 'Mine'], expect: noRows('polaroids', polaroid.wOnW) },
    { actor: 'stranger', op: 'update', case: "moves a polaroid on the owner's private wall", sql: move, params: [polaroid.wOnPrivate, 10, 20], expect: noRows('polaroids', polaroid.wOnPrivate) },
    { actor: 'contributor', op: 'update', case: "moves own polaroid on the owner's wall", sql: move, params: [polaroid.cOnW, 10, 20], expect: updates('polaroids', polaroid.cOnW, { x: 10, y: 20 }) },
    { actor: 'contributor', op: 'update', case: 'renames own polaroid on own wall', sql: rename, params: [polaroid.cOnC, 'Renamed'], expect: updates('polaroids', polaroid.cOnC, { name: 'Renamed' }) },
    { actor: 'contributor', op: 'update', case: "moves the owner's polaroid", sql: move, params: [polaroid.wOnW, 10, 20], expect: noRows('polaroids', polaroid.wOnW) },
    { actor: 'contributor', op: 'update', case: "renames own polaroid on the owner's wall", sql: rename, params: [polaroid.cOnW, 'Renamed'], expect: raises('42501', ownerOnly, 'polaroids', polaroid.cOnW) },
    { actor: 'contributor', op: 'update', case: "edits the message of own polaroid on the owner's wall", sql: 'update public.polaroids set message = $2 where id = $1', params: [polaroid.cOnW, 'New message'], expect: raises('42501', ownerOnly, 'polaroids', polaroid.cOnW) },
    { actor: 'contributor', op: 'update', case: 'moves own deleted polaroid', sql: move, params: [polaroid.cDeleted, 10, 20], expect: raises('P0001', deletedRow, 'polaroids', polaroid.cDeleted) },
    { actor: 'wallOwner', op: 'update', case: "moves the contributor's polaroid on own wall", sql: move, params: [polaroid.cOnW, 10, 20], expect: updates('polaroids', polaroid.cOnW, { x: 10, y: 20 }) },
    { actor: 'wallOwner', op: 'update', case: "edits the contributor's polaroid name and message", sql: 'update public.polaroids set name = $2, message = $3 where id = $1', params: [polaroid.cOnW, 'Better', 'Edited'], expect: updates('polaroids', polaroid.cOnW, { name: 'Better', message: 'Edited' }) },
    { actor: 'wallOwner', op: 'update', case: "moves the contributor's polaroid on the contributor's wall", sql: move, params: [polaroid.cOnC, 10, 20], expect: noRows('polaroids', polaroid.cOnC) },
    { actor: 'wallOwner', op: 'update', case: "takes over the contributor's polaroid (created_by)", sql: 'update public.polaroids set created_by = $2 where id = $1', params: [polaroid.cOnW, W], expect: raises('42501', 'created_by cannot be changed.', 'polaroids', polaroid.cOnW) },
    { actor: 'wallOwner', op: 'update', case: 'moves a polaroid to another wall (wall_id)', sql: 'update public.polaroids set wall_id = $2 where id = $1', params: [polaroid.wOnW, wall.privateW], expect: raises('42501', 'wall_id cannot be changed.', 'polaroids', polaroid.wOnW) },
    { actor: 'itemOwner', op: 'update', case: "moves the contributor's polaroid", sql: move, params: [polaroid.cOnW, 10, 20], expect: noRows('polaroids', polaroid.cOnW) },

    // delete (hard): the creator or the wall owner
    { actor: 'anon', op: 'delete', case: "deletes the contributor's polaroid", sql: remove, params: [polaroid.cOnW], expect: noRows('polaroids', polaroid.cOnW) },
    { actor: 'stranger', op: 'delete', case: "deletes the contributor's polaroid", sql: remove, params: [polaroid.cOnW], expect: noRows('polaroids', polaroid.cOnW) },
    { actor: 'contributor', op: 'delete', case: "deletes own polaroid on the owner's wall", sql: remove, params: [polaroid.cOnW], expect: removes('polaroids', polaroid.cOnW) },
    { actor: 'contributor', op: 'delete', case: "deletes the owner's polaroid", sql: remove, params: [polaroid.wOnW], expect: noRows('polaroids', polaroid.wOnW) },
    { actor: 'wallOwner', op: 'delete', case: "deletes the contributor's polaroid on own wall", sql: remove, params: [polaroid.cOnW], expect: removes('polaroids', polaroid.cOnW) },
    { actor: 'wallOwner', op: 'delete', case: "deletes the contributor's polaroid on the contributor's wall", sql: remove, params: [polaroid.cOnC], expect: noRows('polaroids', polaroid.cOnC) },
    { actor: 'itemOwner', op: 'delete', case: "deletes the owner's polaroid", sql: remove, params: [polaroid.wOnW], expect: noRows('polaroids', polaroid.wOnW) },
  ],
}
