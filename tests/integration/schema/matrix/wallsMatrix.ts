// Who may read and write walls (spec §5, §6): public walls are read by everyone, private ones only by
// their owner; anyone signed in creates walls as themselves; only the owner renames, toggles privacy
// or deletes; contributing to a wall gives no say over the wall itself.
import { ids } from '../support/actors'
import { wall } from '../support/fixtures'
import type { Matrix } from '../support/matrixTypes'
import { inserts, noRows, raises, refusedByRls, removes, sees, updates } from '../support/matrixTypes'
import { selectIdsSql } from '../support/runCase'

const { stranger: S, contributor: C, wallOwner: W, itemOwner: I } = ids
const readAll = selectIdsSql('walls')
const everyonesWalls = [wall.publicW, wall.deletedW, wall.publicC]
const insertWall = 'insert into public.walls (id, name, owner_id, private) values ($1, $2, $3, false)'
const rename = 'update public.walls set name = $2 where id = $1'
const remove = 'delete from public.walls where id = $1'
/** The item owner has no wall in the fixtures; this gives them one for the allowed cases. */
const itemOwnerWall = [
  {
    sql: 'insert into public.walls (id, name, owner_id) values ($1, $2, $3)',
    params: ['wall_setup_i', 'Mine', I],
  },
]

