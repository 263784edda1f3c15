// Who may read and write storage objects (spec §9, DESIGN §3): polaroid images are public; private
// wardrobe images are readable by their owner, and by others only while stuck on a wall they can see
// or while their wardrobe item is public; everyone writes only inside their own user-id folder.
import { ids } from '../support/actors'
import { object, objectKey } from '../support/fixtures'
import type { Matrix } from '../support/matrixTypes'
import { inserts, noRows, refusedByRls, removes, sees, updates } from '../support/matrixTypes'
import { selectIdsSql } from '../support/runCase'

const { stranger: S, contributor: C, wallOwner: W, itemOwner: I } = ids
const readAll = selectIdsSql('storage.objects')
/** Readable by everyone: the public bucket, public items, and cut-outs stuck on public walls. */
const shared = [object.polaroidW, object.publicItemI, object.stuckI, object.stickerW, object.publicItemC]
const upload = `insert into storage.objects (bucket_id, name, owner_id)
                values (split_part($1, '/', 1), substr($1, strpos($1, '/') + 1), $2)`
const byKey = `bucket_id || '/' || name = $1`
const touch = `update storage.objects set metadata = '{"cacheControl":"60"}' where ${byKey}`
const moveTo = `update storage.objects set name = $2 where ${byKey}`
const remove = `delete from storage.objects where ${byKey}`
const touched = { metadata: { cacheControl: '60' } }
/** The stranger has no files in the fixtures; this gives them one. */
const strangerFile = objectKey('wardrobe-images', S, 'own.jpg')
const strangerUpload = [{ sql: upload, params: [strangerFile, S] }]

