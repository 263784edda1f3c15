// How undo and redo look (issue 24): screenshots at 1280×900 and on a 390×844 phone, with a step to
// undo, and the toast after a delete, into test-results/undo/. The buttons stay hit-testable.
import { expect, test } from '@playwright/test'
import { createUser, signInContext } from '../support/users'
import { card, centre, seedWall } from '../support/walls'

test('desktop 1280×900 and phone 390×844', async ({ browser }) => {
  test.setTimeout(120_000)
  const owner = await createUser()
  const wall = await seedWall(owner, {
    name: 'Autumn capsule',
    polaroids: [
      { name: 'Sage slip dress', x: 60, y: 60 },
      { name: 'Camel coat', x: 360, y: 80 },
      { name: 'Linen shirt', x: 660, y: 40 },
    ],
  })
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await signInContext(desktop, owner)
  const page = await desktop.newPage()
  // A device's first pull of a wall: room for a loaded shared machine (see undo.spec.ts).
  await page.goto(`/wall/${wall.id}`)
  await expect(page.locator('[data-canvas-item]')).toHaveCount(3, { timeout: 30_000 })
  const from = await centre(card(page, 'Sage slip dress'))
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x + 60, from.y + 260, { steps: 8 })
  await page.mouse.up()
  await expect(page.getByRole('button', { name: "Undo move of 'Sage slip dress'" })).toBeEnabled()
  await page.screenshot({ path: 'test-results/undo/desktop-1280x900.png' })
  await card(page, 'Camel coat').hover()
  await page.getByRole('button', { name: 'Delete Camel coat' }).click()
  await page.getByRole('dialog', { name: 'Delete this image?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: "'Camel coat' deleted." })).toBeVisible()
  await page.screenshot({ path: 'test-results/undo/desktop-toast-1280x900.png' })
  await desktop.close()

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  await signInContext(phone, owner)
  const mobile = await phone.newPage()
  await mobile.goto(`/wall/${wall.id}`)
  await expect(mobile.locator('[data-canvas-item]')).toHaveCount(2, { timeout: 30_000 })
  // The history is this device's own: a move here (arrow keys move the selected card) makes one.
  await card(mobile, 'Linen shirt').focus()
  await mobile.keyboard.press('ArrowRight')
  const undo = mobile.getByRole('button', { name: "Undo move of 'Linen shirt'" })
  await expect(undo).toBeEnabled()
  const box = (await undo.boundingBox())!
  expect(box.width).toBeGreaterThanOrEqual(44)
  expect(await undo.evaluate((el) => {
    const r = el.getBoundingClientRect()
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2))
  })).toBe(true)
  await mobile.screenshot({ path: 'test-results/undo/phone-390x844.png' })
  await phone.close()
})
