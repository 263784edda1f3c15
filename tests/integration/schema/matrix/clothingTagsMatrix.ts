// Who may read and write clothing tags (spec §3, §5): a tag is visible when its item is (so tags of
// private items stay hidden from everyone else) and is written only by the item's owner.
import { ids } from '../support/actors'
import { item, objectKey, tag } from '../support/fixtures'
import type { Matrix } from '../support/matrixTypes'
import { inserts, noRows, raises, refusedByRls, removes, sees, updates } from '../support/matrixTypes'
import { selectIdsSql } from '../support/runCase'

const { stranger: S } = ids
const readAll = selectIdsSql('clothing_tags')
const tagsOfPublicItems = [tag.cPublic, tag.iPublic]
const insert = `insert into public.clothing_tags (id, wardrobe_item_id, tag_type, tag_value) values ($1, $2, 'color', 'blue')`
const retag = 'update public.clothing_tags set tag_value = $2 where id = $1'
const remove = 'delete from public.clothing_tags where id = $1'
/** The stranger has no wardrobe in the fixtures; this gives them one tagged item. */
const strangerItem = [
  {
    sql: 'insert into public.wardrobe_items (id, user_id, image_path) values ($1, $2, $3)',
    params: ['item_s_setup', S, objectKey('wardrobe-images', S, 'own.jpg')],
  },
  {
    sql: `insert into public.clothing_tags (id, wardrobe_item_id, tag_type, tag_value) values ($1, $2, 'style', 'casual')`,
    params: ['tag_s_setup', 'item_s_setup'],
  },
]
const deleteItem = (id: string) => [
  { sql: 'update public.wardrobe_items set deleted_at = now() where id = $1', params: [id] },
]

