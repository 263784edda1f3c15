// Uploads: a big photo is shrunk on the device to fit 800 px and stored as JPEG, a sideways phone photo upright; a PDF is refused with
// the spec's text; offline, a photo and moves wait on the device and reach the server (and another
// person) once the connection is back. Plus the submission page.
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { admin } from '../support/stack'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { card, centre, eventually, openWall, photo, position, seedWall, serverPolaroid } from '../support/walls'

let owner: E2EUser

test.beforeAll(async () => {
  owner = await createUser()
})

async function bigPhoto(): Promise<Buffer> {
  // Noise, so the encoder has real work to do and the file is large.
  const width = 4000
  const height = 3000
  const raw = Buffer.alloc(width * height * 3)
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer()
}

async function wallPolaroids(wallId: string) {
  const { data, error } = await admin.from('polaroids').select('*').eq('wall_id', wallId).is('deleted_at', null)
  if (error) throw error
  return data as Array<{ id: string; name: string; image_path: string | null; x: number; y: number }>
}

test('a 4000×3000 photo is stored as a JPEG that fits in 800 px; a PDF is refused', async ({ context, page }) => {
  const wall = await seedWall(owner, { name: 'Big photos', polaroids: [{ name: 'Already here', x: 300, y: 60 }] })
  await signInContext(context, owner)
  await openWall(page, wall.id, 1)

  await page.getByRole('button', { name: 'Upload' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload an image' })
  await dialog.getByLabel('Choose an image').setInputFiles({ name: 'brochure.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF') })
  await expect(dialog.getByText('Only image files are supported.')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled()

  const original = await bigPhoto()
  expect(original.length).toBeGreaterThan(1_000_000)
  await dialog.getByLabel('Choose an image').setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: original })
  await expect(dialog.getByText('Only image files are supported.')).toHaveCount(0)
  await dialog.getByLabel('Name (optional)').fill('Huge photo')
  await dialog.getByLabel('Message (optional)').fill('Straight from the camera')
  await dialog.getByRole('button', { name: 'Upload' }).click()

  // The new card is on top and opens in a popup.
  await expect(page.getByRole('dialog', { name: 'Huge photo' })).toBeVisible({ timeout: 20_000 })
  const top = await position(card(page, 'Huge photo'))
  expect(top).toMatchObject({ x: 0, y: 0, z: 2 })

  const [stored] = await eventually(
    async () => (await wallPolaroids(wall.id)).filter((p) => p.name === 'Huge photo'),
    (rows) => rows.length === 1,
  )
  const path = stored!.image_path!.replace(/^polaroid-images\//, '')
  const file = await eventually(
    async () => (await admin.storage.from('polaroid-images').download(path)).data,
    (blob) => blob !== null,
  )
  const meta = await sharp(Buffer.from(await file!.arrayBuffer())).metadata()
  expect(meta.format).toBe('jpeg')
  expect(Math.max(meta.width, meta.height)).toBe(800)
  expect(meta.width / meta.height).toBeCloseTo(4 / 3, 2)
})

test('a phone photo stored sideways (EXIF orientation 6) is shrunk upright', async ({ context, page }) => {
  const wall = await seedWall(owner, { name: 'Sideways photos' })
  await signInContext(context, owner)
  await openWall(page, wall.id, 0)
  // The pixels are 1600 × 1200; the camera says to turn them a quarter clockwise: 1200 × 1600 upright.
  const sideways = await sharp(await photo(200, 1600, 1200)).withMetadata({ orientation: 6 }).jpeg().toBuffer()
  await page.getByRole('button', { name: 'Upload' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload an image' })
  await dialog.getByLabel('Choose an image').setInputFiles({ name: 'sideways.jpg', mimeType: 'image/jpeg', buffer: sideways })
  await dialog.getByLabel('Name (optional)').fill('Sideways photo')
  await dialog.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('dialog', { name: 'Sideways photo' })).toBeVisible({ timeout: 20_000 })

  const [stored] = await eventually(
    async () => (await wallPolaroids(wall.id)).filter((p) => p.name === 'Sideways photo' && p.image_path !== null),
    (rows) => rows.length === 1,
  )
  const file = await eventually(
    async () => (await admin.storage.from('polaroid-images').download(stored!.image_path!.replace(/^polaroid-images\//, ''))).data,
    (blob) => blob !== null,
  )
  const meta = await sharp(Buffer.from(await file!.arrayBuffer())).metadata()
  expect({ width: meta.width, height: meta.height }).toEqual({ width: 600, height: 800 })
  // Upright in its pixels: nothing left for a viewer to turn.
  expect(meta.orientation ?? 1).toBe(1)
})

test.describe(() => {
  test.use(ALLOW_SERVICE_WORKERS)

  test('offline, a photo and moves wait on the device and reach the server and others once online', async ({ browser, context, page }) => {
    const wall = await seedWall(owner, { name: 'Offline edits', polaroids: [{ name: 'Movable', x: 400, y: 80, zIndex: 1 }] })
    await signInContext(context, owner)
    await openWall(page, wall.id, 1)
    await expect(page.getByTestId('sync-status')).toHaveText('All changes saved')
    // Offline-ready: the service worker holds the upload dialog's and the popup's code.
    await waitForServiceWorker(page)

    await context.setOffline(true)
    await page.getByRole('button', { name: 'Upload' }).click()
    const dialog = page.getByRole('dialog', { name: 'Upload an image' })
    await dialog.getByLabel('Choose an image').setInputFiles({ name: 'offline.jpg', mimeType: 'image/jpeg', buffer: await photo(30, 1600, 1200) })
    await dialog.getByLabel('Name (optional)').fill('Made offline')
    await dialog.getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByRole('dialog', { name: 'Made offline' })).toBeVisible({ timeout: 20_000 })
    await page.getByRole('dialog', { name: 'Made offline' }).getByRole('button', { name: 'Close' }).click()
    const offlineCard = card(page, 'Made offline')
    await expect(offlineCard.getByTestId('upload-pending')).toBeVisible()
    await expect(offlineCard.locator('img')).toHaveAttribute('src', /^blob:/)

    const from = await centre(card(page, 'Movable'))
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    await page.mouse.move(from.x + 300, from.y + 150, { steps: 10 })
    await page.mouse.up()
    await expect.poll(() => position(card(page, 'Movable'))).toMatchObject({ x: 800, y: 280 })
    await expect(page.getByTestId('sync-status')).toContainText(/Offline · \d+ changes? waiting|changes? waiting/, { timeout: 15_000 })
    expect((await serverPolaroid(wall.polaroids[0]!.id))?.x).toBe(400)
    expect((await wallPolaroids(wall.id)).map((p) => p.name)).toEqual(['Movable'])

    await context.setOffline(false)
    await eventually(() => serverPolaroid(wall.polaroids[0]!.id), (p) => p?.x === 800 && p.y === 280, 20_000)
    await eventually(async () => (await wallPolaroids(wall.id)).map((p) => p.name).sort(), (names) => names.length === 2, 20_000)
    await expect(offlineCard.getByTestId('upload-pending')).toHaveCount(0)
    await expect(page.getByTestId('sync-status')).toHaveText('All changes saved')

    const other = await createUser()
    const otherContext = await browser.newContext()
    await signInContext(otherContext, other)
    const otherPage = await otherContext.newPage()
    await openWall(otherPage, wall.id, 2)
    expect(await position(card(otherPage, 'Movable'))).toMatchObject({ x: 800, y: 280 })
    const image = card(otherPage, 'Made offline').locator('img')
    await expect(image).toHaveAttribute('src', /\/storage\/v1\/object\/public\/polaroid-images\//)
    // The card shows the size Storage renders for its box (the stored photo is 800 px, checked above).
    await expect
      .poll(() => image.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc : '')))
      .toMatch(/\/storage\/v1\/render\/image\/public\/polaroid-images\/.*width=240/)
    await otherContext.close()
  })
})

test('the submission page asks guests to sign in and lets members add a photo', async ({ browser }) => {
  const wall = await seedWall(owner, { name: 'Open call' })
  const guest = await browser.newContext()
  const guestPage = await guest.newPage()
  await guestPage.goto(`/wall/${wall.id}/submit`)
  await expect(guestPage.getByRole('heading', { name: 'Authentication Required' })).toBeVisible()
  await guestPage.getByRole('link', { name: 'Back to the Moori' }).click()
  await expect(guestPage).toHaveURL(new RegExp(`/wall/${wall.id}$`))
  await guest.close()

  const member = await createUser()
  const context = await browser.newContext()
  await signInContext(context, member)
  const page = await context.newPage()
  await page.goto(`/wall/${wall.id}/submit`)
  await expect(page.getByRole('heading', { name: 'Open call' })).toBeVisible()
  await page.getByRole('button', { name: 'Upload' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload an image' })
  await dialog.getByLabel('Choose an image').setInputFiles({ name: 'mine.jpg', mimeType: 'image/jpeg', buffer: await photo(120) })
  await dialog.getByLabel('Name (optional)').fill('My entry')
  await dialog.getByRole('button', { name: 'Upload' }).click()
  const popup = page.getByRole('dialog', { name: 'Added to the Moori!' })
  await expect(popup.getByText('My entry')).toBeVisible()
  await popup.getByRole('button', { name: 'Close' }).click()
  await expect(page).toHaveURL(new RegExp(`/wall/${wall.id}$`))
  await expect(card(page, 'My entry')).toBeVisible()
  await eventually(async () => (await wallPolaroids(wall.id)).map((p) => p.name), (names) => names.includes('My entry'))
  await context.close()
})
