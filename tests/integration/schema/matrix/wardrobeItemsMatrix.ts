// Who may read and write wardrobe items (spec §3, §6): one's own items plus public ones are readable;
// only the owner adds, edits, shows/hides (is_public) or removes an item, and it never changes hands.
import { ids } from '../support/actors'
import { item, objectKey } from '../support/fixtures'
import type { Matrix } from '../support/matrixTypes'
import { inserts, noRows, raises, refusedByRls, removes, sees, updates } from '../support/matrixTypes'
import { selectIdsSql } from '../support/runCase'

const { stranger: S, contributor: C, wallOwner: W, itemOwner: I } = ids
const readAll = selectIdsSql('wardrobe_items')
const publicItems = [item.cPublic, item.iPublic]
const insert = `insert into public.wardrobe_items (id, user_id, image_path, name) values ($1, $2, $3, 'New')`
const image = (owner: string) => objectKey('wardrobe-images', owner, 'new.jpg')
const flip = 'update public.wardrobe_items set is_public = not is_public where id = $1'
const remove = 'delete from public.wardrobe_items where id = $1'
/** The stranger has no wardrobe in the fixtures; this gives them one item for the allowed cases. */
const strangerItem = [
  {
    sql: 'insert into public.wardrobe_items (id, user_id, image_path) values ($1, $2, $3)',
    params: ['item_s_setup', S, objectKey('wardrobe-images', S, 'own.jpg')],
  },
]

