// A toast never lies over the controls at the bottom of a screen: on a narrow window it narrows to fit
// between them, and where it cannot (a phone) it rises above them. The chaos run once found a toast's
// button over the wall toolbar's Delete, taking its click.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { createUser, signInContext } from '../support/users'
import { openWall, seedWall } from '../support/walls'
import { seedWardrobe } from '../wardrobe/wardrobeSeed'

interface Rect {
  x: number
  y: number
  width: number
  height: number
}

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function boxes(locator: Locator): Promise<Rect[]> {
  const found: Rect[] = []
  for (const item of await locator.all()) {
    const box = await item.boundingBox()
    if (box) found.push(box)
  }
  return found
}

/** Every control in the wall's bottom row. */
function bottomControls(page: Page): Locator {
  return page
    .getByRole('toolbar', { name: 'Moori actions' })
    .getByRole('button')
    .or(page.getByRole('group', { name: 'Zoom' }).getByRole('button'))
    .or(page.getByRole('group', { name: 'History' }).getByRole('button'))
}

const windows = [
  { width: 1280, height: 720, phone: false },
  { width: 800, height: 640, phone: false },
  { width: 660, height: 600, phone: false },
  { width: 390, height: 844, phone: true },
]

for (const { width, height, phone } of windows) {
  test(`at ${width}×${height} a toast covers none of the wall's bottom controls`, async ({ browser }) => {
    const owner = await createUser()
    const wall = await seedWall(owner, { name: 'Toast room', polaroids: [{ name: 'One', x: 60, y: 60 }] })
    const context = await browser.newContext({ viewport: { width, height }, ...(phone ? { isMobile: true, hasTouch: true } : {}) })
    await signInContext(context, owner)
    const page = await context.newPage()
    await openWall(page, wall.id, 1)

    if (phone) {
      await page.getByRole('button', { name: 'More actions' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Share' }).click()
    } else {
      await page.getByRole('toolbar', { name: 'Moori actions' }).getByRole('button', { name: 'Share' }).click()
    }
    const toast = page.getByTestId('toast').first()
    await expect(toast).toBeVisible()
    // Let the toasts settle where they rise to.
    await page.waitForFunction(() => document.getAnimations().length === 0)
    const shown = (await toast.boundingBox())!
    const controls = await boxes(bottomControls(page))
    expect(controls.length).toBeGreaterThan(3)
    for (const control of controls) expect(overlaps(shown, control), `toast ${JSON.stringify(shown)} over ${JSON.stringify(control)}`).toBe(false)
    // The toast reads on one line or two, never squeezed to a sliver.
    expect(shown.width).toBeGreaterThanOrEqual(280)

    // Delete answers a plain click while the toast is up.
    if (phone) {
      await page.getByRole('button', { name: 'More actions' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    } else {
      await page.getByRole('toolbar', { name: 'Moori actions' }).getByRole('button', { name: 'Delete' }).click()
    }
    await expect(page.getByRole('dialog', { name: 'Delete this Moori?' })).toBeVisible()
    await context.close()
  })
}

test("on a phone, the review inbox's toast rises above the bar of bulk actions, which stays usable", async ({ browser }) => {
  const owner = await createUser()
  const unverified = { ai: 0.6 }
  await seedWardrobe(owner, [
    { name: 'Garment A', tags: [{ type: 'category', value: 'top', ...unverified }] },
    { name: 'Garment B', tags: [{ type: 'category', value: 'bottom', ...unverified }] },
    { name: 'Garment C', tags: [{ type: 'category', value: 'dress', ...unverified }] },
  ])
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  await signInContext(context, owner)
  const page = await context.newPage()
  await page.goto(`/${owner.username}`)
  await page.getByTestId('products-area').getByRole('tab', { name: /^To review/ }).tap()
  const inbox = page.getByTestId('review-inbox')
  for (const name of ['Garment A', 'Garment B']) {
    await inbox.getByTestId('review-card').filter({ hasText: name }).getByRole('checkbox').tap()
  }
  const bar = page.getByTestId('bulk-actions')
  await expect(bar).toContainText('2 selected')
  await bar.getByRole('button', { name: 'Make public' }).tap()
  const toast = page.getByTestId('toast').first()
  await expect(toast).toBeVisible()
  await page.waitForFunction(() => document.getAnimations().length === 0)
  const shown = (await toast.boundingBox())!
  const controls = await boxes(bar.getByRole('button').or(bar))
  for (const control of controls) expect(overlaps(shown, control), `toast ${JSON.stringify(shown)} over ${JSON.stringify(control)}`).toBe(false)
  await bar.getByRole('button', { name: 'Verify tags' }).tap()
  await expect(inbox.getByTestId('review-card')).toHaveCount(1)
  await context.close()
})
