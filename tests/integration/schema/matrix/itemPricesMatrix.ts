// Who may read and write item prices (issue 41): a price is its owner's alone, even on a public item.
// The owner reads, sets (on their own live items only), changes and clears their prices; nobody reads
// or writes anyone else's; signed-out visitors have no privileges on the table at all; and no API user
// hard-deletes a price (clearing sets amount and currency to null).
import { ids } from '../support/actors'
import { item, objectKey, price } from '../support/fixtures'
import type { Matrix } from '../support/matrixTypes'
import { inserts, noRows, raises, refusedByRls, sees, updates } from '../support/matrixTypes'
import { selectIdsSql } from '../support/runCase'

const { stranger: S, contributor: C, wallOwner: W, itemOwner: I } = ids
const readAll = selectIdsSql('item_prices')
const insert = `insert into public.item_prices (id, user_id, amount, currency) values ($1, $2, 10, 'EUR')`
const reprice = 'update public.item_prices set amount = $2 where id = $1'
const remove = 'delete from public.item_prices where id = $1'
const denied = 'permission denied for table item_prices'
const gone = 'This item no longer exists.'
const notOwn = 'You can only do this with your own items.'
/** A new item of `owner`'s (nobody but the item owner has an unpriced item in the fixtures). */
const newItem = (id: string, owner: string) => ({
  sql: 'insert into public.wardrobe_items (id, user_id, image_path) values ($1, $2, $3)',
  params: [id, owner, objectKey('wardrobe-images', owner, `${id}.jpg`)],
})
const priced = (id: string, owner: string) => ({ sql: insert, params: [id, owner] })
const strangerPrice = [newItem('item_s_setup', S), priced('item_s_setup', S)]
const contributorPrice = [priced(item.cPublic, C)]
const deleteItem = (id: string) => [
  { sql: 'update public.wardrobe_items set deleted_at = now() where id = $1', params: [id] },
]

