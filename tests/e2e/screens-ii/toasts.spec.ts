// A toast never takes a click meant for what it covers (found by the chaos run: toasts over a dialog's
// Upload button and the Create Moori button swallowed the click).
import { expect, test, type Locator, type Page } from '@playwright/test'
import { createUser, signInContext } from '../support/users'
import { card, photo, seedWall } from '../support/walls'

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
