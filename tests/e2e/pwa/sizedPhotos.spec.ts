// Photos sized for where they are shown (issue 27): a wall's cards load the size Storage renders for their
// box as the camera shows it, and a sharper one once the camera rests zoomed in; the polaroid view loads
// the stored photo whole; offline, a photo whose whole copy this device never loaded shows from a smaller
// copy it has rather than not at all.
import { expect, test, type Locator } from '@playwright/test'
import { createUser, signInContext } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { waitForLiveScope } from '../support/replica'
import { card, openWall, seedWall, zoomOf } from '../support/walls'

test.use(ALLOW_SERVICE_WORKERS)

/** The source an <img> shows, once it has loaded (with a srcset its natural width is the box's, not the
 * file's, so the chosen URL says which size came). */
const shown = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? el.currentSrc : 'loading'))
/** The decoded width of the picture an <img> without a srcset shows. */
const decodedWidth = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))

const RENDERED = '/storage/v1/render/image/public/polaroid-images/'
const WHOLE = '/storage/v1/object/public/polaroid-images/'

test('wall cards load a small size, a sharper one zoomed in, the polaroid view the whole photo, and offline another size stands in', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const owner = await createUser()
  // Seeded photos are 480 px square; the cards' box at the wall's first zoom asks for the 240 px size.
  const wall = await seedWall(owner, { name: 'Sizes', polaroids: [{ name: 'Blue', x: 60, y: 60 }, { name: 'Green', x: 400, y: 60 }] })
  const context = await browser.newContext({ deviceScaleFactor: 1 })
  await signInContext(context, owner)
  const page = await context.newPage()
  await openWall(page, wall.id, 2)
  await waitForServiceWorker(page)

  const photo = (name: string) => card(page, name).locator('img')
  for (const name of ['Blue', 'Green']) {
    await expect.poll(() => shown(photo(name))).toMatch(new RegExp(`${RENDERED}.*width=240`))
  }

  // Zoomed in to the most the wall allows, the cards ask for the box's size at that zoom.
  for (let i = 0; i < 5; i++) await page.keyboard.press('+')
  await expect.poll(() => zoomOf(page)).toBe(1.5)
  await expect(photo('Blue')).toHaveAttribute('sizes', '294px')
  for (const name of ['Blue', 'Green']) {
    await expect.poll(() => shown(photo(name))).toMatch(new RegExp(`${RENDERED}.*width=480`))
  }

  // Back to the first zoom: the sharper size stays. The polaroid view: the stored photo, whole.
  await page.keyboard.press('0')
  await expect.poll(() => zoomOf(page)).toBe(0.75)
  await expect(photo('Blue')).toHaveAttribute('sizes', '294px')
  await card(page, 'Blue').getByRole('button', { name: 'Open Blue' }).click({ force: true })
  const view = page.getByRole('dialog', { name: 'Blue' })
  await expect.poll(() => shown(view.locator('img'))).toContain(WHOLE)
  expect(await decodedWidth(view.locator('img'))).toBe(480)
  await view.getByRole('button', { name: 'Close' }).click()

  // Offline, Green's whole copy was never loaded here: the view shows a smaller copy the device has.
  await context.setOffline(true)
  await page.reload()
  await expect(page.locator('[data-canvas-item]')).toHaveCount(2)
  await card(page, 'Green').getByRole('button', { name: 'Open Green' }).click({ force: true })
  const offlineView = page.getByRole('dialog', { name: 'Green' })
  await expect.poll(() => shown(offlineView.locator('img'))).toContain(WHOLE)
  expect([240, 480]).toContain(await decodedWidth(offlineView.locator('img')))
  await expect(offlineView.getByText('Image unavailable')).toHaveCount(0)
  await context.close()
})

test("the boot script preloads each card's photo at the size the card picks, never the whole photo, on a first visit and a warm open", async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const owner = await createUser()
  const wall = await seedWall(owner, { name: 'Preloads', polaroids: [{ name: 'Red', x: 60, y: 60 }, { name: 'Teal', x: 400, y: 60 }] })
  // At twice the pixels, the cards' 147 px box asks for the 480 px rendering (240 would be blurred).
  const context = await browser.newContext({ deviceScaleFactor: 2 })
  await signInContext(context, owner)
  const page = await context.newPage()
  const whole: string[] = []
  page.on('request', (request) => {
    if (request.url().includes(WHOLE)) whole.push(request.url())
  })
  const imagePreloads = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=image]')].map((link) => ({
        href: link.getAttribute('href'),
        sizes: link.imageSizes,
        srcset: link.imageSrcset,
      })),
    )
  const photo = (name: string) => card(page, name).locator('img')

  for (const visit of ['first visit', 'warm open']) {
    if (visit === 'first visit') await openWall(page, wall.id, 2)
    else await page.reload()
    await expect(page.locator('[data-canvas-item]')).toHaveCount(2)
    for (const name of ['Red', 'Teal']) {
      await expect.poll(() => shown(photo(name)), visit).toMatch(new RegExp(`${RENDERED}.*width=480`))
    }
    expect(whole, visit).toEqual([])
    // The preloads ran (one a card), each with the card's own srcset and sizes, none for a whole photo.
    const preloads = await imagePreloads()
    expect(preloads, visit).toHaveLength(2)
    for (const preload of preloads) {
      expect(preload.href, visit).toBeNull()
      expect(preload.sizes, visit).toBe(await photo('Red').getAttribute('sizes'))
      expect(preload.srcset, visit).toContain('width=480')
    }
    // The warm open reads the wall from the replica: wait until the pull has put it there.
    if (visit === 'first visit') await waitForLiveScope(page, owner.id, `wall:${wall.id}`)
  }
  await context.close()
})
