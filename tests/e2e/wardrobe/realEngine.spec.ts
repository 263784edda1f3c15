// The wardrobe from end to end with the real engine (issue 12), as a new user does it: Upload Product on
// their profile → the processing dialog follows the job to 'Processing completed!' → the garments appear
// as products with their tags → a tag edited offline survives an offline reload and reaches the server
// once online → one garment imported onto a wall becomes a transparent sticker that a second person sees.
import sharp from 'sharp'
import { expect, test } from '@playwright/test'
import { outfitTestPhoto } from '../../support/testPhotos'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { admin } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { eventually, seedWall } from '../support/walls'
import { OUTFIT_JOB_BUDGET_MS, processingDialog } from '../support/wardrobe'

// Every test here needs the service worker (offline use or its caches).
test.use(ALLOW_SERVICE_WORKERS)

const photo = await outfitTestPhoto()

test.skip(!photo, 'No outfit photo installed (apt packages opencv-doc or tuxpaint-stamps-default; .ci/run installs them)')

interface ServerTag {
  tag_type: string
  tag_value: string
  is_ai_generated: boolean
}

test('an outfit photo becomes tagged products, edited offline, and a transparent sticker on a wall', async ({ browser }) => {
  // About 45 s of its own under a load average of 15, and the outfit's job on the real engine.
  test.setTimeout(60_000 + OUTFIT_JOB_BUDGET_MS)
  const owner = await createUser({ displayName: 'Real Engine' })
  const context = await browser.newContext()
  await signInContext(context, owner)
  const page = await context.newPage()
  await page.goto(`/${owner.username}`)
  await waitForServiceWorker(page)

  await page.getByTestId('products-area').getByRole('button', { name: 'Upload Product' }).first().click()
  const upload = page.getByRole('dialog', { name: 'Upload Product' })
  await upload.getByTestId('outfit-library-input').setInputFiles({ name: 'outfit.jpg', mimeType: 'image/jpeg', buffer: photo! })
  await upload.getByRole('button', { name: 'Upload' }).click()

  const dialog = processingDialog(page)
  await expect(dialog.getByTestId('processing-status')).toHaveText('Processing completed!', { timeout: OUTFIT_JOB_BUDGET_MS })
  await dialog.getByRole('button', { name: 'View your products' }).click()

  // The outfit's own item and one product per garment, each garment with its category and colours.
  const { data: items } = await admin
    .from('wardrobe_items')
    .select('id, name, image_path, job_id, clothing_tags(tag_type, tag_value, is_ai_generated)')
    .eq('user_id', owner.id)
    .is('deleted_at', null)
  const garments = (items ?? []).filter((i: { image_path: string }) => i.image_path.startsWith('wardrobe-stickers/')) as Array<{
    id: string
    name: string
    clothing_tags: ServerTag[]
  }>
  expect(garments.length).toBeGreaterThanOrEqual(2)
  const area = page.getByTestId('products-area')
  await expect(area.getByTestId('product-card')).toHaveCount(garments.length + 1)
  const garment = garments[0]!
  const category = garment.clothing_tags.find((t) => t.tag_type === 'category')!
  expect(category.is_ai_generated).toBe(true)
  expect(garment.clothing_tags.some((t) => t.tag_type === 'color')).toBe(true)
  expect(garment.clothing_tags).toContainEqual({ tag_type: 'style', tag_value: 'OOTD Extracted', is_ai_generated: false })

  // Offline: verify the category and add a brand; reload offline; online again the server has them.
  await context.setOffline(true)
  const card = area.getByTestId('product-card').filter({ has: page.getByTestId('product-name').getByText(garment.name, { exact: true }) }).first()
  await card.getByTestId('product-name').click()
  const review = page.getByRole('dialog', { name: 'Review and edit' })
  await review.getByRole('button', { name: `Verify Category ${category.tag_value}` }).click()
  await review.getByRole('combobox', { name: 'Add brand' }).fill('Moori Test Brand')
  await review.getByRole('button', { name: 'Add brand tag' }).click()
  await review.getByRole('button', { name: 'Save' }).click()
  await expect(review).toBeHidden()
  const reloaded = await page.reload()
  expect(reloaded?.fromServiceWorker()).toBe(true)
  await card.getByTestId('product-name').click()
  await expect(review.getByTestId('tag-group-brand').getByTestId('tag-row')).toHaveText(/^Moori Test Brand/)
  await expect(review.getByTestId('tag-group-category').getByText('Verified')).toBeVisible()
  await review.getByRole('button', { name: 'Cancel' }).click()
  await context.setOffline(false)
  await eventually(
    async () =>
      (await admin.from('clothing_tags').select('tag_type, tag_value, is_verified').eq('wardrobe_item_id', garment.id).is('deleted_at', null))
        .data as Array<{ tag_type: string; tag_value: string; is_verified: boolean }>,
    (tags) =>
      tags.some((t) => t.tag_type === 'brand' && t.tag_value === 'Moori Test Brand') &&
      tags.some((t) => t.tag_type === 'category' && t.is_verified),
    30_000,
  )

  // Onto a wall: the sticker shows the cut-out, stored in the owner's own folder, with real transparency.
  const wall = await seedWall(owner, { name: 'Engine wall' })
  await page.goto(`/wall/${wall.id}`)
  await page.getByRole('button', { name: 'Wardrobe import' }).click()
  const importer = page.getByRole('dialog', { name: 'Wardrobe import' })
  const importCard = importer.getByTestId('import-item').filter({ has: page.getByRole('button', { name: new RegExp(`^${garment.name}`) }) }).first()
  await importCard.getByRole('button', { name: new RegExp(`^${garment.name}`) }).click()
  await expect(importCard).toHaveAttribute('data-state', 'ready', { timeout: 30_000 })
  const stickers = await eventually<Array<{ image_path: string; needs_cutout: boolean }>>(
    async () =>
      (await admin.from('wall_stickers').select('image_path, needs_cutout').eq('wall_id', wall.id).is('deleted_at', null)).data as Array<{
        image_path: string
        needs_cutout: boolean
      }>,
    (rows) => rows.length === 1,
  )
  expect(stickers[0]).toMatchObject({ needs_cutout: false })
  const imagePath = stickers[0]!.image_path
  expect(imagePath.startsWith(`wardrobe-stickers/${owner.id}/`)).toBe(true)
  const { data: png } = await admin.storage.from('wardrobe-stickers').download(imagePath.slice('wardrobe-stickers/'.length))
  const meta = await sharp(Buffer.from(await png!.arrayBuffer())).metadata()
  expect(meta.hasAlpha).toBe(true)

  // A second person sees the sticker's picture on the (public) wall.
  const visitor = await createUser()
  // Their browser needs no service worker (nor its precache of ~130 files) to see the wall.
  const other = await browser.newContext({ serviceWorkers: 'block' })
  await signInContext(other, visitor)
  const visitorPage = await other.newPage()
  await visitorPage.goto(`/wall/${wall.id}`)
  const seen = visitorPage.locator(`[data-canvas-item][aria-label="Sticker: ${garment.name}"] img`)
  await expect(seen).toBeVisible({ timeout: 20_000 })
  await expect.poll(() => seen.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  await other.close()
  await context.close()
})
