// The wardrobe offline for a new user (issue 26), in the built app with its service worker: the user's
// own photos and cut-outs reach the device after the first screen whether or not a screen showed them
// (the import dialog opened online and closed at once), so offline, with no signed link stored, the
// pictures show and a pick sticks a real cut-out made on the device; an item whose photo never reached
// the device says why when picked (a tap on its picture included); a sticker waiting for its cut-out
// gets one from the device offline. Screenshots land in test-results/offline-wardrobe/.
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { admin } from '../support/stack'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { eventually, seedWall } from '../support/walls'
import { DEVICE_CUTOUT_BUDGET_MS, productPhoto, seedWardrobeItem, type SeededItem } from '../support/wardrobe'

test.use(ALLOW_SERVICE_WORKERS)

const SHOTS = 'test-results/offline-wardrobe'
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }

interface ServerSticker {
  image_path: string
  needs_cutout: boolean
  deleted_at: string | null
}

async function liveStickers(wallId: string, itemId: string): Promise<ServerSticker[]> {
  const { data, error } = await admin
    .from('wall_stickers')
    .select('image_path, needs_cutout, deleted_at')
    .eq('wall_id', wallId)
    .eq('original_item_id', itemId)
  if (error) throw error
  return (data ?? []).filter((row) => row.deleted_at === null)
}

/** The alpha of a stored PNG's top-left corner and of its centre, or null when it has no alpha. */
async function cornerAndCentreAlpha(imagePath: string): Promise<{ corner: number; centre: number } | null> {
  const [bucket, ...rest] = imagePath.split('/')
  const { data, error } = await admin.storage.from(bucket!).download(rest.join('/'))
  if (error) throw error
  const image = sharp(Buffer.from(await data.arrayBuffer()))
  const { format, hasAlpha } = await image.metadata()
  if (format !== 'png' || !hasAlpha) return null
  const { data: pixels, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const alphaAt = (x: number, y: number) => pixels[(y * info.width + x) * info.channels + 3]!
  return { corner: alphaAt(0, 0), centre: alphaAt(Math.floor(info.width / 2), Math.floor(info.height / 2)) }
}

async function newContext(
  browser: Browser,
  user: E2EUser,
  phone = false,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(phone ? PHONE : {})
  await signInContext(context, user)
  return { context, page: await context.newPage() }
}

/**
 * A first visit, as a new user makes it: home first (the account's profile arrives with the first pull;
 * a wall opened before it, on a loaded machine, was sent on to /setup-profile and then home), then the
 * wall. The service worker's install precaches ~130 files meanwhile.
 */
async function firstVisit(page: Page, wallId: string, user: E2EUser): Promise<void> {
  await page.goto('/')
  await expect(page.getByRole('link', { name: `Your profile, ${user.username!}` })).toBeVisible({ timeout: 30_000 })
  await waitForServiceWorker(page)
  await page.goto(`/wall/${wallId}`)
  await expect(page.getByTestId('canvas')).toBeVisible({ timeout: 30_000 })
}

async function openImport(page: Page, items: number, phone = false): Promise<Locator> {
  if (phone) {
    await page.getByRole('button', { name: 'More actions' }).click()
    await page
      .getByRole('dialog', { name: 'Moori actions' })
      .getByRole('button', { name: 'Wardrobe import' })
      .click()
  } else {
    await page.getByRole('button', { name: 'Wardrobe import' }).click()
  }
  const dialog = page.getByRole('dialog', { name: 'Wardrobe import' })
  // The wardrobe's first pull: slow on a machine running several suites at once.
  await expect(dialog.getByRole('region', { name: 'Your items' }).getByTestId('import-item')).toHaveCount(items, {
    timeout: 30_000,
  })
  return dialog
}

const itemCard = (dialog: Locator, name: string) =>
  dialog
    .getByTestId('import-item')
    .filter({ has: dialog.page().getByRole('button', { name: new RegExp(`^${name}`) }) })

const stickerOnWall = (page: Page, name: string) =>
  page.locator(`[data-canvas-item][aria-label="Sticker: ${name}"]`)

/** The object paths the user's image cache holds (bucket/path, whatever link fetched them). */
async function cachedImages(page: Page, userId: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return []
    const keys = await (await caches.open(name)).keys()
    return keys.map((request) =>
      decodeURI(new URL(request.url).pathname).replace(/^\/storage\/v1\/object\//, ''),
    )
  }, `moori-images-v1:user:${userId}`)
}

async function cutoutRuntimeCached(page: Page): Promise<number> {
  return page.evaluate(async () =>
    (await caches.has('moori-cutout-v1')) ? (await (await caches.open('moori-cutout-v1')).keys()).length : 0,
  )
}

