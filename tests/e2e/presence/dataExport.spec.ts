// 'Download my data' and 'Import a Moori export' as a person would use them: from the profile's
// account menu, with a progress bar, offline too (images from the device's cache); the zip restores
// the wall and its cards in another account; a zip that is not a Moori export is refused, clearly.
import { readFile } from 'node:fs/promises'
import { unzipSync, strFromU8, zipSync, strToU8 } from 'fflate'
import { expect, test, type Page } from '@playwright/test'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { card, openWall, position, seedWall } from '../support/walls'

// Every test here needs the service worker (offline use or its caches).
test.use(ALLOW_SERVICE_WORKERS)

let ada: E2EUser
let ben: E2EUser

test.beforeAll(async () => {
  ada = await createUser({ displayName: 'Ada Export' })
  ben = await createUser({ displayName: 'Ben Import' })
})

async function accountMenu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: item }).click()
}

test('a user downloads their data offline and restores it in another account', async ({ browser }, info) => {
  const wall = await seedWall(ada, {
    name: 'Export wall',
    polaroids: [
      { name: 'First card', x: 80, y: 90 },
      { name: 'Second card', x: 430, y: 120 },
    ],
  })
  const adaContext = await browser.newContext()
  await signInContext(adaContext, ada)
  const page = await adaContext.newPage()
  await openWall(page, wall.id, 2)
  await waitForServiceWorker(page)
  // The cards' images are shown once online, so the device has them.
  await expect(page.locator('[data-canvas-item] img')).toHaveCount(2)
  await expect.poll(() => page.locator('[data-canvas-item] img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))).toBe(true)
  await page.goto(`/${ada.username}`)
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()

  await adaContext.setOffline(true)
  await accountMenu(page, 'Download my data')
  const dialog = page.getByRole('dialog', { name: 'Download my data' })
  await expect(dialog).toBeVisible()
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download zip' }).click()
  const file = await download
  await expect(dialog.getByRole('status')).toHaveText('Your download has started.')
  await expect(dialog.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('value', '1')
  await page.screenshot({ path: 'test-results/export-dialog.png' })
  const zipPath = info.outputPath('export.zip')
  await file.saveAs(zipPath)
  expect(file.suggestedFilename()).toMatch(new RegExp(`^moori-${ada.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`))
  const zip = new Uint8Array(await readFile(zipPath))
  const files = unzipSync(zip)
  const manifest = JSON.parse(strFromU8(files['moori-export.json']!)) as { counts: Record<string, number>; missingImages: string[] }
  expect(manifest.counts).toMatchObject({ walls: 1, polaroids: 2, profiles: 1 })
  expect(manifest.missingImages).toEqual([])
  expect(Object.keys(files).filter((name) => name.startsWith('images/'))).toHaveLength(2)
  expect(strFromU8(files['README.md']!)).toContain('# Your Moori data')
  await dialog.getByRole('button', { name: 'Done' }).click()
  await adaContext.setOffline(false)
  await adaContext.close()

  // Ben imports it into his account: a foreign zip first, which is refused.
  const benContext = await browser.newContext()
  await signInContext(benContext, ben)
  const benPage = await benContext.newPage()
  await benPage.goto(`/${ben.username}`)
  const choose = async (name: string, buffer: Buffer) => {
    const chooser = benPage.waitForEvent('filechooser')
    await accountMenu(benPage, 'Import a Moori export')
    await (await chooser).setFiles({ name, mimeType: 'application/zip', buffer })
  }
  await choose('photos.zip', Buffer.from(zipSync({ 'cat.txt': strToU8('meow') })))
  await expect(benPage.getByTestId('toast').getByText('This zip is not a Moori export: it has no moori-export.json.')).toBeVisible()
  await choose('export.zip', Buffer.from(zip))
  await expect(benPage.getByTestId('toast').getByText('Imported 1 Moori, 2 cards and stickers, 0 wardrobe items.')).toBeVisible()
  await expect(benPage.getByTestId('sync-status')).toHaveText('All changes saved', { timeout: 20_000 })
  await expect(benPage.getByText('Export wall')).toBeVisible()
  await benPage.getByText('Export wall').first().click()
  await expect(benPage.locator('[data-canvas-item]')).toHaveCount(2)
  expect(await position(card(benPage, 'First card'))).toMatchObject({ x: 80, y: 90 })
  expect(await position(card(benPage, 'Second card'))).toMatchObject({ x: 430, y: 120 })
  await expect.poll(() => benPage.locator('[data-canvas-item] img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))).toBe(true)
  await benPage.screenshot({ path: 'test-results/imported-wall.png' })
  await benContext.close()
})
