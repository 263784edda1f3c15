// Nothing covers a control a click or a focus brings into view (found by the chaos run): a toast over a
// dialog's Upload button swallowed the click, and a tag's Add button scrolled in under the review
// dialog's sticky Save.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { createUser, signInContext } from '../support/users'
import { card, photo, seedWall } from '../support/walls'
import { seedWardrobeItem } from '../support/wardrobe'

/** What a click at the centre of `target` lands on: the target itself, or what covers it. */
async function clickLandsOn(page: Page, target: Locator): Promise<boolean> {
  const box = (await target.boundingBox())!
  const handle = await target.elementHandle()
  return page.evaluate(
    ([x, y, element]) => {
      const hit = document.elementFromPoint(x, y)
      return !!hit && (element as Element).contains(hit)
    },
    [box.x + box.width / 2, box.y + box.height / 2, handle] as const,
  )
}

test("a toast over a dialog's button lets the click through", async ({ page }) => {
  const user = await createUser()
  await signInContext(page.context(), user)
  const wall = await seedWall(user, { name: 'Toasts over buttons', polaroids: [{ name: 'One' }, { name: 'Two' }] })
  await page.goto(`/wall/${wall.id}`)
  await expect(card(page, 'One')).toBeVisible()
  await card(page, 'One').getByRole('button', { name: /^Delete / }).dispatchEvent('click')
  await page.getByRole('dialog', { name: 'Delete this image?' }).getByRole('button', { name: 'Delete' }).click()
  // The delete's toast (with Undo) stays 8 s; the upload dialog opens under it.
  await page.getByRole('toolbar', { name: 'Moori actions' }).getByRole('button', { name: 'Upload' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload an image' })
  await dialog.getByLabel('Choose an image').setInputFiles({ name: 'three.jpg', mimeType: 'image/jpeg', buffer: await photo(90, 600, 400) })
  await dialog.getByLabel('Name (optional)').fill('Three')
  const submit = dialog.getByRole('button', { name: 'Upload', exact: true })
  await expect(page.getByTestId('toast').filter({ hasText: "'One' deleted." })).toBeVisible()
  // The dialog scrolls: its Upload button comes into view at the bottom of the screen, where toasts are.
  await submit.scrollIntoViewIfNeeded()
  const button = (await submit.boundingBox())!
  const centre = { x: button.x + button.width / 2, y: button.y + button.height / 2 }
  const toastBoxes = await page.getByTestId('toast').evaluateAll((all) => all.map((t) => t.getBoundingClientRect().toJSON() as DOMRect))
  // A toast does cover the button's centre (else this test would prove nothing) ...
  expect(toastBoxes.some((t) => centre.x >= t.left && centre.x <= t.right && centre.y >= t.top && centre.y <= t.bottom)).toBe(true)
  // ... and a click there still reaches the button.
  expect(await clickLandsOn(page, submit)).toBe(true)
  await submit.click({ timeout: 2000 })
  await expect(page.getByRole('dialog', { name: 'Three' })).toBeVisible()
})

test("a control scrolled into view in the review dialog stops above its sticky buttons", async ({ page }) => {
  const user = await createUser()
  await signInContext(page.context(), user)
  const tags: Parameters<typeof seedWardrobeItem>[1]['tags'] = [
    ['category', 'top'], ['color', 'red'], ['color', 'blue'], ['style', 'casual'], ['season', 'summer'],
    ['occasion', 'work'], ['material', 'cotton'], ['brand', 'Acme'],
  ]
  await seedWardrobeItem(user, { name: 'Many tags', tags })
  await page.setViewportSize({ width: 1280, height: 600 })
  await page.goto(`/${user.username}`)
  await page.getByTestId('product-card').filter({ hasText: 'Many tags' }).getByTestId('product-name').click()
  const dialog = page.getByRole('dialog', { name: 'Review and edit' })
  const add = dialog.getByRole('button', { name: 'Add material tag', exact: true })
  await dialog.getByRole('combobox', { name: 'Add material', exact: true }).fill('linen')
  await add.scrollIntoViewIfNeeded()
  expect(await clickLandsOn(page, add)).toBe(true)
})
