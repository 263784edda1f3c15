// Accessibility and looks on a desktop: an axe-core scan of the wall, polaroid, submit and preview
// screens (no serious or critical violations), and screenshots of every screen, kept in /tmp/screens-ii
// for a person to look at. The phone tour (phone/reachability.spec.ts) does the same on a phone.
import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import axe from 'axe-core'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { card, openWall, photo, seedWall, type SeededWall } from '../support/walls'

const SHOTS = '/tmp/screens-ii'
const sizes = [{ name: 'desktop', width: 1440, height: 900 }] as const

let owner: E2EUser
let wall: SeededWall
let empty: SeededWall

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  owner = await createUser({ displayName: 'Rosa Lind' })
  const names = ['Linen blazer', 'Pleated skirt', 'Silver flats', 'Market tote', 'Cable knit', 'Sun hat', 'Denim jacket', 'Silk scarf']
  wall = await seedWall(owner, {
    name: 'Autumn capsule',
    description: 'Ten pieces, thirty outfits. Add yours!',
    polaroids: names.map((name, i) => ({ name, message: 'Goes with everything in the list', x: 40 + (i % 4) * 290, y: 40 + Math.floor(i / 4) * 340 })),
  })
  empty = await seedWall(owner, { name: 'Blank page', description: 'Nothing here yet' })
})

async function scan(page: Page, label: string) {
  // Evaluated through the DevTools protocol: an injected <script> tag is (rightly) blocked by the app's CSP.
  await page.evaluate(axe.source)
  const result = await page.evaluate(async () => {
    const run = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] })
    return run.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))
  })
  const serious = result.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([])
}

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(350)
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

for (const size of sizes) {
  test.describe(`${size.name} ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } })

    test('the wall, its polaroid modal and its dialogs', async ({ context, page }) => {
      await signInContext(context, owner)
      await openWall(page, wall.id, 8)
      await expect(card(page, 'Linen blazer').locator('img')).toHaveJSProperty('complete', true)
      await shoot(page, `wall-owner-${size.name}`)
      await scan(page, 'wall')

      await card(page, 'Pleated skirt').getByRole('button', { name: 'Open Pleated skirt' }).click({ force: true })
      const modal = page.getByRole('dialog', { name: 'Pleated skirt' })
      await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled()
      await shoot(page, `polaroid-modal-${size.name}`)
      await scan(page, 'polaroid modal')
      await modal.getByRole('button', { name: 'Close' }).click()

      await page.getByRole('button', { name: 'Upload' }).click()
      await shoot(page, `upload-dialog-${size.name}`)
      await page.getByRole('dialog', { name: 'Upload an image' }).getByLabel('Choose an image').setInputFiles({ name: 'p.jpg', mimeType: 'image/jpeg', buffer: await photo(10) })
      await shoot(page, `upload-dialog-picked-${size.name}`)
      await scan(page, 'upload dialog')
      await page.getByRole('dialog', { name: 'Upload an image' }).getByRole('button', { name: 'Cancel' }).click()

      await page.getByRole('button', { name: 'Edit moori name' }).click()
      await page.getByLabel('Moori name').fill('x'.repeat(90))
      await page.keyboard.press('Enter')
      await expect(page.getByText('Name is too long')).toBeVisible()
      await shoot(page, `wall-rename-error-${size.name}`)
      await page.keyboard.press('Escape')

      await page.goto(`/wall/${wall.id}/polaroid/${wall.polaroids[3]!.id}`)
      await expect(page.getByRole('dialog', { name: 'Market tote' })).toBeVisible()
      await shoot(page, `polaroid-direct-${size.name}`)
      await scan(page, 'polaroid route')

      await openWall(page, empty.id)
      await expect(page.getByRole('heading', { name: 'This Moori is empty!' })).toBeVisible()
      await shoot(page, `wall-empty-${size.name}`)

      await page.goto(`/wall/${wall.id}/submit`)
      await expect(page.getByRole('heading', { name: 'Autumn capsule' })).toBeVisible()
      await shoot(page, `submit-${size.name}`)
      await scan(page, 'submit')
    })

    test('what visitors see: a wall, not found, submit, the preview', async ({ page }) => {
      await openWall(page, wall.id, 8)
      await shoot(page, `wall-guest-${size.name}`)
      await scan(page, 'wall (guest)')

      await page.goto('/wall/does-not-exist')
      await expect(page.getByRole('heading', { name: 'Moori Not Found' })).toBeVisible()
      await shoot(page, `wall-not-found-${size.name}`)

      await page.goto(`/wall/${wall.id}/submit`)
      await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible()
      await shoot(page, `submit-signed-out-${size.name}`)
      await scan(page, 'submit (signed out)')

      await page.goto('/create-preview')
      await expect(page.getByRole('heading', { name: 'My Moori' })).toBeVisible()
      await shoot(page, `preview-empty-${size.name}`)
      await scan(page, 'preview (empty)')
      await page.getByRole('button', { name: 'Add image' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add an image' })
      await dialog.getByRole('button', { name: 'Add to preview' }).click()
      await shoot(page, `preview-add-errors-${size.name}`)
      await dialog.getByLabel('Name').fill('Velvet bow')
      await dialog.getByLabel('Message').fill('For the hair')
      await dialog.getByLabel('Image', { exact: true }).setInputFiles({ name: 'bow.jpg', mimeType: 'image/jpeg', buffer: await photo(300) })
      await dialog.getByRole('button', { name: 'Add to preview' }).click()
      await expect(card(page, 'Velvet bow')).toBeVisible()
      await shoot(page, `preview-${size.name}`)
      await scan(page, 'preview')
      await card(page, 'Velvet bow').click()
      await expect(page.getByRole('dialog', { name: 'Velvet bow' })).toBeVisible()
      await shoot(page, `preview-modal-${size.name}`)
      await scan(page, 'preview modal')
    })
  })
}