export const storageObjectsMatrix: Matrix = {
  subject: 'storage.objects',
  notApplicable: [
    {
      actors: ['anon'],
      ops: ['insert', 'update', 'delete'],
      half: 'allowed',
      why: 'uploads need a signed-in user with a folder of their own',
    },
  ],
  // prettier-ignore
  cases: [
    // select: polaroid images for all; private images to their owner, or when stuck on a visible wall or public
    { actor: 'anon', op: 'select', case: 'reads public and shared images only', sql: readAll, expect: sees('storage.objects', shared) },
    { actor: 'stranger', op: 'select', case: 'reads public and shared images only', sql: readAll, expect: sees('storage.objects', shared) },
    { actor: 'contributor', op: 'select', case: "reads shared images and own deleted sticker's image", sql: readAll, expect: sees('storage.objects', [...shared, object.goneC]) },
    { actor: 'wallOwner', op: 'select', case: 'reads shared images and own private cut-out', sql: readAll, expect: sees('storage.objects', [...shared, object.secretW]) },
    { actor: 'itemOwner', op: 'select', case: 'reads shared images and own private image', sql: readAll, expect: sees('storage.objects', [...shared, object.privateItemI]) },

    // insert: only inside one's own user-id folder
    { actor: 'anon', op: 'insert', case: "uploads into the stranger's polaroid folder", sql: upload, params: [objectKey('polaroid-images', S, 'x.jpg'), S], expect: refusedByRls('storage.objects', objectKey('polaroid-images', S, 'x.jpg')) },
    { actor: 'stranger', op: 'insert', case: 'uploads into own folder', sql: upload, params: [objectKey('wardrobe-images', S, 'x.jpg'), S], expect: inserts('storage.objects', objectKey('wardrobe-images', S, 'x.jpg'), { owner_id: S }) },
    { actor: 'stranger', op: 'insert', case: "uploads into the item owner's folder", sql: upload, params: [objectKey('wardrobe-images', I, 'x.jpg'), S], expect: refusedByRls('storage.objects', objectKey('wardrobe-images', I, 'x.jpg')) },
    { actor: 'stranger', op: 'insert', case: 'uploads outside any folder', sql: upload, params: ['polaroid-images/loose.jpg', S], expect: refusedByRls('storage.objects', 'polaroid-images/loose.jpg') },
    { actor: 'contributor', op: 'insert', case: 'uploads an outfit photo into own folder', sql: upload, params: [objectKey('ootd-images', C, 'x.jpg'), C], expect: inserts('storage.objects', objectKey('ootd-images', C, 'x.jpg'), { bucket_id: 'ootd-images' }) },
    { actor: 'contributor', op: 'insert', case: "uploads into the wall owner's polaroid folder", sql: upload, params: [objectKey('polaroid-images', W, 'x.jpg'), C], expect: refusedByRls('storage.objects', objectKey('polaroid-images', W, 'x.jpg')) },
    { actor: 'wallOwner', op: 'insert', case: 'uploads a polaroid image into own folder', sql: upload, params: [objectKey('polaroid-images', W, 'x.jpg'), W], expect: inserts('storage.objects', objectKey('polaroid-images', W, 'x.jpg'), { bucket_id: 'polaroid-images' }) },
    { actor: 'wallOwner', op: 'insert', case: "uploads into the contributor's sticker folder", sql: upload, params: [objectKey('wardrobe-stickers', C, 'x.png'), W], expect: refusedByRls('storage.objects', objectKey('wardrobe-stickers', C, 'x.png')) },
    { actor: 'itemOwner', op: 'insert', case: 'uploads a cut-out into own folder', sql: upload, params: [objectKey('wardrobe-stickers', I, 'x.png'), I], expect: inserts('storage.objects', objectKey('wardrobe-stickers', I, 'x.png'), { bucket_id: 'wardrobe-stickers' }) },
    { actor: 'itemOwner', op: 'insert', case: "uploads into the wall owner's folder", sql: upload, params: [objectKey('wardrobe-images', W, 'x.jpg'), I], expect: refusedByRls('storage.objects', objectKey('wardrobe-images', W, 'x.jpg')) },

    // update: only files in one's own folder, and only to keep them there
    { actor: 'anon', op: 'update', case: 'changes a public image', sql: touch, params: [object.polaroidW], expect: noRows('storage.objects', object.polaroidW) },
    { actor: 'stranger', op: 'update', case: 'changes own file', setup: strangerUpload, sql: touch, params: [strangerFile], expect: updates('storage.objects', strangerFile, touched) },
    { actor: 'stranger', op: 'update', case: "changes the item owner's public image", sql: touch, params: [object.publicItemI], expect: noRows('storage.objects', object.publicItemI) },
    { actor: 'contributor', op: 'update', case: 'changes own file', sql: touch, params: [object.goneC], expect: updates('storage.objects', object.goneC, touched) },
    { actor: 'contributor', op: 'update', case: "changes the item owner's public image", sql: touch, params: [object.publicItemI], expect: noRows('storage.objects', object.publicItemI) },
    { actor: 'contributor', op: 'update', case: "moves own file into the item owner's folder", sql: moveTo, params: [object.publicItemC, `${I}/tee.jpg`], expect: refusedByRls('storage.objects', object.publicItemC) },
    { actor: 'wallOwner', op: 'update', case: 'changes own private cut-out', sql: touch, params: [object.secretW], expect: updates('storage.objects', object.secretW, touched) },
    { actor: 'wallOwner', op: 'update', case: "changes the item owner's private image", sql: touch, params: [object.privateItemI], expect: noRows('storage.objects', object.privateItemI) },
    { actor: 'itemOwner', op: 'update', case: 'changes own private image', sql: touch, params: [object.privateItemI], expect: updates('storage.objects', object.privateItemI, touched) },
    { actor: 'itemOwner', op: 'update', case: "changes the wall owner's sticker image", sql: touch, params: [object.stickerW], expect: noRows('storage.objects', object.stickerW) },

    // delete: only files in one's own folder
    { actor: 'anon', op: 'delete', case: 'removes a public image', sql: remove, params: [object.polaroidW], expect: noRows('storage.objects', object.polaroidW) },
    { actor: 'stranger', op: 'delete', case: 'removes own file', setup: strangerUpload, sql: remove, params: [strangerFile], expect: removes('storage.objects', strangerFile) },
    { actor: 'stranger', op: 'delete', case: "removes the item owner's public image", sql: remove, params: [object.publicItemI], expect: noRows('storage.objects', object.publicItemI) },
    { actor: 'contributor', op: 'delete', case: 'removes own file', sql: remove, params: [object.goneC], expect: removes('storage.objects', object.goneC) },
    { actor: 'contributor', op: 'delete', case: "removes the wall owner's polaroid image", sql: remove, params: [object.polaroidW], expect: noRows('storage.objects', object.polaroidW) },
    { actor: 'wallOwner', op: 'delete', case: 'removes own polaroid image', sql: remove, params: [object.polaroidW], expect: removes('storage.objects', object.polaroidW) },
    { actor: 'wallOwner', op: 'delete', case: "removes the contributor's public item image", sql: remove, params: [object.publicItemC], expect: noRows('storage.objects', object.publicItemC) },
    { actor: 'itemOwner', op: 'delete', case: 'removes own private image', sql: remove, params: [object.privateItemI], expect: removes('storage.objects', object.privateItemI) },
    { actor: 'itemOwner', op: 'delete', case: "removes the wall owner's private cut-out", sql: remove, params: [object.secretW], expect: noRows('storage.objects', object.secretW) },
  ],
}
