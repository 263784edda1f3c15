// Signing out, or deleting the account, clears what the service worker keeps for the user: the images
// they saw (a private wall's here) and a photo shared to Moori. Otherwise the next person on a shared
// device could still see them for up to 60 days.
import { expect, test, type Page } from '@playwright/test'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { waitForServiceWorker } from '../support/serviceWorker'
import { openWall, seedWall } from '../support/walls'
import { IMAGE_CACHE } from '../../../src/lib/cacheNames'
import { SHARED_PHOTO_CACHE, SHARED_PHOTO_KEY } from '../../../src/lib/shareTarget'

/** Cache keys of the image cache that name this user's files, and whether a shared photo waits. */
async function cachedForUser(page: Page, user: E2EUser) {
  return page.evaluate(
    async ({ imageCache, sharedCache, userId }) => {
      const images = (await caches.has(imageCache))
        ? (await (await caches.open(imageCache)).keys())
            .map((r) => r.url)
            .filter((url) => url.includes(userId))
        : []
      return { images, shared: await caches.has(sharedCache) }
    },
    { imageCache: IMAGE_CACHE, sharedCache: SHARED_PHOTO_CACHE, userId: user.id },
  )
}

/** Opens the user's private wall under the service worker, so its images land in the cache, and leaves
 * a shared photo waiting. */
async function fillCaches(page: Page, user: E2EUser): Promise<void> {
  const wall = await seedWall(user, {
    name: 'Only mine',
    private: true,
    polaroids: [{ name: 'Private one' }],
  })
  await page.goto('/')
  await waitForServiceWorker(page)
  await openWall(page, wall.id, 1)
  await page.evaluate(
    async ({ sharedCache, key }) => {
      await (
        await caches.open(sharedCache)
      ).put(key, new Response(new Blob(['photo'], { type: 'image/jpeg' })))
    },
    { sharedCache: SHARED_PHOTO_CACHE, key: SHARED_PHOTO_KEY },
  )
  await expect
    .poll(async () => (await cachedForUser(page, user)).images.length, { timeout: 15_000 })
    .toBeGreaterThan(0)
  expect((await cachedForUser(page, user)).shared).toBe(true)
}

async function openAccountMenu(page: Page, user: E2EUser): Promise<void> {
  await page.goto(`/${user.username}`)
  await page.getByRole('button', { name: 'Account menu' }).click()
}

test('signing out clears the cached images and the shared photo', async ({ context, page }) => {
  const user = await createUser({ displayName: 'Shared Device' })
  await signInContext(context, user)
  await fillCaches(page, user)
  await openAccountMenu(page, user)
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign In' }),
  ).toBeVisible()
  await expect.poll(() => cachedForUser(page, user)).toEqual({ images: [], shared: false })
})

test('deleting the account clears the cached images and the shared photo', async ({ context, page }) => {
  const user = await createUser({ displayName: 'Leaving Soon' })
  await signInContext(context, user)
  await fillCaches(page, user)
  await openAccountMenu(page, user)
  await page.getByRole('menuitem', { name: 'Delete My Account' }).click()
  await page
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Yes, Delete' })
    .click()
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 })
  await expect.poll(() => cachedForUser(page, user)).toEqual({ images: [], shared: false })
})
