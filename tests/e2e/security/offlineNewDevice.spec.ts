// Offline on a new device: the app opens from the service worker with a session, but this device never
// heard from the server about the account. It must not send the user to set up a profile they already
// have; it says it is waiting for the network, and the account finishes loading once online.
import { expect, test } from '@playwright/test'
import { ACCOUNT_WAITING_FOR_NETWORK } from '../../../src/lib/accountMessages'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { nodeClient } from '../support/stack'
import { STORAGE_KEY, createUser } from '../support/users'

// Every test here needs the service worker (offline use or its caches).
test.use(ALLOW_SERVICE_WORKERS)

test('a signed-in user whose profile has not reached this device waits offline, then loads online', async ({
  context,
  page,
}) => {
  const user = await createUser({ displayName: 'New Device' })
  // The app is installed (precached) on this device while signed out, so nothing of the account is here.
  await page.goto('/')
  await waitForServiceWorker(page)
  const { data, error } = await nodeClient().auth.signInWithPassword({
    email: user.email,
    password: user.password,
  })
  if (error || !data.session) throw error ?? new Error('No session')

  await context.setOffline(true)
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [STORAGE_KEY, JSON.stringify(data.session)] as const,
  )
  await page.clock.install()
  await page.reload()
  await expect(page.getByText(ACCOUNT_WAITING_FOR_NETWORK)).toBeVisible()
  // Well past the profile timeout (10 s) and the setup redirect (2 s): still waiting, still here.
  await page.clock.fastForward('00:30')
  await expect(page.getByText(ACCOUNT_WAITING_FOR_NETWORK)).toBeVisible()
  await expect(page).toHaveURL(/\/$/)

  await context.setOffline(false)
  await expect(page.getByRole('link', { name: 'Your profile, New Device' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(ACCOUNT_WAITING_FOR_NETWORK)).toHaveCount(0)
  await expect(page).toHaveURL(/\/$/)
})