export const itemPricesMatrix: Matrix = {
  subject: 'item_prices',
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
      why: 'nobody hard-deletes a price over the API: clearing sets amount and currency to null',
    },
  ],
  // prettier-ignore
  cases: [
    // select: own prices only, even of public items
    { actor: 'anon', op: 'select', case: 'reads prices', sql: readAll, expect: raises('42501', denied, 'item_prices', price.iPublic) },
    { actor: 'stranger', op: 'select', case: 'reads own price only', setup: strangerPrice, sql: readAll, expect: sees('item_prices', ['item_s_setup']) },
    { actor: 'contributor', op: 'select', case: 'reads own price only', setup: contributorPrice, sql: readAll, expect: sees('item_prices', [item.cPublic]) },
    { actor: 'wallOwner', op: 'select', case: 'reads own price only', sql: readAll, expect: sees('item_prices', [price.wPrivate]) },
    { actor: 'itemOwner', op: 'select', case: 'reads own price of a public item only', sql: readAll, expect: sees('item_prices', [price.iPublic]) },

    // insert: on one's own live items only
    { actor: 'anon', op: 'insert', case: "prices the item owner's private item", sql: insert, params: [item.iPrivate, I], expect: raises('42501', denied, 'item_prices', item.iPrivate) },
    { actor: 'stranger', op: 'insert', case: 'prices own item', setup: [newItem('item_s_setup', S)], sql: insert, params: ['item_s_setup', S], expect: inserts('item_prices', 'item_s_setup', { user_id: S, amount: 10, currency: 'EUR' }) },
    { actor: 'stranger', op: 'insert', case: "forges user_id of the contributor on their public item", sql: insert, params: [item.cPublic, C], expect: refusedByRls('item_prices', item.cPublic) },
    { actor: 'contributor', op: 'insert', case: 'prices own public item', sql: insert, params: [item.cPublic, C], expect: inserts('item_prices', item.cPublic, { user_id: C }) },
    { actor: 'contributor', op: 'insert', case: "prices the item owner's unpriced item as own (hidden)", sql: insert, params: [item.iStuck, C], expect: raises('P0001', gone, 'item_prices', item.iStuck) },
    { actor: 'wallOwner', op: 'insert', case: 'prices own new item', setup: [newItem('item_w_setup', W)], sql: insert, params: ['item_w_setup', W], expect: inserts('item_prices', 'item_w_setup', { user_id: W }) },
    { actor: 'wallOwner', op: 'insert', case: "prices the contributor's public item as own", sql: insert, params: [item.cPublic, W], expect: raises('42501', notOwn, 'item_prices', item.cPublic) },
    { actor: 'itemOwner', op: 'insert', case: 'prices own private item', sql: insert, params: [item.iPrivate, I], expect: inserts('item_prices', item.iPrivate, { user_id: I, amount: 10 }) },
    { actor: 'itemOwner', op: 'insert', case: 'prices own deleted item', setup: deleteItem(item.iPrivate), sql: insert, params: [item.iPrivate, I], expect: raises('P0001', gone, 'item_prices', item.iPrivate) },

    // update: the owner changes or clears own prices; a price never changes hands
    { actor: 'anon', op: 'update', case: "reprices the item owner's public item", sql: reprice, params: [price.iPublic, 1], expect: raises('42501', denied, 'item_prices', price.iPublic) },
    { actor: 'stranger', op: 'update', case: 'reprices own item', setup: strangerPrice, sql: reprice, params: ['item_s_setup', 12], expect: updates('item_prices', 'item_s_setup', { amount: 12 }) },
    { actor: 'stranger', op: 'update', case: "reprices the item owner's public item", sql: reprice, params: [price.iPublic, 1], expect: noRows('item_prices', price.iPublic) },
    { actor: 'contributor', op: 'update', case: 'reprices own item', setup: contributorPrice, sql: reprice, params: [item.cPublic, 12], expect: updates('item_prices', item.cPublic, { amount: 12 }) },
    { actor: 'contributor', op: 'update', case: "reprices the wall owner's item", sql: reprice, params: [price.wPrivate, 1], expect: noRows('item_prices', price.wPrivate) },
    { actor: 'wallOwner', op: 'update', case: 'reprices own item', sql: reprice, params: [price.wPrivate, 45], expect: updates('item_prices', price.wPrivate, { amount: 45 }) },
    { actor: 'wallOwner', op: 'update', case: "reprices the item owner's public item", sql: reprice, params: [price.iPublic, 1], expect: noRows('item_prices', price.iPublic) },
    { actor: 'itemOwner', op: 'update', case: 'clears own price', sql: 'update public.item_prices set amount = null, currency = null where id = $1', params: [price.iPublic], expect: updates('item_prices', price.iPublic, { amount: null, currency: null }) },
    { actor: 'itemOwner', op: 'update', case: "reprices the wall owner's item", sql: reprice, params: [price.wPrivate, 1], expect: noRows('item_prices', price.wPrivate) },
    { actor: 'itemOwner', op: 'update', case: 'gives own price to the stranger (user_id)', sql: 'update public.item_prices set user_id = $2 where id = $1', params: [price.iPublic, S], expect: raises('42501', 'user_id cannot be changed.', 'item_prices', price.iPublic) },

    // delete (hard): nobody, not even the owner
    { actor: 'anon', op: 'delete', case: "removes the item owner's price", sql: remove, params: [price.iPublic], expect: raises('42501', denied, 'item_prices', price.iPublic) },
    { actor: 'stranger', op: 'delete', case: 'removes own price', setup: strangerPrice, sql: remove, params: ['item_s_setup'], expect: noRows('item_prices', 'item_s_setup') },
    { actor: 'stranger', op: 'delete', case: "removes the item owner's price", sql: remove, params: [price.iPublic], expect: noRows('item_prices', price.iPublic) },
    { actor: 'contributor', op: 'delete', case: "removes the item owner's price", sql: remove, params: [price.iPublic], expect: noRows('item_prices', price.iPublic) },
    { actor: 'wallOwner', op: 'delete', case: 'removes own price', sql: remove, params: [price.wPrivate], expect: noRows('item_prices', price.wPrivate) },
    { actor: 'itemOwner', op: 'delete', case: 'removes own price', sql: remove, params: [price.iPublic], expect: noRows('item_prices', price.iPublic) },
  ],
}
