// Every route opens offline once the service worker controls the page: the home page, a profile
// visited before, and deep links into routes never opened before get the app shell (no browser error
// page); the status chip says the app runs from cache.
import { expect, test } from '@playwright/test'
import { createUser, signInContext } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'

// Every test here needs the service worker (offline use or its caches).
test.use(ALLOW_SERVICE_WORKERS)

test('home and a visited profile open offline from a cold reload, with their data', async ({ browser }) => {
  const user = await createUser()
  const context = await browser.newContext()
  await signInContext(context, user)
  const page = await context.newPage()
  await page.goto('/')
  await waitForServiceWorker(page)
  await page.goto('/ada')
  await expect(page.getByRole('heading', { name: 'Ada Okafor' })).toBeVisible()
  // Usernames may contain dots: /milo.reyes is a route, not a file.
  await page.goto('/milo.reyes')
  await expect(page.getByRole('heading', { name: 'Milo Reyes' })).toBeVisible()
  await page.goto('/')
  await expect(page.getByText('Wedding Guest Outfits').first()).toBeVisible()

  await context.setOffline(true)
  const home = await page.reload()
  expect(home?.fromServiceWorker()).toBe(true)
  await expect(page.getByText('Wedding Guest Outfits').first()).toBeVisible()
  await expect(page.getByTestId('sync-status').first()).toContainText('Offline')

  const profile = await page.goto('/ada')
  expect(profile?.fromServiceWorker()).toBe(true)
  await expect(page.getByRole('heading', { name: 'Ada Okafor' })).toBeVisible()

  await page.goto('/milo.reyes')
  await expect(page.getByRole('heading', { name: 'Milo Reyes' })).toBeVisible()

  const deep = await page.goto('/create-wall')
  expect(deep?.status()).toBe(200)
  expect(deep?.fromServiceWorker()).toBe(true)
  await expect(page.getByRole('button', { name: 'Create Moori' })).toBeVisible()
  await context.close()
})
