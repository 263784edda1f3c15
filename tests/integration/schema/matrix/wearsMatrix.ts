// Who may read and write wears (issue 41): a wear is its owner's alone, whatever the item's visibility.
// The owner reads, records (on their own live items only) and moves or soft-deletes their wears;
// nobody reads or writes anyone else's; signed-out visitors have no privileges on the table at all;
// and no API user hard-deletes a wear (removal is a soft delete the owner's other devices hear of).
import { expect } from 'vitest'
import { ids } from '../support/actors'
import { diaryDay, item, objectKey, wear } from '../support/fixtures'
import type { Matrix } from '../support/matrixTypes'
import { inserts, noRows, raises, refusedByRls, sees, updates } from '../support/matrixTypes'
import { selectIdsSql } from '../support/runCase'

const { stranger: S, contributor: C, wallOwner: W, itemOwner: I } = ids
const readAll = selectIdsSql('wears')
const insert = `insert into public.wears (id, user_id, item_id, worn_on) values ($1, $2, $3, '${diaryDay}')`
const move = 'update public.wears set worn_on = $2 where id = $1'
const remove = 'delete from public.wears where id = $1'
const denied = 'permission denied for table wears'
const gone = 'This item no longer exists.'
const notOwn = 'You can only do this with your own items.'
/** The stranger has no wardrobe in the fixtures; this gives them one item worn once. */
const strangerWear = [
  {
    sql: 'insert into public.wardrobe_items (id, user_id, image_path) values ($1, $2, $3)',
    params: ['item_s_setup', S, objectKey('wardrobe-images', S, 'own.jpg')],
  },
  {
    sql: `insert into public.wears (id, user_id, item_id, worn_on) values ($1, $2, $3, '${diaryDay}')`,
    params: ['wear_s_setup', S, 'item_s_setup'],
  },
]
const deleteItem = (id: string) => [
  { sql: 'update public.wardrobe_items set deleted_at = now() where id = $1', params: [id] },
]