export const clothingTagsMatrix: Matrix = {
  subject: 'clothing_tags',
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
    // select: tags of items one can see
    { actor: 'anon', op: 'select', case: 'reads tags of public items only', sql: readAll, expect: sees('clothing_tags', tagsOfPublicItems) },
    { actor: 'stranger', op: 'select', case: 'reads tags of public items only', sql: readAll, expect: sees('clothing_tags', tagsOfPublicItems) },
    { actor: 'contributor', op: 'select', case: 'reads tags of public items only', sql: readAll, expect: sees('clothing_tags', tagsOfPublicItems) },
    { actor: 'wallOwner', op: 'select', case: 'reads tags of public items and own private item', sql: readAll, expect: sees('clothing_tags', [...tagsOfPublicItems, tag.wPrivate]) },
    { actor: 'itemOwner', op: 'select', case: 'reads tags of public items and own private item', sql: readAll, expect: sees('clothing_tags', [...tagsOfPublicItems, tag.iPrivate]) },

    // insert: on one's own (live) items only
    { actor: 'anon', op: 'insert', case: 'tags a public item', sql: insert, params: ['tag_new_1', item.iPublic], expect: refusedByRls('clothing_tags', 'tag_new_1') },
    { actor: 'stranger', op: 'insert', case: 'tags own item', setup: strangerItem, sql: insert, params: ['tag_new_1', 'item_s_setup'], expect: inserts('clothing_tags', 'tag_new_1', { wardrobe_item_id: 'item_s_setup', tag_value: 'blue' }) },
    { actor: 'stranger', op: 'insert', case: "tags the item owner's public item", sql: insert, params: ['tag_new_1', item.iPublic], expect: refusedByRls('clothing_tags', 'tag_new_1') },
    { actor: 'contributor', op: 'insert', case: 'tags own item', sql: insert, params: ['tag_new_1', item.cPublic], expect: inserts('clothing_tags', 'tag_new_1', { wardrobe_item_id: item.cPublic }) },
    { actor: 'contributor', op: 'insert', case: "tags the item owner's public item", sql: insert, params: ['tag_new_1', item.iPublic], expect: refusedByRls('clothing_tags', 'tag_new_1') },
    { actor: 'wallOwner', op: 'insert', case: 'tags own private item', sql: insert, params: ['tag_new_1', item.wPrivate], expect: inserts('clothing_tags', 'tag_new_1', { wardrobe_item_id: item.wPrivate }) },
    { actor: 'wallOwner', op: 'insert', case: "tags the item owner's private item", sql: insert, params: ['tag_new_1', item.iPrivate], expect: refusedByRls('clothing_tags', 'tag_new_1') },
    { actor: 'itemOwner', op: 'insert', case: 'tags own private item', sql: insert, params: ['tag_new_1', item.iPrivate], expect: inserts('clothing_tags', 'tag_new_1', { wardrobe_item_id: item.iPrivate }) },
    { actor: 'itemOwner', op: 'insert', case: "tags the contributor's public item", sql: insert, params: ['tag_new_1', item.cPublic], expect: refusedByRls('clothing_tags', 'tag_new_1') },
    { actor: 'itemOwner', op: 'insert', case: 'tags own deleted item', setup: deleteItem(item.iPrivate), sql: insert, params: ['tag_new_1', item.iPrivate], expect: refusedByRls('clothing_tags', 'tag_new_1') },

    // update: the item owner only; a tag never moves to another item
    { actor: 'anon', op: 'update', case: 'retags a public item', sql: retag, params: [tag.iPublic, 'hacked'], expect: noRows('clothing_tags', tag.iPublic) },
    { actor: 'stranger', op: 'update', case: 'retags own item', setup: strangerItem, sql: retag, params: ['tag_s_setup', 'formal'], expect: updates('clothing_tags', 'tag_s_setup', { tag_value: 'formal' }) },
    { actor: 'stranger', op: 'update', case: "retags the item owner's public item", sql: retag, params: [tag.iPublic, 'hacked'], expect: noRows('clothing_tags', tag.iPublic) },
    { actor: 'contributor', op: 'update', case: 'retags own item', sql: retag, params: [tag.cPublic, 'outerwear'], expect: updates('clothing_tags', tag.cPublic, { tag_value: 'outerwear' }) },
    { actor: 'contributor', op: 'update', case: "retags the item owner's public item", sql: retag, params: [tag.iPublic, 'hacked'], expect: noRows('clothing_tags', tag.iPublic) },
    { actor: 'wallOwner', op: 'update', case: 'verifies own tag', sql: 'update public.clothing_tags set is_verified = true where id = $1', params: [tag.wPrivate], expect: updates('clothing_tags', tag.wPrivate, { is_verified: true }) },
    { actor: 'wallOwner', op: 'update', case: "retags the item owner's private item", sql: retag, params: [tag.iPrivate, 'hacked'], expect: noRows('clothing_tags', tag.iPrivate) },
    { actor: 'wallOwner', op: 'update', case: "moves own tag onto the item owner's public item", sql: 'update public.clothing_tags set wardrobe_item_id = $2 where id = $1', params: [tag.wPrivate, item.iPublic], expect: raises('42501', 'wardrobe_item_id cannot be changed.', 'clothing_tags', tag.wPrivate) },
    { actor: 'itemOwner', op: 'update', case: 'retags own private item', sql: retag, params: [tag.iPrivate, 'green'], expect: updates('clothing_tags', tag.iPrivate, { tag_value: 'green' }) },
    { actor: 'itemOwner', op: 'update', case: "retags the contributor's public item", sql: retag, params: [tag.cPublic, 'hacked'], expect: noRows('clothing_tags', tag.cPublic) },

    // delete (hard): the item owner only
    { actor: 'anon', op: 'delete', case: 'removes a tag of a public item', sql: remove, params: [tag.iPublic], expect: noRows('clothing_tags', tag.iPublic) },
    { actor: 'stranger', op: 'delete', case: 'removes a tag of own item', setup: strangerItem, sql: remove, params: ['tag_s_setup'], expect: removes('clothing_tags', 'tag_s_setup') },
    { actor: 'stranger', op: 'delete', case: "removes a tag of the item owner's public item", sql: remove, params: [tag.iPublic], expect: noRows('clothing_tags', tag.iPublic) },
    { actor: 'contributor', op: 'delete', case: 'removes a tag of own item', sql: remove, params: [tag.cPublic], expect: removes('clothing_tags', tag.cPublic) },
    { actor: 'contributor', op: 'delete', case: "removes a tag of the item owner's public item", sql: remove, params: [tag.iPublic], expect: noRows('clothing_tags', tag.iPublic) },
    { actor: 'wallOwner', op: 'delete', case: 'removes a tag of own item', sql: remove, params: [tag.wPrivate], expect: removes('clothing_tags', tag.wPrivate) },
    { actor: 'wallOwner', op: 'delete', case: "removes a tag of the item owner's private item", sql: remove, params: [tag.iPrivate], expect: noRows('clothing_tags', tag.iPrivate) },
    { actor: 'itemOwner', op: 'delete', case: 'removes a tag of own item', sql: remove, params: [tag.iPrivate], expect: removes('clothing_tags', tag.iPrivate) },
    { actor: 'itemOwner', op: 'delete', case: "removes a tag of the contributor's public item", sql: remove, params: [tag.cPublic], expect: noRows('clothing_tags', tag.cPublic) },
  ],
}