/** Forgets every signed link the replica stored: offline, pictures must come from the cache by themselves. */
async function forgetSignedLinks(page: Page, userId: string): Promise<void> {
  await page.evaluate(async (name) => {
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      const open = indexedDB.open(name)
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(new Error(String(open.error)))
    })
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('signedUrls', 'readwrite')
      tx.objectStore('signedUrls').clear()
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(new Error(String(tx.error)))
    })
    db.close()
  }, `moori-${userId}`)
}

test("a new user's wardrobe reaches the device though the import dialog closed at once; offline its pictures show and a pick sticks a real cut-out", async ({
  browser,
}) => {
  // About 40 s of its own (37 s to the pick at a load average of 20), and a first cut-out on the device.
  test.setTimeout(90_000 + DEVICE_CUTOUT_BUDGET_MS)
  const user = await createUser()
  const wall = await seedWall(user, { name: 'Capsule ideas' })
  const tee = await seedWardrobeItem(user, {
    name: 'Striped tee',
    photo: await productPhoto(20),
    tags: [['category', 'top']],
  })
  const jacket = await seedWardrobeItem(user, {
    name: 'Denim jacket',
    hue: 210,
    cutOut: true,
    tags: [['category', 'outerwear']],
  })
  const { context, page } = await newContext(browser, user)
  await firstVisit(page, wall.id, user)
  // Opened and closed before its pictures loaded.
  let dialog = await openImport(page, 2)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()

  // No screen shows them, yet the photos and the cut-out reach the user's image cache, and the cut-out
  // runtime the service worker's (the dialog asked for it).
  const own = [tee.imagePath, jacket.imagePath, jacket.cutoutPath!]
  const missing = async () => {
    const cached = await cachedImages(page, user.id)
    return own.filter((path) => !cached.includes(path))
  }
  await expect.poll(missing, { timeout: 30_000 }).toEqual([])
  await expect.poll(() => cutoutRuntimeCached(page), { timeout: 30_000 }).toBe(3)
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true)

  // Offline, with no signed link stored: the pictures come from the cache by themselves.
  await context.setOffline(true)
  await forgetSignedLinks(page, user.id)
  dialog = await openImport(page, 2)
  for (const name of ['Striped tee', 'Denim jacket']) {
    await expect(itemCard(dialog, name).getByTestId('stored-image')).toHaveAttribute('data-state', 'loaded')
  }
  await page.screenshot({ path: `${SHOTS}/desktop-offline-import.png` })

  await itemCard(dialog, 'Denim jacket')
    .getByRole('button', { name: /^Denim jacket/ })
    .click()
  await expect(itemCard(dialog, 'Denim jacket')).toHaveAttribute('data-state', 'ready')
  await itemCard(dialog, 'Striped tee')
    .getByRole('button', { name: /^Striped tee/ })
    .click()
  await expect(itemCard(dialog, 'Striped tee')).toHaveAttribute('data-state', 'ready', { timeout: DEVICE_CUTOUT_BUDGET_MS })
  await expect(dialog.getByTestId('cutout-note')).toHaveCount(0)
  await expect(page.getByTestId('toast')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Done' }).click()
  for (const name of ['Striped tee', 'Denim jacket']) {
    await expect(stickerOnWall(page, name).getByTestId('stored-image')).toHaveAttribute(
      'data-state',
      'loaded',
    )
    await expect(stickerOnWall(page, name).locator('[data-needs-cutout]')).toHaveCount(0)
  }
  await page.screenshot({ path: `${SHOTS}/desktop-offline-wall.png` })

  // Online again: the tee's sticker is the cut-out made on the device, transparent around the garment.
  await context.setOffline(false)
  const [stuck] = await eventually(
    () => liveStickers(wall.id, tee.id),
    (rows) => rows.length === 1,
    30_000,
  )
  expect(stuck!.needs_cutout).toBe(false)
  const alpha = await cornerAndCentreAlpha(stuck!.image_path)
  expect(alpha).not.toBeNull()
  expect(alpha!.corner).toBe(0)
  expect(alpha!.centre).toBeGreaterThan(200)
  await context.close()
})