export const wallsMatrix: Matrix = {
  subject: 'walls',
  notApplicable: [
    {
      actors: ['anon'],
      ops: ['insert', 'update', 'delete'],
      half: 'allowed',
      why: 'signed-out visitors are read-only on walls (spec §6)',
    },
  ],
  // prettier-ignore
  cases: [
    // select: public walls (and their tombstones) for all, private ones for their owner only
    { actor: 'anon', op: 'select', case: 'reads public walls only', sql: readAll, expect: sees('walls', everyonesWalls) },
    { actor: 'stranger', op: 'select', case: 'reads public walls and own private one', sql: readAll, expect: sees('walls', [...everyonesWalls, wall.privateS]) },
    { actor: 'contributor', op: 'select', case: 'reads public walls only', sql: readAll, expect: sees('walls', everyonesWalls) },
    { actor: 'wallOwner', op: 'select', case: 'reads public walls and own private one', sql: readAll, expect: sees('walls', [...everyonesWalls, wall.privateW]) },
    { actor: 'itemOwner', op: 'select', case: 'reads public walls only', sql: readAll, expect: sees('walls', everyonesWalls) },

    // insert: as oneself only
    { actor: 'anon', op: 'insert', case: 'creates a wall for the wall owner', sql: insertWall, params: ['wall_new_1', 'New', W], expect: refusedByRls('walls', 'wall_new_1') },
    { actor: 'stranger', op: 'insert', case: 'creates own wall', sql: insertWall, params: ['wall_new_1', 'New', S], expect: inserts('walls', 'wall_new_1', { owner_id: S, name: 'New' }) },
    { actor: 'stranger', op: 'insert', case: 'forges owner_id of the wall owner', sql: insertWall, params: ['wall_new_1', 'New', W], expect: refusedByRls('walls', 'wall_new_1') },
    { actor: 'contributor', op: 'insert', case: 'creates own wall', sql: insertWall, params: ['wall_new_1', 'New', C], expect: inserts('walls', 'wall_new_1', { owner_id: C }) },
    { actor: 'contributor', op: 'insert', case: 'forges owner_id of the wall owner', sql: insertWall, params: ['wall_new_1', 'New', W], expect: refusedByRls('walls', 'wall_new_1') },
    { actor: 'wallOwner', op: 'insert', case: 'creates own wall', sql: insertWall, params: ['wall_new_1', 'New', W], expect: inserts('walls', 'wall_new_1', { owner_id: W }) },
    { actor: 'wallOwner', op: 'insert', case: 'forges owner_id of the contributor', sql: insertWall, params: ['wall_new_1', 'New', C], expect: refusedByRls('walls', 'wall_new_1') },
    { actor: 'itemOwner', op: 'insert', case: 'creates own wall', sql: insertWall, params: ['wall_new_1', 'New', I], expect: inserts('walls', 'wall_new_1', { owner_id: I }) },
    { actor: 'itemOwner', op: 'insert', case: 'forges owner_id of the stranger', sql: insertWall, params: ['wall_new_1', 'New', S], expect: refusedByRls('walls', 'wall_new_1') },

    // update: the owner only; owner_id never changes; a deleted wall never changes
    { actor: 'anon', op: 'update', case: 'renames a public wall', sql: rename, params: [wall.publicW, 'Mine now'], expect: noRows('walls', wall.publicW) },
    { actor: 'stranger', op: 'update', case: 'renames own private wall', sql: rename, params: [wall.privateS, 'Renamed'], expect: updates('walls', wall.privateS, { name: 'Renamed' }) },
    { actor: 'stranger', op: 'update', case: "renames the owner's public wall", sql: rename, params: [wall.publicW, 'Mine now'], expect: noRows('walls', wall.publicW) },
    { actor: 'stranger', op: 'update', case: "makes the owner's public wall private", sql: 'update public.walls set private = true where id = $1', params: [wall.publicW], expect: noRows('walls', wall.publicW) },
    { actor: 'contributor', op: 'update', case: 'describes own wall', sql: 'update public.walls set description = $2 where id = $1', params: [wall.publicC, 'About'], expect: updates('walls', wall.publicC, { description: 'About' }) },
    { actor: 'contributor', op: 'update', case: 'renames the wall they contributed to', sql: rename, params: [wall.publicW, 'Mine now'], expect: noRows('walls', wall.publicW) },
    { actor: 'wallOwner', op: 'update', case: 'renames own wall', sql: rename, params: [wall.publicW, 'Renamed'], expect: updates('walls', wall.publicW, { name: 'Renamed' }) },
    { actor: 'wallOwner', op: 'update', case: 'makes own wall private', sql: 'update public.walls set private = true where id = $1', params: [wall.publicW], expect: updates('walls', wall.publicW, { private: true }) },
    { actor: 'wallOwner', op: 'update', case: "renames the contributor's wall", sql: rename, params: [wall.publicC, 'Mine now'], expect: noRows('walls', wall.publicC) },
    { actor: 'wallOwner', op: 'update', case: "renames the stranger's private wall", sql: rename, params: [wall.privateS, 'Mine now'], expect: noRows('walls', wall.privateS) },
    { actor: 'wallOwner', op: 'update', case: 'gives own wall to the contributor', sql: 'update public.walls set owner_id = $2 where id = $1', params: [wall.publicW, C], expect: raises('42501', 'owner_id cannot be changed.', 'walls', wall.publicW) },
    { actor: 'wallOwner', op: 'update', case: 'renames own deleted wall', sql: rename, params: [wall.deletedW, 'Back'], expect: raises('P0001', 'This item has been deleted and can no longer be changed.', 'walls', wall.deletedW) },
    { actor: 'itemOwner', op: 'update', case: 'renames own wall', setup: itemOwnerWall, sql: rename, params: ['wall_setup_i', 'Renamed'], expect: updates('walls', 'wall_setup_i', { name: 'Renamed' }) },
    { actor: 'itemOwner', op: 'update', case: "renames the owner's public wall", sql: rename, params: [wall.publicW, 'Mine now'], expect: noRows('walls', wall.publicW) },

    // delete (hard): the owner only
    { actor: 'anon', op: 'delete', case: 'deletes a public wall', sql: remove, params: [wall.publicW], expect: noRows('walls', wall.publicW) },
    { actor: 'stranger', op: 'delete', case: 'deletes own private wall', sql: remove, params: [wall.privateS], expect: removes('walls', wall.privateS) },
    { actor: 'stranger', op: 'delete', case: "deletes the owner's public wall", sql: remove, params: [wall.publicW], expect: noRows('walls', wall.publicW) },
    { actor: 'contributor', op: 'delete', case: 'deletes own wall', sql: remove, params: [wall.publicC], expect: removes('walls', wall.publicC) },
    { actor: 'contributor', op: 'delete', case: 'deletes the wall they contributed to', sql: remove, params: [wall.publicW], expect: noRows('walls', wall.publicW) },
    { actor: 'wallOwner', op: 'delete', case: 'deletes own wall', sql: remove, params: [wall.publicW], expect: removes('walls', wall.publicW) },
    { actor: 'wallOwner', op: 'delete', case: "deletes the contributor's wall", sql: remove, params: [wall.publicC], expect: noRows('walls', wall.publicC) },
    { actor: 'wallOwner', op: 'delete', case: "deletes the stranger's private wall", sql: remove, params: [wall.privateS], expect: noRows('walls', wall.privateS) },
    { actor: 'itemOwner', op: 'delete', case: 'deletes own wall', setup: itemOwnerWall, sql: remove, params: ['wall_setup_i'], expect: removes('walls', 'wall_setup_i') },
    { actor: 'itemOwner', op: 'delete', case: "deletes the owner's public wall", sql: remove, params: [wall.publicW], expect: noRows('walls', wall.publicW) },
  ],
}