export const wearsMatrix: Matrix = {
  subject: 'wears',
  notApplicable: [
    {
      actors: ['anon'],
      ops: ['select', 'insert', 'update', 'delete'],
      half: 'allowed',
      why: 'the wear diary is private: signed-out visitors have no privileges on the table',
    },
    {
      actors: ['stranger', 'contributor', 'wallOwner', 'itemOwner'],
      ops: ['delete'],
      half: 'allowed',
      why: 'nobody hard-deletes a wear over the API: removing one is a soft delete (an update of deleted_at)',
    },
  ],
  // prettier-ignore
  cases: [
    // select: own wears only, even of public items
    { actor: 'anon', op: 'select', case: 'reads wears', sql: readAll, expect: raises('42501', denied, 'wears', wear.iPublic) },
    { actor: 'stranger', op: 'select', case: 'reads own wear only', setup: strangerWear, sql: readAll, expect: sees('wears', ['wear_s_setup']) },
    { actor: 'contributor', op: 'select', case: 'reads own wear only', sql: readAll, expect: sees('wears', [wear.cPublic]) },
    { actor: 'wallOwner', op: 'select', case: 'reads own wear only', sql: readAll, expect: sees('wears', [wear.wPrivate]) },
    { actor: 'itemOwner', op: 'select', case: 'reads own wears only', sql: readAll, expect: sees('wears', [wear.iPublic, wear.iPrivate]) },

    // insert: of one's own live items only
    { actor: 'anon', op: 'insert', case: "records a wear of the item owner's public item", sql: insert, params: ['wear_new_1', I, item.iPublic], expect: raises('42501', denied, 'wears', 'wear_new_1') },
    { actor: 'stranger', op: 'insert', case: 'records a wear of own item', setup: strangerWear, sql: insert, params: ['wear_new_1', S, 'item_s_setup'], expect: inserts('wears', 'wear_new_1', { user_id: S, item_id: 'item_s_setup', source: 'hand' }) },
    { actor: 'stranger', op: 'insert', case: "forges user_id of the item owner on their public item", sql: insert, params: ['wear_new_1', I, item.iPublic], expect: refusedByRls('wears', 'wear_new_1') },
    { actor: 'contributor', op: 'insert', case: 'records a wear of own item', sql: insert, params: ['wear_new_1', C, item.cPublic], expect: inserts('wears', 'wear_new_1', { user_id: C, item_id: item.cPublic }) },
    { actor: 'contributor', op: 'insert', case: "records own wear of the item owner's public item", sql: insert, params: ['wear_new_1', C, item.iPublic], expect: raises('42501', notOwn, 'wears', 'wear_new_1') },
    { actor: 'wallOwner', op: 'insert', case: 'records a wear of own private item', sql: insert, params: ['wear_new_1', W, item.wPrivate], expect: inserts('wears', 'wear_new_1', { user_id: W, item_id: item.wPrivate }) },
    { actor: 'wallOwner', op: 'insert', case: "records own wear of the item owner's private item (hidden)", sql: insert, params: ['wear_new_1', W, item.iPrivate], expect: raises('P0001', gone, 'wears', 'wear_new_1') },
    { actor: 'itemOwner', op: 'insert', case: 'records a wear of own private item', sql: insert, params: ['wear_new_1', I, item.iPrivate], expect: inserts('wears', 'wear_new_1', { user_id: I, item_id: item.iPrivate, worn_on: diaryDay }) },
    { actor: 'itemOwner', op: 'insert', case: "records own wear of the contributor's public item", sql: insert, params: ['wear_new_1', I, item.cPublic], expect: raises('42501', notOwn, 'wears', 'wear_new_1') },
    { actor: 'itemOwner', op: 'insert', case: 'records a wear of own deleted item', setup: deleteItem(item.iPrivate), sql: insert, params: ['wear_new_1', I, item.iPrivate], expect: raises('P0001', gone, 'wears', 'wear_new_1') },
    { actor: 'itemOwner', op: 'insert', case: 'records a wear a week ahead', sql: `insert into public.wears (id, user_id, item_id, worn_on) values ($1, $2, $3, current_date + 7)`, params: ['wear_new_1', I, item.iPrivate], expect: raises('23514', 'A wear cannot be on a day that has not come yet.', 'wears', 'wear_new_1') },

    // update: the owner moves or removes own wears; a wear never changes hands or items
    { actor: 'anon', op: 'update', case: "moves the item owner's wear", sql: move, params: [wear.iPublic, '2026-01-01'], expect: raises('42501', denied, 'wears', wear.iPublic) },
    { actor: 'stranger', op: 'update', case: 'moves own wear', setup: strangerWear, sql: move, params: ['wear_s_setup', '2026-01-01'], expect: updates('wears', 'wear_s_setup', { worn_on: '2026-01-01' }) },
    { actor: 'stranger', op: 'update', case: "moves the item owner's wear of a public item", sql: move, params: [wear.iPublic, '2026-01-01'], expect: noRows('wears', wear.iPublic) },
    { actor: 'contributor', op: 'update', case: 'moves own wear', sql: move, params: [wear.cPublic, '2026-01-01'], expect: updates('wears', wear.cPublic, { worn_on: '2026-01-01' }) },
    { actor: 'contributor', op: 'update', case: "moves the item owner's wear of a public item", sql: move, params: [wear.iPublic, '2026-01-01'], expect: noRows('wears', wear.iPublic) },
    { actor: 'wallOwner', op: 'update', case: 'moves own wear', sql: move, params: [wear.wPrivate, '2026-01-01'], expect: updates('wears', wear.wPrivate, { worn_on: '2026-01-01' }) },
    { actor: 'wallOwner', op: 'update', case: "moves the item owner's wear of a private item", sql: move, params: [wear.iPrivate, '2026-01-01'], expect: noRows('wears', wear.iPrivate) },
    { actor: 'wallOwner', op: 'update', case: "moves own wear onto the item owner's public item (item_id)", sql: 'update public.wears set item_id = $2 where id = $1', params: [wear.wPrivate, item.iPublic], expect: raises('42501', 'item_id cannot be changed.', 'wears', wear.wPrivate) },
    { actor: 'itemOwner', op: 'update', case: 'removes own wear (soft delete)', sql: 'update public.wears set deleted_at = now() where id = $1', params: [wear.iPrivate], expect: updates('wears', wear.iPrivate, { deleted_at: expect.anything() }) },
    { actor: 'itemOwner', op: 'update', case: "removes the wall owner's wear (soft delete)", sql: 'update public.wears set deleted_at = now() where id = $1', params: [wear.wPrivate], expect: noRows('wears', wear.wPrivate) },
    { actor: 'itemOwner', op: 'update', case: 'gives own wear to the stranger (user_id)', sql: 'update public.wears set user_id = $2 where id = $1', params: [wear.iPublic, S], expect: raises('42501', 'user_id cannot be changed.', 'wears', wear.iPublic) },

    // delete (hard): nobody, not even the owner
    { actor: 'anon', op: 'delete', case: "removes the item owner's wear", sql: remove, params: [wear.iPublic], expect: raises('42501', denied, 'wears', wear.iPublic) },
    { actor: 'stranger', op: 'delete', case: 'removes own wear', setup: strangerWear, sql: remove, params: ['wear_s_setup'], expect: noRows('wears', 'wear_s_setup') },
    { actor: 'stranger', op: 'delete', case: "removes the item owner's wear", sql: remove, params: [wear.iPublic], expect: noRows('wears', wear.iPublic) },
    { actor: 'contributor', op: 'delete', case: 'removes own wear', sql: remove, params: [wear.cPublic], expect: noRows('wears', wear.cPublic) },
    { actor: 'wallOwner', op: 'delete', case: 'removes own wear', sql: remove, params: [wear.wPrivate], expect: noRows('wears', wear.wPrivate) },
    { actor: 'wallOwner', op: 'delete', case: "removes the item owner's wear", sql: remove, params: [wear.iPrivate], expect: noRows('wears', wear.iPrivate) },
    { actor: 'itemOwner', op: 'delete', case: 'removes own wear', sql: remove, params: [wear.iPublic], expect: noRows('wears', wear.iPublic) },
  ],
}