test('offline, an item whose photo never reached the device says why when picked, on a phone', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const user = await createUser()
  const wall = await seedWall(user, { name: 'Weekend' })
  const tee = await seedWardrobeItem(user, { name: 'Striped tee', hue: 20, tags: [['category', 'top']] })
  const scarf: SeededItem = await seedWardrobeItem(user, {
    name: 'Lost scarf',
    hue: 300,
    tags: [['category', 'accessory']],
  })
  const { context, page } = await newContext(browser, user, true)
  // The scarf's photo never arrives (as on a device that went offline before it could fetch it).
  const scarfObject = scarf.imagePath.replace(/^wardrobe-images\//, '')
  await context.route(
    (url) =>
      url.pathname.includes(scarfObject) &&
      /\/storage\/v1\/object\/(sign|authenticated)\//.test(url.pathname),
    (route) => (route.request().method() === 'GET' ? route.abort() : route.fallback()),
  )
  await firstVisit(page, wall.id, user)
  let dialog = await openImport(page, 2, true)
  await expect(itemCard(dialog, 'Striped tee').getByTestId('stored-image')).toHaveAttribute(
    'data-state',
    'loaded',
  )
  await page.screenshot({ path: `${SHOTS}/phone-online-import.png` })
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect
    .poll(async () => (await cachedImages(page, user.id)).includes(tee.imagePath), { timeout: 30_000 })
    .toBe(true)

  await context.setOffline(true)
  dialog = await openImport(page, 2, true)
  const card = itemCard(dialog, 'Lost scarf')
  // Pictures load lazily: the scarf's once it is scrolled to, as a person would.
  await card.scrollIntoViewIfNeeded()
  await expect(card.getByTestId('stored-image')).toHaveAttribute('data-state', 'failed')
  // Picked as a person would: a tap in the middle of its picture (the card's pick button covers it).
  const picture = (await card.getByTestId('stored-image').boundingBox())!
  await page.touchscreen.tap(picture.x + picture.width / 2, picture.y + picture.height / 2)
  const toast = page.getByTestId('toast').filter({
    hasText: 'Could not add Lost scarf: its photo is not on this device yet. Connect once to use it offline.',
  })
  await expect(toast).toBeVisible()
  await expect(card.getByTestId('offline-note')).toHaveText(
    'This photo is not on this device yet; connect once to use it offline.',
  )
  await expect(card).toHaveAttribute('data-state', 'idle')
  await page.screenshot({ path: `${SHOTS}/phone-offline-photo-missing.png` })
  await expect(stickerOnWall(page, 'Lost scarf')).toHaveCount(0)
  // The tee, kept on the device, shows offline.
  await expect(itemCard(dialog, 'Striped tee').getByTestId('stored-image')).toHaveAttribute(
    'data-state',
    'loaded',
  )
  await context.close()
})

test('offline, a sticker still waiting for its cut-out gets one made on the device', async ({ browser }) => {
  // About 35 s of its own under a load average of 15, and a first cut-out on the device.
  test.setTimeout(60_000 + DEVICE_CUTOUT_BUDGET_MS)
  const user = await createUser()
  const wall = await seedWall(user, { name: 'Layers' })
  const tee = await seedWardrobeItem(user, {
    name: 'Striped tee',
    photo: await productPhoto(140),
    tags: [['category', 'top']],
  })
  const { context, page } = await newContext(browser, user)
  // The server cannot cut out: the sticker shows the photo, waiting for its cut-out.
  await context.route('**/api/wardrobe/remove-background', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'The model is unavailable' }),
    }),
  )
  await firstVisit(page, wall.id, user)
  const dialog = await openImport(page, 1)
  await itemCard(dialog, 'Striped tee')
    .getByRole('button', { name: /^Striped tee/ })
    .click()
  // The server's failure, then a copy of the photo: slow on a machine running several suites at once.
  await expect(itemCard(dialog, 'Striped tee').getByTestId('cutout-note')).toHaveText('Original image for now', {
    timeout: 30_000,
  })
  await dialog.getByRole('button', { name: 'Done' }).click()
  const sticker = stickerOnWall(page, 'Striped tee')
  await expect(sticker.locator('[data-needs-cutout]')).toHaveCount(1)
  await expect.poll(() => cutoutRuntimeCached(page), { timeout: 30_000 }).toBe(3)
  await eventually(
    () => liveStickers(wall.id, tee.id),
    (rows) => rows.length === 1 && rows[0]!.needs_cutout,
    30_000,
  )

  await context.setOffline(true)
  await expect(sticker.locator('[data-needs-cutout]')).toHaveCount(0, { timeout: DEVICE_CUTOUT_BUDGET_MS })
  await expect(sticker.getByTestId('stored-image')).toHaveAttribute('data-state', 'loaded')
  await page.screenshot({ path: `${SHOTS}/desktop-offline-waiting-cut-out.png` })

  await context.setOffline(false)
  const [row] = await eventually(
    () => liveStickers(wall.id, tee.id),
    (rows) => rows.length === 1 && !rows[0]!.needs_cutout,
    30_000,
  )
  expect((await cornerAndCentreAlpha(row!.image_path))?.corner).toBe(0)
  const { data: item } = await admin
    .from('wardrobe_items')
    .select('cutout_path, cutout_source')
    .eq('id', tee.id)
    .single()
  expect(item).toEqual({ cutout_path: row!.image_path, cutout_source: 'device' })
  await context.close()
})
