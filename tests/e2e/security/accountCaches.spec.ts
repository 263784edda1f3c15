// Signing out or deleting the account clears what the service worker keeps for the user: the images
// they saw (a private wall's here) and a photo shared to Moori. Otherwise the next person on a shared
// device could still see them for up to 60 days. Images are cached apart per person: the
// user's private images are in their own cache, none in the guest's.
import { expect, test, type Page } from '@playwright/test'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { openWall, seedWall } from '../support/walls'
import { IMAGE_CACHE_PREFIX, imageCacheFor } from '../../../src/lib/cacheNames'
import { SHARED_PHOTO_CACHE, SHARED_PHOTO_KEY } from '../../../src/lib/shareTarget'

// Every test here needs the service worker (offline use or its caches).
test.use(ALLOW_SERVICE_WORKERS)

/** Cache keys of the image caches that name this user's files (by cache), and whether a shared photo waits. */
async function cachedForUser(page: Page, user: E2EUser) {
  const found = await page.evaluate(
    async ({ prefix, sharedCache, userId }) => {
      const byCache: Record<string, string[]> = {}
      for (const name of await caches.keys()) {
        if (!name.startsWith(prefix)) continue
        const urls = (await (await caches.open(name)).keys())
          .map((r) => r.url)
          .filter((url) => url.includes(userId))
        if (urls.length > 0) byCache[name] = urls
      }
      return { byCache, shared: await caches.has(sharedCache) }
    },
    { prefix: IMAGE_CACHE_PREFIX, sharedCache: SHARED_PHOTO_CACHE, userId: user.id },
  )
  return {
    images: Object.values(found.byCache).flat(),
    caches: Object.keys(found.byCache),
    shared: found.shared,
  }
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
  const cached = await cachedForUser(page, user)
  expect(cached.shared).toBe(true)
  // Kept apart: all in this user's own cache.
  expect(cached.caches).toEqual([imageCacheFor(user.id)])
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
  await expect.poll(() => cachedForUser(page, user)).toMatchObject({ images: [], shared: false })
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
  await expect.poll(() => cachedForUser(page, user)).toMatchObject({ images: [], shared: false })
})
