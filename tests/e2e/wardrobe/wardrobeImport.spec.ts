// Wardrobe import on a wall (spec §2, §4, §8, §9) in the built app against the stack: the dialog shows
// the user's items and the public ones with only the first 5 category filters and 2 tags per card;
// selecting an item sticks it at 100,100 (the server's sticker shows a picture in the user's own
// folder), selecting it again removes it. A failed background removal uses the photo and says so for
// 5 s. Offline, an item with a cut-out becomes a sticker at once and the others are cut out on the device
// (issue 26), or, where the cut-out runtime never reached the device, use their photo, marked to be cut out
// when online.
import { expect, test, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { admin } from '../support/stack'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { eventually, openWall, position, seedWall } from '../support/walls'
import { DEVICE_CUTOUT_BUDGET_MS, seedWardrobeItem, type SeededItem } from '../support/wardrobe'

interface ServerSticker {
  id: string
  image_path: string
  needs_cutout: boolean
  x: number
  y: number
  deleted_at: string | null
}

async function serverStickers(wallId: string, itemId: string): Promise<ServerSticker[]> {
  const { data, error } = await admin
    .from('wall_stickers')
    .select('id, image_path, needs_cutout, x, y, deleted_at')
    .eq('wall_id', wallId)
    .eq('original_item_id', itemId)
  if (error) throw error
  return (data ?? [])
}

const live = (rows: ServerSticker[]) => rows.filter((r) => r.deleted_at === null)

/** A person with a wall and a wardrobe over seven categories; the jacket already has its cut-out. */
async function arrange(): Promise<{ user: E2EUser; wallId: string; jacket: SeededItem; tee: SeededItem }> {
  const user = await createUser()
  const wall = await seedWall(user, { name: 'Capsule ideas' })
  const jacket = await seedWardrobeItem(user, {
    name: 'Denim jacket',
    hue: 210,
    cutOut: true,
    tags: [
      ['category', 'outerwear'],
      ['color', 'Blue'],
      ['season', 'Fall'],
    ],
  })
  const tee = await seedWardrobeItem(user, {
    name: 'Striped tee',
    hue: 0,
    tags: [
      ['style', 'OOTD Extracted'],
      ['category', 'top'],
      ['color', 'White'],
      ['material', 'Cotton'],
    ],
  })
  const more: Array<[string, string]> = [
    ['Linen shirt', 'top'],
    ['Wide trousers', 'bottom'],
    ['Wrap dress', 'dress'],
    ['Loafers', 'footwear'],
    ['Straw bag', 'accessory'],
    ['Sunday look', 'complete_outfit'],
  ]
  for (const [index, [name, category]] of more.entries()) {
    await seedWardrobeItem(user, {
      name,
      hue: 40 + index * 45,
      tags: [
        ['category', category],
        ['color', 'Beige'],
        ['occasion', 'Casual'],
      ],
    })
  }
  return { user, wallId: wall.id, jacket, tee }
}

async function openImport(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Wardrobe import' }).click()
  const dialog = page.getByRole('dialog', { name: 'Wardrobe import' })
  await expect(dialog.getByRole('region', { name: 'Your items' }).getByTestId('import-item')).toHaveCount(8)
  return dialog
}

const stickerOnWall = (page: Page, name: string) =>
  page.locator(`[data-canvas-item][aria-label="Sticker: ${name}"]`)

const itemCard = (dialog: Locator, name: string) =>
  dialog
    .getByTestId('import-item')
    .filter({ has: dialog.page().getByRole('button', { name: new RegExp(`^${name}`) }) })

test('the import dialog offers 5 category filters and 2 tags per card; an item is stuck at 100,100 and taken off again', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { user, wallId, jacket } = await arrange()
  const context = await browser.newContext()
  await signInContext(context, user)
  const page = await context.newPage()
  await openWall(page, wallId)
  const dialog = await openImport(page)

  // Only the first 5 categories are filters, and every card shows at most 2 tags.
  await expect(dialog.getByTestId('category-filter')).toHaveCount(5)
  const tagCounts = await dialog
    .getByTestId('import-item')
    .evaluateAll((cards) => cards.map((c) => c.querySelectorAll('[aria-label="Tags"] li').length))
  expect(Math.max(...tagCounts)).toBe(2)
  // Descriptive tags come first: the tee shows its category and colour, not 'OOTD Extracted'.
  await expect(itemCard(dialog, 'Striped tee').getByRole('list', { name: 'Tags' })).toHaveText(/top\s*White/)

  // A filter shows only its category (the most used ones are offered; 'top' is one of them here).
  const top = dialog.getByTestId('category-filter').filter({ hasText: /^top$/ })
  await top.click()
  await expect(top).toHaveAttribute('aria-pressed', 'true')
  const firstTags = await dialog
    .getByTestId('import-item')
    .evaluateAll((cards) => cards.map((c) => c.querySelector('[aria-label="Tags"] li')?.textContent))
  expect(firstTags.length).toBeGreaterThanOrEqual(2)
  expect(new Set(firstTags)).toEqual(new Set(['top']))
  await dialog.getByRole('button', { name: 'All', exact: true }).click()

  const jacketCard = itemCard(dialog, 'Denim jacket')
  await jacketCard.getByRole('button', { name: /^Denim jacket/ }).click()
  await expect(jacketCard).toHaveAttribute('data-state', 'ready')
  await expect(jacketCard.getByRole('button', { name: /^Denim jacket/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  const sticker = stickerOnWall(page, 'Denim jacket')
  await expect(sticker).toHaveCount(1)
  expect(await position(sticker)).toMatchObject({ x: 100, y: 100 })
  const [stuck] = live(
    await eventually(
      () => serverStickers(wallId, jacket.id),
      (rows) => live(rows).length === 1,
    ),
  )
  expect(stuck).toMatchObject({ x: 100, y: 100, needs_cutout: false })
  expect(stuck!.image_path.startsWith(`wardrobe-stickers/${user.id}/`)).toBe(true)

  // Selecting it again deselects it and takes the sticker off, here and on the server.
  await jacketCard.getByRole('button', { name: /^Denim jacket/ }).click()
  await expect(jacketCard).toHaveAttribute('data-state', 'idle')
  await expect(sticker).toHaveCount(0)
  await eventually(
    () => serverStickers(wallId, jacket.id),
    (rows) => rows.length === 1 && live(rows).length === 0,
  )
  await context.close()
})

test('when background removal fails the photo is used and the spec warning shows for 5 s', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { user, wallId, tee } = await arrange()
  const context = await browser.newContext()
  await signInContext(context, user)
  await context.route('**/api/wardrobe/remove-background', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'The model is unavailable' }),
    }),
  )
  const page = await context.newPage()
  await openWall(page, wallId)
  const dialog = await openImport(page)
  const teeCard = itemCard(dialog, 'Striped tee')
  await teeCard.getByRole('button', { name: /^Striped tee/ }).click()

  const warning = page
    .getByTestId('toast')
    .filter({ hasText: 'Background removal failed for Striped tee, using original image' })
  await expect(warning).toBeVisible()
  const shownAt = Date.now()
  await expect(teeCard).toHaveAttribute('data-state', 'ready')
  await expect(teeCard.getByTestId('cutout-note')).toHaveText('Original image for now')
  const sticker = stickerOnWall(page, 'Striped tee')
  await expect(sticker.locator('[data-needs-cutout]')).toHaveCount(1)
  const [stuck] = live(
    await eventually(
      () => serverStickers(wallId, tee.id),
      (rows) => live(rows).length === 1,
    ),
  )
  expect(stuck).toMatchObject({ x: 100, y: 100, needs_cutout: true })
  expect(stuck!.image_path.startsWith(`wardrobe-stickers/${user.id}/`)).toBe(true)
  await expect(warning).toHaveCount(0, { timeout: 8000 })
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4000)
  await context.close()
})

