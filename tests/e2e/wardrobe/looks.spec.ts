// The wardrobe flow's dialogs on a desktop (1440×900; the phone tour scans them at 375 px): the outfit upload dialog,
// the processing dialog (under way with found items, then completed), the header's pill back to it, and
// the wardrobe import dialog with a selected item. Each is screenshotted under test-results/ for a human
// look and scanned with axe-core, which fails on serious or critical violations.
import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, expectNoSeriousA11yIssues, imagesSettled } from '../screens-i/helpers'
import { createUser, signInContext } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { shareFromGallery } from '../support/share'
import { openWall, photo, seedWall } from '../support/walls'
import {
  advanceJob,
  completeJob,
  foundItems,
  holdOutfitJobs,
  processingDialog,
  seedWardrobeItem,
} from '../support/wardrobe'

// Every test here needs the service worker (offline use or its caches).
test.use(ALLOW_SERVICE_WORKERS)

const SHOTS = 'test-results/wardrobe-looks'
mkdirSync(SHOTS, { recursive: true })

async function look(page: Page, name: string): Promise<void> {
  await imagesSettled(page)
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' })
  await expectNoSeriousA11yIssues(page, name)
}

for (const [label, viewport] of [['1440', DESKTOP]] as const) {
  test(`wardrobe dialogs at ${label} px: a look, and no serious accessibility issues`, async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const user = await createUser({ displayName: 'Rosa Lind' })
    const wall = await seedWall(user, { name: 'Weekend in Porto' })
    await seedWardrobeItem(user, {
      name: 'Denim jacket',
      hue: 210,
      cutOut: true,
      tags: [
        ['category', 'outerwear'],
        ['color', 'Blue'],
        ['season', 'Fall'],
      ],
    })
    await seedWardrobeItem(user, {
      name: 'Striped tee',
      hue: 0,
      tags: [
        ['category', 'top'],
        ['color', 'White'],
      ],
    })
    const context = await browser.newContext({ viewport })
    await signInContext(context, user)
    const held = await holdOutfitJobs(context)
    const page = await context.newPage()

    // The outfit upload dialog with a shared photo picked.
    await page.goto('/')
    await waitForServiceWorker(page)
    await shareFromGallery(page, 'porto-look.jpg', await photo(24, 900, 1200))
    await page.getByRole('button', { name: 'Add to my wardrobe' }).click()
    const upload = page.getByRole('dialog', { name: 'Upload Product' })
    await expect(upload.getByAltText('The picked outfit photo')).toBeVisible()
    await look(page, `upload-dialog-${label}`)

    // Processing, half way, with two items found.
    await upload.getByRole('button', { name: 'Upload' }).click()
    const job = await held.started()
    const found = await foundItems(job, ['Cropped denim jacket', 'Striped cotton tee', 'Wide-leg trousers'])
    await advanceJob(job, { progress: 50, items: found.slice(0, 2), totalItems: 3 })
    const dialog = processingDialog(page)
    await expect(dialog.getByTestId('detected-item')).toHaveCount(2)
    await look(page, `processing-dialog-${label}`)

    // Closed while it runs: the page says where the photo went, the header's pill leads back.
    await dialog.getByRole('button', { name: 'Continue Using App' }).click()
    await expect(page.getByRole('heading', { name: 'Added to your wardrobe' })).toBeVisible()
    await expect(page.getByTestId('processing-pill')).toBeVisible()
    await look(page, `share-added-with-pill-${label}`)
    await page.getByTestId('processing-pill').click()
    await completeJob(job, found)
    await expect(dialog.getByTestId('processing-status')).toHaveText('Processing completed!')
    await expect(dialog.getByTestId('detected-item')).toHaveCount(3)
    await look(page, `processing-completed-${label}`)
    await dialog.getByRole('button', { name: 'Continue Using App' }).click()

    // The wardrobe import dialog with one item on the wall.
    await openWall(page, wall.id)
    await page.getByRole('button', { name: 'Wardrobe import' }).click()
    const wardrobe = page.getByRole('dialog', { name: 'Wardrobe import' })
    const jacket = wardrobe.getByTestId('import-item').filter({ has: page.getByRole('button', { name: /^Denim jacket/ }) })
    await jacket.getByRole('button', { name: /^Denim jacket/ }).click()
    await expect(jacket).toHaveAttribute('data-state', 'ready')
    await look(page, `import-dialog-${label}`)
    await wardrobe.getByRole('button', { name: 'Done' }).click()
    await look(page, `wall-with-sticker-${label}`)
    await context.close()
  })
}