export const wardrobeItemsMatrix: Matrix = {
  subject: 'wardrobe_items',
  notApplicable: [
    {
      actors: ['anon'],
      ops: ['insert', 'update', 'delete'],
      half: 'allowed',
      why: "wardrobe writes need a signed-in user ('User must be authenticated', spec §5)",
    },
  ],
  // prettier-ignore
  cases: [
    // select: own items plus public ones
    { actor: 'anon', op: 'select', case: 'reads public items only', sql: readAll, expect: sees('wardrobe_items', publicItems) },
    { actor: 'stranger', op: 'select', case: 'reads public items only', sql: readAll, expect: sees('wardrobe_items', publicItems) },
    { actor: 'contributor', op: 'select', case: 'reads public items (own included)', sql: readAll, expect: sees('wardrobe_items', publicItems) },
    { actor: 'wallOwner', op: 'select', case: 'reads public items and own private one', sql: readAll, expect: sees('wardrobe_items', [...publicItems, item.wPrivate]) },
    { actor: 'itemOwner', op: 'select', case: 'reads public items and own private ones', sql: readAll, expect: sees('wardrobe_items', [...publicItems, item.iPrivate, item.iStuck]) },

    // insert: into one's own wardrobe only
    { actor: 'anon', op: 'insert', case: "adds an item to the item owner's wardrobe", sql: insert, params: ['item_new_1', I, image(I)], expect: refusedByRls('wardrobe_items', 'item_new_1') },
    { actor: 'stranger', op: 'insert', case: 'adds an item to own wardrobe', sql: insert, params: ['item_new_1', S, image(S)], expect: inserts('wardrobe_items', 'item_new_1', { user_id: S, is_public: false }) },
    { actor: 'stranger', op: 'insert', case: 'forges user_id of the item owner', sql: insert, params: ['item_new_1', I, image(I)], expect: refusedByRls('wardrobe_items', 'item_new_1') },
    { actor: 'contributor', op: 'insert', case: 'adds an item to own wardrobe', sql: insert, params: ['item_new_1', C, image(C)], expect: inserts('wardrobe_items', 'item_new_1', { user_id: C }) },
    { actor: 'contributor', op: 'insert', case: 'forges user_id of the item owner', sql: insert, params: ['item_new_1', I, image(I)], expect: refusedByRls('wardrobe_items', 'item_new_1') },
    { actor: 'wallOwner', op: 'insert', case: 'adds an item to own wardrobe', sql: insert, params: ['item_new_1', W, image(W)], expect: inserts('wardrobe_items', 'item_new_1', { user_id: W }) },
    { actor: 'wallOwner', op: 'insert', case: 'forges user_id of the contributor', sql: insert, params: ['item_new_1', C, image(C)], expect: refusedByRls('wardrobe_items', 'item_new_1') },
    { actor: 'itemOwner', op: 'insert', case: 'adds an item to own wardrobe', sql: insert, params: ['item_new_1', I, image(I)], expect: inserts('wardrobe_items', 'item_new_1', { user_id: I }) },
    { actor: 'itemOwner', op: 'insert', case: 'forges user_id of the stranger', sql: insert, params: ['item_new_1', S, image(S)], expect: refusedByRls('wardrobe_items', 'item_new_1') },

    // update: the owner only (the eye button flips is_public)
    { actor: 'anon', op: 'update', case: "hides the item owner's public item", sql: flip, params: [item.iPublic], expect: noRows('wardrobe_items', item.iPublic) },
    { actor: 'stranger', op: 'update', case: 'makes own item public', setup: strangerItem, sql: flip, params: ['item_s_setup'], expect: updates('wardrobe_items', 'item_s_setup', { is_public: true }) },
    { actor: 'stranger', op: 'update', case: "hides the item owner's public item", sql: flip, params: [item.iPublic], expect: noRows('wardrobe_items', item.iPublic) },
    { actor: 'contributor', op: 'update', case: 'hides own public item', sql: flip, params: [item.cPublic], expect: updates('wardrobe_items', item.cPublic, { is_public: false }) },
    { actor: 'contributor', op: 'update', case: "hides the item owner's public item", sql: flip, params: [item.iPublic], expect: noRows('wardrobe_items', item.iPublic) },
    { actor: 'wallOwner', op: 'update', case: 'makes own private item public', sql: flip, params: [item.wPrivate], expect: updates('wardrobe_items', item.wPrivate, { is_public: true }) },
    { actor: 'wallOwner', op: 'update', case: "publishes the item owner's private item", sql: flip, params: [item.iPrivate], expect: noRows('wardrobe_items', item.iPrivate) },
    { actor: 'wallOwner', op: 'update', case: 'gives own item to the item owner (user_id)', sql: 'update public.wardrobe_items set user_id = $2 where id = $1', params: [item.wPrivate, I], expect: raises('42501', 'user_id cannot be changed.', 'wardrobe_items', item.wPrivate) },
    { actor: 'itemOwner', op: 'update', case: 'makes own private item public', sql: flip, params: [item.iPrivate], expect: updates('wardrobe_items', item.iPrivate, { is_public: true }) },
    { actor: 'itemOwner', op: 'update', case: "hides the contributor's public item", sql: flip, params: [item.cPublic], expect: noRows('wardrobe_items', item.cPublic) },

    // delete (hard): the owner only
    { actor: 'anon', op: 'delete', case: 'removes a public item', sql: remove, params: [item.iPublic], expect: noRows('wardrobe_items', item.iPublic) },
    { actor: 'stranger', op: 'delete', case: 'removes own item', setup: strangerItem, sql: remove, params: ['item_s_setup'], expect: removes('wardrobe_items', 'item_s_setup') },
    { actor: 'stranger', op: 'delete', case: "removes the item owner's public item", sql: remove, params: [item.iPublic], expect: noRows('wardrobe_items', item.iPublic) },
    { actor: 'contributor', op: 'delete', case: 'removes own item', sql: remove, params: [item.cPublic], expect: removes('wardrobe_items', item.cPublic) },
    { actor: 'contributor', op: 'delete', case: "removes the item owner's public item", sql: remove, params: [item.iPublic], expect: noRows('wardrobe_items', item.iPublic) },
    { actor: 'wallOwner', op: 'delete', case: 'removes own item', sql: remove, params: [item.wPrivate], expect: removes('wardrobe_items', item.wPrivate) },
    { actor: 'wallOwner', op: 'delete', case: "removes the item owner's private item", sql: remove, params: [item.iPrivate], expect: noRows('wardrobe_items', item.iPrivate) },
    { actor: 'itemOwner', op: 'delete', case: 'removes own item', sql: remove, params: [item.iPrivate], expect: removes('wardrobe_items', item.iPrivate) },
    { actor: 'itemOwner', op: 'delete', case: "removes the contributor's public item", sql: remove, params: [item.cPublic], expect: noRows('wardrobe_items', item.cPublic) },
  ],
}
