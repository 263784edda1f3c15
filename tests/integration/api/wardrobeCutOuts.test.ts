// remove-background and extract-item against the real stack (the vision layer scripted; the models have
// their own tests): results land in the caller's own folder under names derived from the request, so
// asking again does no work; a picture that is already a cut-out is copied, not recomputed; an own item
// remembers its cut-out; extraction finds the item's box in the outfit analysis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../../src/lib/ids'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { scriptedVision, transparentPng, type ScriptedVision } from '../../support/scriptedVision'
import { storedObjects } from '../../support/serverState'
import { addItem, callApi, upload } from './apiFixtures'

let stack: TestStack
let vision: ScriptedVision
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  vision = scriptedVision()
  stack = await startTestStack({ api: { vision: () => vision } })
  alice = await createTestUser(stack)
  bob = await createTestUser(stack)
})

afterAll(async () => {
  await stack.close()
})

function removeBackground(user: TestUser, item: { id: string; imagePath: string }) {
  return callApi(stack, '/wardrobe/remove-background', {
    method: 'POST',
    token: user.accessToken,
    body: { image_url: item.imagePath, user_id: user.id, item_id: item.id, max_size: 800 },
  })
}

async function cutoutPathOf(itemId: string): Promise<string | null> {
  const { rows } = await stack.db.query<{ cutout_path: string | null }>('select cutout_path from public.wardrobe_items where id = $1', [itemId])
  return rows[0]!.cutout_path
}

describe('remove-background', () => {
  it('makes a transparent PNG once, in the caller’s folder, and remembers it on an own item', async () => {
    const item = await addItem(alice, { name: 'Linen shirt' })
    const before = vision.calls.removeBackground
    const first = await removeBackground(alice, item)
    expect(first.status).toBe(200)
    const body = (await first.json()) as { transparent_image_url: string; path: string }
    expect(body.path).toMatch(new RegExp(`^wardrobe-stickers/${alice.id}/cutouts/${item.id}-[\\w-]{12}\\.png$`))
    const png = await fetch(body.transparent_image_url)
    expect(png.status).toBe(200)
    expect(png.headers.get('content-type')).toBe('image/png')
    expect(await cutoutPathOf(item.id)).toBe(body.path)

    const again = (await (await removeBackground(alice, item)).json()) as { path: string }
    expect(again.path).toBe(body.path)
    expect(vision.calls.removeBackground - before).toBe(1)
  })

  it('copies a picture that is already a cut-out instead of running the model', async () => {
    const id = newId()
    const imagePath = await upload(alice, 'wardrobe-stickers', `${alice.id}/items/${id}.png`, Buffer.from((await transparentPng()).png))
    const inserted = await alice.client.from('wardrobe_items').insert({ id, user_id: alice.id, image_path: imagePath, name: 'Navy top', is_public: true })
    expect(inserted.error).toBeNull()
    const before = vision.calls.removeBackground
    const own = (await (await removeBackground(alice, { id, imagePath })).json()) as { path: string }
    expect(own.path.startsWith(`wardrobe-stickers/${alice.id}/cutouts/`)).toBe(true)
    const theirs = (await (await removeBackground(bob, { id, imagePath })).json()) as { path: string }
    expect(theirs.path.startsWith(`wardrobe-stickers/${bob.id}/cutouts/`)).toBe(true)
    expect(vision.calls.removeBackground).toBe(before)
    expect(await cutoutPathOf(id)).toBe(own.path)
  })
})

describe('remove-background of an item fixed by hand', () => {
  it('gives others a copy of the owner’s fix, not the model’s cut-out; the owner’s own answer is the fix', async () => {
    const item = await addItem(alice, { name: 'Silk scarf', isPublic: true })
    // The owner's cut-out editor saves its fix through the outbox: the file, then the row as `edited`.
    const fix = Buffer.from((await transparentPng()).png)
    const fixPath = await upload(alice, 'wardrobe-stickers', `${alice.id}/cutouts/${item.id}-handfix.png`, fix)
    const saved = await alice.client.from('wardrobe_items').update({ cutout_path: fixPath, cutout_source: 'edited' }).eq('id', item.id)
    expect(saved.error).toBeNull()
    const before = vision.calls.removeBackground
    const own = (await (await removeBackground(alice, item)).json()) as { path: string }
    expect(own.path).toBe(fixPath)
    const theirs = await removeBackground(bob, item)
    expect(theirs.status).toBe(200)
    const body = (await theirs.json()) as { path: string; transparent_image_url: string }
    expect(body.path).toMatch(new RegExp(`^wardrobe-stickers/${bob.id}/cutouts/${item.id}-[\\w-]{12}\\.png$`))
    expect(Buffer.from(await (await fetch(body.transparent_image_url)).arrayBuffer())).toEqual(fix)
    expect(vision.calls.removeBackground).toBe(before)
    // The owner's item still names the fix.
    expect(await cutoutPathOf(item.id)).toBe(fixPath)
  })
})

describe('extract-item', () => {
  it('cuts out the box the outfit analysis recorded for the item, once', async () => {
    const photo = await addItem(alice, { name: 'Outfit' })
    const garment = newId()
    const analysed = await stack
      .admin()
      .from('wardrobe_items')
      .update({ analysis: { items: [{ id: garment, category: 'top', boundingBox: { x: 10, y: 10, width: 50, height: 40 } }] } })
      .eq('id', photo.id)
    expect(analysed.error).toBeNull()
    const stickerPath = await upload(alice, 'wardrobe-stickers', `${alice.id}/items/${garment}.png`, Buffer.from((await transparentPng()).png))
    expect((await alice.client.from('wardrobe_items').insert({ id: garment, user_id: alice.id, image_path: stickerPath, name: 'Top' })).error).toBeNull()

    const before = vision.calls.cutOutRegion
    const ask = () =>
      callApi(stack, '/wardrobe/extract-item', {
        method: 'POST',
        token: alice.accessToken,
        body: { image_url: photo.imagePath, user_id: alice.id, item_id: garment, item_details: { ID: garment, Category: 'top' } },
      })
    const first = await ask()
    expect(first.status).toBe(200)
    const body = (await first.json()) as { success: boolean; extracted_url: string; path: string }
    expect(body.success).toBe(true)
    expect(body.path).toMatch(new RegExp(`^wardrobe-stickers/${alice.id}/extracted/${garment}-`))
    expect((await fetch(body.extracted_url)).status).toBe(200)
    expect(((await (await ask()).json()) as { path: string }).path).toBe(body.path)
    expect(vision.calls.cutOutRegion - before).toBe(1)
    expect(await storedObjects(stack, 'wardrobe-stickers', `${alice.id}/extracted/`)).toHaveLength(1)
  })
})
