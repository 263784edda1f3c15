// The PWA promise on a wall: opened once, it opens again offline after a reload, with its photos; it
// can be rearranged and added to offline; a reload while still offline keeps all of it; another wall
// visited before opens from a deep link; back online, the server has everything and others see it.
import { expect, test, type Locator } from '@playwright/test'
import { createUser, signInContext } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { card, centre, eventually, openWall, photo, position, seedWall, serverPolaroid } from '../support/walls'
import { admin } from '../support/stack'

// Every test here needs the service worker (offline use or its caches).
test.use(ALLOW_SERVICE_WORKERS)

const photoShown = (item: Locator) => item.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)

test('a wall opens offline with its photos, keeps offline edits across reloads, and syncs them later', async ({ browser }) => {
  test.setTimeout(120_000)
  const owner = await createUser()
  const wall = await seedWall(owner, {
    name: 'Packing for Lisbon',
    polaroids: [
      { name: 'Linen shirt', x: 60, y: 60 },
      { name: 'Espadrilles', x: 400, y: 60 },
    ],
  })
  const other = await seedWall(owner, { name: 'Winter coats', polaroids: [{ name: 'Camel coat', x: 60, y: 60 }] })
  const context = await browser.newContext()
  await signInContext(context, owner)
  const page = await context.newPage()
  await openWall(page, other.id, 1)
  await waitForServiceWorker(page)
  await expect.poll(() => photoShown(card(page, 'Camel coat'))).toBe(true)
  await openWall(page, wall.id, 2)
  for (const name of ['Linen shirt', 'Espadrilles']) await expect.poll(() => photoShown(card(page, name))).toBe(true)

  await context.setOffline(true)
  const reloaded = await page.reload()
  expect(reloaded?.fromServiceWorker()).toBe(true)
  await expect(page.locator('[data-canvas-item]')).toHaveCount(2)
  for (const name of ['Linen shirt', 'Espadrilles']) await expect.poll(() => photoShown(card(page, name))).toBe(true)
  await expect(page.getByTestId('sync-status').first()).toContainText('Offline')

  // Rearrange and add, offline.
  const start = await position(card(page, 'Linen shirt'))
  const from = await centre(card(page, 'Linen shirt'))
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x + 150, from.y + 225, { steps: 8 })
  await page.mouse.up()
  await expect.poll(async () => (await position(card(page, 'Linen shirt'))).x).not.toBe(start.x)
  const moved = await position(card(page, 'Linen shirt'))
  await page.getByRole('button', { name: 'Upload' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload an image' })
  await dialog.getByLabel('Choose an image').setInputFiles({ name: 'tram.jpg', mimeType: 'image/jpeg', buffer: await photo(200, 1200, 900) })
  await dialog.getByLabel('Name (optional)').fill('Tram 28 look')
  await dialog.getByRole('button', { name: 'Upload' }).click()
  await page.getByRole('dialog', { name: 'Tram 28 look' }).getByRole('button', { name: 'Close' }).click()
  await expect(card(page, 'Tram 28 look').getByTestId('upload-pending')).toBeVisible()

  // Still offline: a reload keeps both changes.
  await page.reload()
  await expect(page.locator('[data-canvas-item]')).toHaveCount(3)
  expect(await position(card(page, 'Linen shirt'))).toMatchObject({ x: moved.x, y: moved.y })
  await expect.poll(() => photoShown(card(page, 'Tram 28 look'))).toBe(true)
  await expect(page.getByTestId('sync-status').first()).toContainText(/changes? waiting/)

  // Deep links into places visited before, offline.
  const deep = await page.goto(`/wall/${other.id}`)
  expect(deep?.fromServiceWorker()).toBe(true)
  await expect.poll(() => photoShown(card(page, 'Camel coat'))).toBe(true)
  await page.goto('/')
  await expect(page.getByRole('tab', { name: 'Discover' })).toBeVisible()

  // Online again: the server has both changes, and someone else sees them.
  await context.setOffline(false)
  await page.goto(`/wall/${wall.id}`)
  await eventually(() => serverPolaroid(wall.polaroids[0]!.id), (p) => p?.x === moved.x && p.y === moved.y, 30_000)
  await eventually(
    async () => (await admin.from('polaroids').select('name').eq('wall_id', wall.id).is('deleted_at', null)).data ?? [],
    (rows) => rows.some((r) => r.name === 'Tram 28 look'),
    30_000,
  )
  await expect(page.getByTestId('sync-status').first()).toHaveText('All changes saved', { timeout: 20_000 })

  const friend = await createUser()
  const friendContext = await browser.newContext()
  await signInContext(friendContext, friend)
  const friendPage = await friendContext.newPage()
  await openWall(friendPage, wall.id, 3)
  expect(await position(card(friendPage, 'Linen shirt'))).toMatchObject({ x: moved.x, y: moved.y })
  await expect.poll(() => photoShown(card(friendPage, 'Tram 28 look'))).toBe(true)
  await friendContext.close()
  await context.close()
})
