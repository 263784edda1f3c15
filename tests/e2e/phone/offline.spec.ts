// Issue 17, offline on a phone: at 320 px the status chip over the wall reads whole ('Offline · 6', not
// a clipped sentence) beside the assistant toggle, the page's controls stay reachable, and one tap on
// the chip tells the rest: how many changes wait, since when, and that they go out once back online.
import { expect, test } from '@playwright/test'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { createUser, signInContext } from '../support/users'
import { card, eventually, openWall, seedWall, serverPolaroid } from '../support/walls'
import { expectReachable, phoneContext, shot } from './phoneKit'

// Every test here needs the service worker (offline use or its caches).
test.use(ALLOW_SERVICE_WORKERS)

test('offline at 320 px: the chip reads whole, and the waiting changes are one tap away', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const owner = await createUser()
  const names = ['Cotton shirt', 'Espadrilles', 'Straw hat', 'Canvas tote', 'Silk scarf', 'Sunglasses']
  const wall = await seedWall(owner, {
    name: 'Packing for Lisbon',
    polaroids: names.map((name, i) => ({ name, x: 20 + (i % 2) * 240, y: 20 + Math.floor(i / 2) * 320 })),
  })
  const context = await phoneContext(browser, { width: 320, height: 568 })
  await signInContext(context, owner)
  const page = await context.newPage()
  await openWall(page, wall.id, names.length)
  await waitForServiceWorker(page)
  await expect(page.getByTestId('sync-status')).toHaveText('Saved')

  await context.setOffline(true)
  await page.reload()
  await expect(page.locator('[data-canvas-item]')).toHaveCount(names.length)
  // Six changes while offline: each card nudged with the arrow keys.
  for (const name of names) {
    await card(page, name).focus()
    await page.keyboard.press('ArrowRight')
  }
  const chip = page.getByTestId('sync-status')
  await expect(chip).toHaveText('Offline · 6')
  await expect(chip).toHaveAccessibleName('Offline (from cache) · 6 changes waiting. Sync details')
  // Whole, not clipped, and clear of the assistant toggle beside it.
  expect(await chip.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  const [chipBox, toggleBox] = [
    await chip.boundingBox(),
    await page.getByRole('button', { name: 'Assistant' }).boundingBox(),
  ]
  expect(chipBox!.x + chipBox!.width).toBeLessThanOrEqual(toggleBox!.x)
  await expectReachable(page, 'offline wall at 320')
  await shot(page, 'offline-wall-320')

  await chip.click()
  const details = page.getByRole('dialog', { name: 'Sync status' })
  await expect(details.getByTestId('sync-details-headline')).toHaveText(
    'Offline (from cache) · 6 changes waiting',
  )
  await expect(details.getByTestId('sync-details-waiting')).toHaveText('6')
  await expect(details).toContainText('They go out as soon as you are back online.')
  await expectReachable(page, 'sync details at 320')
  await shot(page, 'offline-sync-details-320')
  await details.getByRole('button', { name: 'Close' }).click()

  await context.setOffline(false)
  await page.reload()
  await expect(page.getByTestId('sync-status')).toHaveText('Saved', { timeout: 30_000 })
  await eventually(
    () => serverPolaroid(wall.polaroids[5]!.id),
    (p) => p?.x === wall.polaroids[5]!.x + 10,
    30_000,
  )
  await context.close()
})