/** The cut-out runtime's files the service worker keeps (the worker, onnxruntime's glue and wasm, the model). */
async function cachedCutoutFiles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('moori-cutout-v1'))) return []
    const keys = await (await caches.open('moori-cutout-v1')).keys()
    return keys.map((request) => new URL(request.url).pathname)
  })
}

/** A build asset's path without its content hash: /assets/u2netp-DLq_a.onnx → /assets/u2netp.onnx. */
const withoutHash = (path: string) =>
  path.replace(/^(\/assets\/(?:cutout\.worker|ort-wasm-simd-threaded|u2netp))-.*(\.\w+)$/, '$1$2')

/** Whether a stored file is a PNG with an alpha channel. */
async function pngWithAlpha(bucket: string, path: string): Promise<boolean> {
  const { data, error } = await admin.storage.from(bucket).download(path)
  if (error) throw error
  const metadata = await sharp(Buffer.from(await data.arrayBuffer())).metadata()
  return metadata.format === 'png' && metadata.hasAlpha
}

test.describe(() => {
  test.use(ALLOW_SERVICE_WORKERS)

  test('offline, an item with a cut-out is stuck at once and one without is cut out on this device', async ({
    browser,
  }) => {
    // About 50 s of its own under a load average of 15, and a first cut-out on the device.
    test.setTimeout(90_000 + DEVICE_CUTOUT_BUDGET_MS)
    const { user, wallId, jacket, tee } = await arrange()
    const context = await browser.newContext()
    await signInContext(context, user)
    const page = await context.newPage()
    // A first visit with the service worker allowed: its install precaches ~130 files while the wall's
    // first pull waits its turn; with a load average near 10 on 2 cores that took 13 s here (openWall
    // allows 10).
    await page.goto(`/wall/${wallId}`)
    await expect(page.getByTestId('canvas')).toBeVisible({ timeout: 30_000 })
    await waitForServiceWorker(page)
    // Threads for the cut-out: the page is cross-origin isolated, and the wall's Storage images still load.
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true)
    // Seen once online: the pictures are on the device, and so is the cut-out runtime.
    let dialog = await openImport(page)
    await expect(itemCard(dialog, 'Striped tee').getByTestId('stored-image')).toHaveAttribute(
      'data-state',
      'loaded',
    )
    await expect(itemCard(dialog, 'Denim jacket').getByTestId('stored-image')).toHaveAttribute(
      'data-state',
      'loaded',
    )
    await expect
      .poll(async () => (await cachedCutoutFiles(page)).map(withoutHash).sort(), {
        timeout: 30_000,
      })
      .toEqual([
        '/assets/cutout.worker.js',
        '/assets/ort-wasm-simd-threaded.wasm',
        '/assets/u2netp.onnx',
      ])
    await dialog.getByRole('button', { name: 'Done' }).click()

    await context.setOffline(true)
    dialog = await openImport(page)
    await itemCard(dialog, 'Denim jacket')
      .getByRole('button', { name: /^Denim jacket/ })
      .click()
    await expect(itemCard(dialog, 'Denim jacket')).toHaveAttribute('data-state', 'ready')
    await expect(itemCard(dialog, 'Denim jacket').getByTestId('cutout-note')).toHaveCount(0)
    await itemCard(dialog, 'Striped tee')
      .getByRole('button', { name: /^Striped tee/ })
      .click()
    await expect(itemCard(dialog, 'Striped tee')).toHaveAttribute('data-state', 'ready', {
      timeout: DEVICE_CUTOUT_BUDGET_MS,
    })
    // Cut out here: nothing waits for the server.
    await expect(itemCard(dialog, 'Striped tee').getByTestId('cutout-note')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Done' }).click()

    const jacketSticker = stickerOnWall(page, 'Denim jacket')
    const teeSticker = stickerOnWall(page, 'Striped tee')
    expect(await position(jacketSticker)).toMatchObject({ x: 100, y: 100 })
    await expect(jacketSticker.locator('[data-needs-cutout]')).toHaveCount(0)
    await expect(teeSticker.locator('[data-needs-cutout]')).toHaveCount(0)
    await expect(teeSticker.getByTestId('stored-image')).toHaveAttribute('data-state', 'loaded')

    await context.setOffline(false)
    const stuck: Record<string, ServerSticker> = {}
    for (const item of [jacket, tee]) {
      const [row] = live(
        await eventually(
          () => serverStickers(wallId, item.id),
          (rows) => live(rows).length === 1,
          30_000,
        ),
      )
      expect(row!.image_path.startsWith(`wardrobe-stickers/${user.id}/`)).toBe(true)
      stuck[item.id] = row!
    }
    // The tee's sticker is the cut-out made on the device: a PNG with an alpha channel, not the JPEG photo.
    // (u2netp keeps the whole of this flat two-tone test photo, so its alpha says nothing more here; the
    // device's masks are compared with the server's on real photos by `npm run bench -- cutout-device`.)
    expect(stuck[tee.id]!.needs_cutout).toBe(false)
    const [bucket, ...rest] = stuck[tee.id]!.image_path.split('/')
    expect(await pngWithAlpha(bucket!, rest.join('/'))).toBe(true)
    // And it is the tee's own cut-out now, made on the device, on the server for every device.
    const { data: teeRow } = await admin.from('wardrobe_items').select('cutout_path, cutout_source').eq('id', tee.id).single()
    expect(teeRow).toEqual({ cutout_path: stuck[tee.id]!.image_path, cutout_source: 'device' })
    await context.close()
  })

  test('offline before the cut-out runtime ever reached the device, the photo is used, marked for later', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const { user, wallId, tee } = await arrange()
    const context = await browser.newContext()
    // The runtime never arrives (as on a device that was never online with the wardrobe since this build).
    await context.route(/\/assets\/(ort-wasm-simd-threaded|u2netp)-/, (route) => route.abort())
    await signInContext(context, user)
    const page = await context.newPage()
    await openWall(page, wallId)
    await waitForServiceWorker(page)
    let dialog = await openImport(page)
    await expect(itemCard(dialog, 'Striped tee').getByTestId('stored-image')).toHaveAttribute(
      'data-state',
      'loaded',
    )
    await dialog.getByRole('button', { name: 'Done' }).click()

    await context.setOffline(true)
    dialog = await openImport(page)
    await itemCard(dialog, 'Striped tee')
      .getByRole('button', { name: /^Striped tee/ })
      .click()
    await expect(itemCard(dialog, 'Striped tee')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 })
    await expect(itemCard(dialog, 'Striped tee').getByTestId('cutout-note')).toHaveText(
      'Will be cut out when online',
    )
    await dialog.getByRole('button', { name: 'Done' }).click()
    const teeSticker = stickerOnWall(page, 'Striped tee')
    await expect(teeSticker.locator('[data-needs-cutout]')).toContainText('Cut out when online')
    await expect(teeSticker.getByTestId('stored-image')).toHaveAttribute('data-state', 'loaded')

    await context.setOffline(false)
    const [row] = live(
      await eventually(
        () => serverStickers(wallId, tee.id),
        (rows) => live(rows).length === 1,
        30_000,
      ),
    )
    expect(row!.image_path.startsWith(`wardrobe-stickers/${user.id}/`)).toBe(true)
    await context.close()
  })
})
