// Offline moments after a first visit, before the service worker holds the app (issue 27): the home
// page fetches ahead, all at once, what a new person's next steps need (create-wall → the wall and its
// upload dialog → the polaroid, and the photo shrinker) and marks when they are on the device
// (`moori:ahead-of-HomeScreen`); from then on a wall can be made and a photo put on it offline, and
// both reach the server once online, where another browser sees the photo on the wall. A screen whose
// code the device does not have yet says so, instead of a blank page, and opens once online.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { admin } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { ALLOW_SERVICE_WORKERS } from '../support/serviceWorker'
import sharp from 'sharp'
import { card, eventually, photo, seedWall } from '../support/walls'

// Allowed, so the offline spell starts while the worker is still installing, as on a real first visit.
test.use(ALLOW_SERVICE_WORKERS)

/** A new person's first visit: home with its first cards shown, the service worker not in control yet. */
async function firstVisit(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  await signInContext(context, await createUser())
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('heading').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Create' }).first()).toBeVisible()
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()
  return { context, page }
}

test('offline right after the first visit, a new wall gets its photo, and both reach the server online', async ({
  browser,
}) => {
  const { context, page } = await firstVisit(browser)
  // About two seconds in, or when the app says the next steps are on the device, if later (a person
  // takes about that long to reach for Create).
  await page.waitForTimeout(2000)
  await page.waitForFunction(() => performance.getEntriesByName('moori:ahead-of-HomeScreen').length > 0, null, {
    timeout: 30_000,
  })
  await context.setOffline(true)

  await page.getByRole('link', { name: 'Create' }).first().click()
  await page.getByLabel(/^Name/).fill('Made on a first visit')
  await page.getByRole('button', { name: 'Create Moori' }).click()
  await expect(page).toHaveURL(/\/wall\/[A-Za-z0-9_-]+$/)
  const wallId = new URL(page.url()).pathname.split('/').pop()!
  await page.getByRole('button', { name: 'Upload' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Upload an image' })
  await dialog
    .getByLabel('Choose an image')
    .setInputFiles({ name: 'first.jpg', mimeType: 'image/jpeg', buffer: await photo(40, 1600, 1200) })
  await dialog.getByLabel('Name (optional)').fill('First photo')
  await dialog.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('dialog', { name: 'First photo' })).toBeVisible({ timeout: 20_000 })

  await context.setOffline(false)
  const polaroids = async () =>
    ((await admin.from('polaroids').select('name, image_path').eq('wall_id', wallId)).data ?? []) as Array<{
      name: string
      image_path: string | null
    }>
  await eventually(polaroids, (rows) => rows.length === 1 && rows[0]!.image_path !== null, 30_000)
  const stored = (await polaroids())[0]!
  expect(stored.name).toBe('First photo')
  const image = await admin.storage
    .from('polaroid-images')
    .download(stored.image_path!.replace(/^polaroid-images\//, ''))
  expect(image.error).toBeNull()
  expect(image.data!.size).toBeGreaterThan(1000)

  // Someone else, in another browser, sees the photo on the wall.
  const other = await browser.newContext()
  const visitor = await other.newPage()
  await visitor.goto(`/wall/${wallId}`)
  const photoOnWall = card(visitor, 'First photo').locator('img')
  await expect(photoOnWall).toBeVisible()
  await expect.poll(() => photoOnWall.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await other.close()
  await context.close()
})

test('a screen whose code is not on the device yet says so offline, and opens once online', async ({
  browser,
}) => {
  const { context, page } = await firstVisit(browser)
  await context.setOffline(true)
  // The share screen is fetched by nothing ahead: a person only reaches it from the share sheet.
  await page.evaluate(() => {
    history.pushState({}, '', '/share')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  const notHere = page
    .getByRole('alert')
    .filter({ has: page.getByRole('heading', { name: 'You are offline' }) })
  await expect(notHere).toContainText(
    'This page is not on this device yet. It opens as soon as you are back online.',
  )
  await notHere.getByRole('button', { name: 'Try Again' }).click()
  await expect(notHere).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByRole('heading', { name: 'Nothing to add' })).toBeVisible()
  await context.close()
})

test('a photo added while the photo shrinker cannot be had is shrunk by the canvas and kept', async ({ browser }) => {
  // No service worker and the shrinker's chunk refused: as offline before anything fetched it ahead.
  const context = await browser.newContext({ serviceWorkers: 'block' })
  await context.route(/\/assets\/shrink\.worker-[^/]+\.js$/, (route) => route.abort('internetdisconnected'))
  const user = await createUser()
  await signInContext(context, user)
  const wall = await seedWall(user, { name: 'No shrinker here' })
  const page = await context.newPage()
  await page.goto(`/wall/${wall.id}`)
  await page.getByRole('button', { name: 'Upload' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Upload an image' })
  await dialog
    .getByLabel('Choose an image')
    .setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: await photo(200, 1600, 1200) })
  await dialog.getByLabel('Name (optional)').fill('Canvas shrunk')
  await dialog.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('dialog', { name: 'Canvas shrunk' })).toBeVisible({ timeout: 20_000 })

  const rows = await eventually(
    async () => ((await admin.from('polaroids').select('image_path').eq('wall_id', wall.id)).data ?? []) as Array<{ image_path: string | null }>,
    (list) => list.length === 1 && list[0]!.image_path !== null,
    30_000,
  )
  const stored = await admin.storage.from('polaroid-images').download(rows[0]!.image_path!.replace(/^polaroid-images\//, ''))
  expect(stored.error).toBeNull()
  const meta = await sharp(Buffer.from(await stored.data!.arrayBuffer())).metadata()
  expect(meta.format).toBe('jpeg')
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(800)
  await context.close()
})
