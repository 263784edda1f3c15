// Wardrobe import on a wall (spec §2, §4, §8, §9) in the built app against the stack: the dialog shows
// the user's items and the public ones with only the first 5 category filters and 2 tags per card;
// selecting an item sticks it at 100,100 (the server's sticker shows a picture in the user's own
// folder), selecting it again removes it. A failed background removal uses the photo and says so for
// 5 s. Offline, an item with a cut-out becomes a sticker at once and the others use their photo, marked
// to be cut out when online.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { admin } from '../support/stack'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { eventually, openWall, position, seedWall } from '../support/walls'
import { seedWardrobeItem, type SeededItem } from '../support/wardrobe'

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

test.describe(() => {
  test.use(ALLOW_SERVICE_WORKERS)

  test('offline, an item with a cut-out is stuck at once and the others use their photo, marked for later', async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const { user, wallId, jacket, tee } = await arrange()
    const context = await browser.newContext()
    await signInContext(context, user)
    const page = await context.newPage()
    await openWall(page, wallId)
    await waitForServiceWorker(page)
    // Seen once online: the pictures are on the device.
    let dialog = await openImport(page)
    await expect(itemCard(dialog, 'Striped tee').getByTestId('stored-image')).toHaveAttribute(
      'data-state',
      'loaded',
    )
    await expect(itemCard(dialog, 'Denim jacket').getByTestId('stored-image')).toHaveAttribute(
      'data-state',
      'loaded',
    )
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
    await expect(itemCard(dialog, 'Striped tee')).toHaveAttribute('data-state', 'ready')
    await expect(itemCard(dialog, 'Striped tee').getByTestId('cutout-note')).toHaveText(
      'Will be cut out when online',
    )
    await dialog.getByRole('button', { name: 'Done' }).click()

    const jacketSticker = stickerOnWall(page, 'Denim jacket')
    const teeSticker = stickerOnWall(page, 'Striped tee')
    expect(await position(jacketSticker)).toMatchObject({ x: 100, y: 100 })
    await expect(jacketSticker.locator('[data-needs-cutout]')).toHaveCount(0)
    await expect(teeSticker.locator('[data-needs-cutout]')).toContainText('Cut out when online')
    await expect(teeSticker.getByTestId('stored-image')).toHaveAttribute('data-state', 'loaded')

    await context.setOffline(false)
    for (const item of [jacket, tee]) {
      const [stuck] = live(
        await eventually(
          () => serverStickers(wallId, item.id),
          (rows) => live(rows).length === 1,
          30_000,
        ),
      )
      expect(stuck!.image_path.startsWith(`wardrobe-stickers/${user.id}/`)).toBe(true)
    }
    await context.close()
  })
})
