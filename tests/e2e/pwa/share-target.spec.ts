// The Web Share Target: a photo shared from the phone's gallery arrives as a multipart POST navigation
// to /share-target (what Chrome sends for the manifest's share_target), the service worker keeps it, and
// /share sends it on to the chosen wall's upload dialog. Signed out it waits through sign-in; offline it
// is added to the device and reaches the server later.
import { expect, test, type Page } from '@playwright/test'
import { signInThroughDialog } from '../screens-i/helpers'
import { admin } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { shareFromGallery } from '../support/share'
import { card, eventually, photo, seedWall } from '../support/walls'

const loaded = (page: Page, alt: string) =>
  page.getByAltText(alt).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)

test.describe(() => {
  test.use(ALLOW_SERVICE_WORKERS)

  test('a shared photo waits through sign-in and lands on the chosen wall, offline too', async ({
    browser,
  }) => {
    test.setTimeout(90_000)
    const owner = await createUser()
    const wall = await seedWall(owner, {
      name: 'Beach trips',
      polaroids: [{ name: 'Straw hat', x: 60, y: 60 }],
    })
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/')
    await waitForServiceWorker(page)

    await shareFromGallery(page, 'IMG_2044.jpg', await photo(30, 1600, 1200))
    await expect(page.getByRole('heading', { name: 'Add this photo to a Moori' })).toBeVisible()
    await expect.poll(() => loaded(page, 'The shared photo')).toBe(true)
    await expect(page.getByText('IMG_2044.jpg')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Sign in to add it' })).toBeVisible()

    await signInThroughDialog(page, owner.email, owner.password)
    const mine = page.getByRole('region', { name: 'Your Mooris' })
    // '1 image' comes with the Mooris list's pull, which also brings the wall's cards (the own-walls
    // pull that may show the wall first does not): only then is the wall on the device.
    await expect(mine.getByRole('button', { name: /Beach trips.*1 image/ })).toBeVisible()

    // The photo and the walls are on the device: the rest works with no network.
    await context.setOffline(true)
    await page.reload()
    await expect.poll(() => loaded(page, 'The shared photo')).toBe(true)
    await mine.getByRole('button', { name: /Beach trips/ }).click()
    await page.waitForURL(`**/wall/${wall.id}`)
    const dialog = page.getByRole('dialog', { name: 'Add the shared photo' })
    await expect.poll(() => loaded(page, 'The picked image')).toBe(true)
    await expect(dialog.getByText('IMG_2044.jpg')).toBeVisible()
    await dialog.getByLabel('Name (optional)').fill('Sunset dress')
    await dialog.getByRole('button', { name: 'Upload' }).click()
    await page.getByRole('dialog', { name: 'Sunset dress' }).getByRole('button', { name: 'Close' }).click()
    await expect(card(page, 'Sunset dress').getByTestId('upload-pending')).toBeVisible()

    // Added once: neither a reload of the wall nor /share offers the photo again.
    await page.reload()
    await expect(page.locator('[data-canvas-item]')).toHaveCount(2)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await page.goto('/share')
    await expect(page.getByRole('heading', { name: 'Nothing to add' })).toBeVisible()

    await context.setOffline(false)
    await page.goto(`/wall/${wall.id}`)
    const added = await eventually(
      async () =>
        ((
          await admin
            .from('polaroids')
            .select('name, image_path')
            .eq('wall_id', wall.id)
            .eq('name', 'Sunset dress')
        ).data as Array<{
          image_path: string | null
        }> | null) ?? [],
      (rows) => rows.length === 1 && rows[0]!.image_path !== null,
      30_000,
    )
    const stored = await admin.storage
      .from('polaroid-images')
      .download(added[0]!.image_path!.replace(/^polaroid-images\//, ''))
    expect(stored.error).toBeNull()
    expect(stored.data?.type).toBe('image/jpeg')
    await context.close()
  })
})

test.describe(() => {
  test.use(ALLOW_SERVICE_WORKERS)

  test('a shared photo can start a new Moori', async ({ browser }) => {
    const newcomer = await createUser()
    const context = await browser.newContext()
    await signInContext(context, newcomer)
    const page = await context.newPage()
    await page.goto('/')
    await waitForServiceWorker(page)
    await shareFromGallery(page, 'first-fit.jpg', await photo(140))
    await expect(page.getByRole('heading', { name: 'Choose a Moori' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Your Mooris' })).toHaveCount(0)

    await page.getByRole('link', { name: 'Create a new Moori' }).click()
    await page.getByLabel('Name').fill('First fits')
    await page.getByRole('button', { name: 'Create Moori' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add the shared photo' })
    await expect(dialog.getByText('first-fit.jpg')).toBeVisible()
    await dialog.getByRole('button', { name: 'Upload' }).click()
    await expect(page.locator('[data-canvas-item]')).toHaveCount(1)
    await context.close()
  })
})

test('a share that reaches the server without a service worker says nothing arrived', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto('/')
  await shareFromGallery(page, 'lost.jpg', await photo(90))
  await expect(page.getByRole('heading', { name: 'Nothing to add' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await context.close()
})
