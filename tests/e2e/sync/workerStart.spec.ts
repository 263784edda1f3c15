// A worker that does not start is a failure the screen shows, not a spinner that never stops (issue
// 22): the sync worker's script answers 500, so the Mooris tab says its pull failed, with Try Again;
// once the script loads again, Try Again starts a new worker and the walls arrive. The same for the
// presence worker on a wall: the header says so, and Try Again joins the wall's room with a new one.
// The service worker is blocked so the scripts come from the network, where the test can break them.
import { expect, test } from '@playwright/test'
import { messages } from '../../../src/lib/messages'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { seedWall } from '../support/walls'

const SYNC_WORKER = '**/assets/sync.worker-*.js'
const PRESENCE_WORKER = '**/assets/presence.worker-*.js'

let ada: E2EUser

test.beforeAll(async () => {
  ada = await createUser({ displayName: 'Ada Workers' })
})

test('a sync worker that does not start shows the failed pull; Try Again starts it and the walls arrive', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  await context.route(SYNC_WORKER, (route) => route.fulfill({ status: 500, body: 'broken deploy' }))
  const page = await context.newPage()
  await page.goto('/?tab=mooris')
  await expect(page.getByText(messages.wallsFailed)).toBeVisible({ timeout: 15_000 })

  await context.unroute(SYNC_WORKER)
  await page.getByRole('button', { name: 'Try Again' }).click()
  await expect(page.getByTestId('wall-card').filter({ hasText: 'Wedding Guest Outfits' })).toHaveCount(1)
  await expect(page.getByText(messages.wallsFailed)).toHaveCount(0)
  await context.close()
})

test('a presence worker that does not start says so on the wall; Try Again joins the room', async ({ browser }) => {
  // Two fresh browsers, each loading every chunk from the network.
  test.setTimeout(120_000)
  const wall = await seedWall(ada, { name: 'Presence failure wall', polaroids: [{ name: 'A card', x: 60, y: 60 }] })
  const context = await browser.newContext({ serviceWorkers: 'block' })
  await signInContext(context, ada)
  await context.route(PRESENCE_WORKER, (route) => route.fulfill({ status: 500, body: 'broken deploy' }))
  const page = await context.newPage()
  // Without the service worker every chunk comes from a busy shared server: give the first load time.
  await page.goto(`/wall/${wall.id}`)
  await expect(page.locator('[data-canvas-item]')).toHaveCount(1, { timeout: 20_000 })
  const failed = page.getByTestId('presence-failed')
  await expect(failed).toContainText(messages.presenceFailed, { timeout: 15_000 })

  // Someone else on the wall shows up once the new worker has joined.
  const other = await browser.newContext()
  const guest = await other.newPage()
  await guest.goto(`/wall/${wall.id}`)
  await expect(guest.locator('[data-canvas-item]')).toHaveCount(1, { timeout: 20_000 })
  await context.unroute(PRESENCE_WORKER)
  await failed.getByRole('button', { name: messages.tryAgain }).click()
  await expect(failed).toHaveCount(0)
  await expect(page.locator('[data-testid="presence-peer"][data-name="Guest"]')).toBeVisible()
  await other.close()
  await context.close()
})
