// The cut-out editor (issue 26, "Fix it by hand") in the built app against the stack, with the service
// worker: offline, the owner opens the editor on an item whose runtime was fetched once online, draws two
// Remove strokes with the mouse, undoes the second and saves. Online again the fix reaches the server as
// the item's cut-out (`edited`), and a second person's sticker of the public item, made afterwards, shows
// it: transparent under the first stroke, opaque under the undone second one.
// On a phone (390×844, touch): a finger's stroke, a pinch, a second finger that drops a stroke, the
// question before discarding changes, and the editor reopened on the saved fix (its stroke undoable).
// A garment the real engine cut from an outfit upload opens on the outfit photo cropped around it, not on
// its extracted picture.
import { expect, test, type CDPSession, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { admin } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { eventually, seedWall } from '../support/walls'
import { DEVICE_CUTOUT_BUDGET_MS, OUTFIT_JOB_BUDGET_MS, processingDialog, seedWardrobeItem } from '../support/wardrobe'
import { outfitTestPhoto } from '../../support/testPhotos'
import { cropPixels, garmentCrop } from '../../../src/lib/cutout/garmentCrop'
import { fitInside } from '../../../src/lib/cutout/squeeze'
import type { BoxPercent } from '../../../src/lib/cutout/trim'

const SHOTS = 'test-results/cutout-editor'
const outfitPhoto = await outfitTestPhoto()
/** The tee in the photo spans 10–90 % of it both ways (the path below, in a 100-unit box). */
const TEE = { x0: 0.1, y0: 0.1, size: 0.8 }
/** The middles of the tee's red band (41–49 %) and its yellow band (78–86 %). */
const STROKE_1_Y = 0.45
const STROKE_2_Y = 0.82

/**
 * A blue tee with a red and a yellow band on a light grey ground, as a product photo: the model keeps the
 * whole tee; each band is a patch a Remove stroke takes away (strokes are hints: they remove the colour
 * they cover out to its edges, not the blue they spill onto).
 */
async function teePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 100 100">
    <rect width="100" height="100" fill="#e9e6e1"/>
    <path d="M30 10 L45 16 Q50 22 55 16 L70 10 L90 30 L78 40 L74 34 L74 90 L26 90 L26 34 L22 40 L10 30 Z" fill="#2d5fa8"/>
    <rect x="26" y="41" width="48" height="8" fill="#d8452b"/><rect x="26" y="78" width="48" height="8" fill="#e8b820"/></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer()
}

/** The cut-out runtime's files the service worker keeps. */
async function cachedCutoutFiles(page: Page): Promise<number> {
  return page.evaluate(async () => {
    if (!(await caches.has('moori-cutout-v1'))) return 0
    return (await (await caches.open('moori-cutout-v1')).keys()).length
  })
}

/** Drags the mouse across the cut-out from (x0, y) to (x1, y), in fractions of the photo. */
async function drawAcross(page: Page, preview: Locator, y: number, x0: number, x1: number): Promise<void> {
  const box = (await preview.boundingBox())!
  const at = (fx: number, fy: number) => [box.x + fx * box.width, box.y + fy * box.height] as const
  await page.mouse.move(...at(x0, y))
  await page.mouse.down()
  await page.mouse.move(...at(x1, y), { steps: 12 })
  await page.mouse.up()
}

/** The alpha of a PNG at a point given in fractions of the photo it was cut from (trimmed to the tee). */
async function alphaAt(png: Buffer, fx: number, fy: number): Promise<number> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const x = Math.round(((fx - TEE.x0) / TEE.size) * info.width)
  const y = Math.round(((fy - TEE.y0) / TEE.size) * info.height)
  return data[(y * info.width + x) * info.channels + 3]!
}

test.describe(() => {
  test.use(ALLOW_SERVICE_WORKERS)

  test('offline, two Remove strokes, one undone, saved; another person’s sticker made afterwards shows the fix', async ({
    browser,
  }) => {
    // About 55 s of its own under a load average of 15 (two sign-ins, the service worker's install, the
    // runtime's download, strokes, a save and the server's copy), and a first cut-out on the device.
    test.setTimeout(90_000 + DEVICE_CUTOUT_BUDGET_MS)
    const owner = await createUser()
    const item = await seedWardrobeItem(owner, { name: 'Blue tee', isPublic: true, tags: [['category', 'top']] })
    const [bucket, ...rest] = item.imagePath.split('/')
    const replaced = await admin.storage.from(bucket!).upload(rest.join('/'), await teePhoto(), { contentType: 'image/jpeg', upsert: true })
    expect(replaced.error).toBeNull()

    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } })
    await signInContext(context, owner)
    const page = await context.newPage()
    const logs: string[] = []
    page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`))
    await page.goto(`/${owner.username}`)
    // The service worker's install precaches ~130 files meanwhile (9 s to the products, 12 s to control,
    // at a load average of 15).
    await expect(page.getByTestId('products-area')).toBeVisible({ timeout: 30_000 })
    await waitForServiceWorker(page)
    const area = page.getByTestId('products-area')
    const productName = area.getByTestId('product-card').getByTestId('product-name').getByText('Blue tee', { exact: true })
    // Seen once online: the photo is on the device, and the review fetches the cut-out runtime ahead.
    await productName.click()
    const review = page.getByRole('dialog', { name: 'Review and edit' })
    await expect(review.getByTestId('stored-image').first()).toHaveAttribute('data-state', 'loaded')
    // 14 MB of WebAssembly and the 4.6 MB model from the stack: 10 s at a load average of 15.
    await expect.poll(() => cachedCutoutFiles(page), { timeout: 30_000 }).toBe(3)
    await review.getByRole('button', { name: 'Cancel' }).click()

    await context.setOffline(true)
    await productName.click()
    await review.getByRole('button', { name: 'Cut out on this device' }).click()
    const editor = page.getByRole('dialog', { name: 'Fix the cut-out' })
    const preview = editor.getByTestId('cutout-preview')
    await expect(preview, logs.filter((line) => /cut-out|cutout/i.test(line)).join('\n')).toBeVisible({ timeout: DEVICE_CUTOUT_BUDGET_MS })
    await expect(editor.getByRole('radio', { name: 'Remove' })).toBeChecked()
    await expect(editor.getByRole('button', { name: 'Undo' })).toBeDisabled()
    // A smaller brush from the keyboard ([ and ]).
    await page.keyboard.press('BracketLeft')
    await page.keyboard.press('BracketLeft')
    await expect(editor.getByRole('slider', { name: 'Brush size' })).toHaveValue('24')

    await drawAcross(page, preview, STROKE_1_Y, 0.15, 0.85)
    await expect(editor.getByRole('status').filter({ hasText: 'Cut-out updated' })).toBeAttached()
    await expect(editor.getByTestId('cutout-canvas')).toHaveAttribute('aria-label', 'Cut-out of Blue tee, 1 change')
    await drawAcross(page, preview, STROKE_2_Y, 0.15, 0.85)
    await expect(editor.getByTestId('cutout-canvas')).toHaveAttribute('aria-label', 'Cut-out of Blue tee, 2 changes')
    await page.screenshot({ path: `${SHOTS}/desktop-two-strokes.png` })
    await page.keyboard.press('Control+z')
    await expect(editor.getByTestId('cutout-canvas')).toHaveAttribute('aria-label', 'Cut-out of Blue tee, 1 change')
    await expect(editor.getByRole('button', { name: 'Redo' })).toBeEnabled()
    await page.screenshot({ path: `${SHOTS}/desktop-undone.png` })
    // The same editor on a phone's screen: the whole screen, the tools above the picture.
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(editor).toHaveCSS('border-radius', '0px')
    await page.screenshot({ path: `${SHOTS}/phone.png` })
    await page.setViewportSize({ width: 1280, height: 860 })
    await editor.getByRole('button', { name: 'Save' }).click()
    await expect(editor).toBeHidden({ timeout: 30_000 })
    await expect(page.getByText('Cut-out saved').first()).toBeVisible()

    await context.setOffline(false)
    const saved = await eventually(
      async () =>
        (await admin.from('wardrobe_items').select('cutout_path, cutout_source').eq('id', item.id).single()).data as {
          cutout_path: string | null
          cutout_source: string | null
        },
      (row) => row.cutout_source === 'edited' && row.cutout_path !== null,
      30_000,
    )
    expect(saved.cutout_path!.startsWith(`wardrobe-stickers/${owner.id}/cutouts/${item.id}-`)).toBe(true)
    await context.close()

    // Someone else sticks the public item on their wall afterwards: their sticker is the owner's fix.
    const other = await createUser()
    const wall = await seedWall(other, { name: 'Borrowed looks' })
    // Their sticker is made on the server; their browser needs no service worker (nor its precache).
    const otherContext = await browser.newContext({ serviceWorkers: 'block' })
    await signInContext(otherContext, other)
    const otherPage = await otherContext.newPage()
    await otherPage.goto(`/wall/${wall.id}`)
    await expect(otherPage.getByTestId('canvas')).toBeVisible({ timeout: 30_000 })
    await otherPage.getByRole('button', { name: 'Wardrobe import' }).click()
    const dialog = otherPage.getByRole('dialog', { name: 'Wardrobe import' })
    await dialog.getByRole('button', { name: /^Blue tee/ }).click()
    await dialog.getByRole('button', { name: 'Done' }).click()
    const sticker = otherPage.locator('[data-canvas-item][aria-label="Sticker: Blue tee"]')
    await expect(sticker.getByTestId('stored-image')).toHaveAttribute('data-state', 'loaded', { timeout: 30_000 })
    const [row] = await eventually(
      async () =>
        ((await admin.from('wall_stickers').select('image_path').eq('wall_id', wall.id).eq('original_item_id', item.id)).data ?? []) as Array<{
          image_path: string
        }>,
      (rows) => rows.length === 1,
      30_000,
    )
    expect(row!.image_path.startsWith(`wardrobe-stickers/${other.id}/cutouts/`)).toBe(true)
    const file = await admin.storage.from('wardrobe-stickers').download(row!.image_path.slice('wardrobe-stickers/'.length))
    expect(file.error).toBeNull()
    const png = Buffer.from(await file.data!.arrayBuffer())
    expect(await alphaAt(png, 0.5, STROKE_1_Y)).toBeLessThan(40)
    expect(await alphaAt(png, 0.5, STROKE_2_Y)).toBeGreaterThan(215)
    // Away from both strokes the tee is whole.
    expect(await alphaAt(png, 0.5, 0.3)).toBeGreaterThan(215)
    expect(await alphaAt(png, 0.5, 0.65)).toBeGreaterThan(215)
    await otherContext.close()
  })
})

/** One CDP touch event: `points` are [x, y] in fractions of the box, one per finger (ids from 1). */
async function touch(
  cdp: CDPSession,
  box: { x: number; y: number; width: number; height: number },
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  points: ReadonlyArray<readonly [number, number]>,
): Promise<void> {
  const touchPoints = points.map(([fx, fy], i) => ({ x: box.x + fx * box.width, y: box.y + fy * box.height, id: i + 1 }))
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints })
}

/** The shown cut-out's alpha at a point in fractions of the photo (read from the preview canvas). */
function previewAlpha(preview: Locator, fx: number, fy: number): Promise<number> {
  return preview.evaluate(
    (canvas, [x, y]) => {
      const c = canvas as HTMLCanvasElement
      return c.getContext('2d')!.getImageData(Math.round(x! * c.width), Math.round(y! * c.height), 1, 1).data[3]!
    },
    [fx, fy],
  )
}

test('on a phone: a finger draws a Remove stroke, two pinch-zoom, a second finger drops the stroke it lands on; closing asks first; reopened on the fix', async ({
  browser,
}) => {
  // About 40 s of its own under a load average of 15, a first cut-out and two openings on the saved fix.
  test.setTimeout(60_000 + DEVICE_CUTOUT_BUDGET_MS)
  const owner = await createUser()
  const item = await seedWardrobeItem(owner, { name: 'Blue tee', isPublic: false, tags: [['category', 'top']] })
  const [bucket, ...rest] = item.imagePath.split('/')
  const replaced = await admin.storage.from(bucket!).upload(rest.join('/'), await teePhoto(), { contentType: 'image/jpeg', upsert: true })
  expect(replaced.error).toBeNull()

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  await signInContext(context, owner)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await page.goto(`/${owner.username}`)
  await expect(page.getByTestId('products-area')).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('products-area').getByTestId('product-name').getByText('Blue tee', { exact: true }).click()
  const review = page.getByRole('dialog', { name: 'Review and edit' })
  await review.getByRole('button', { name: 'Cut out on this device' }).click()
  const editor = page.getByRole('dialog', { name: 'Fix the cut-out' })
  const preview = editor.getByTestId('cutout-preview')
  const area = editor.getByTestId('cutout-canvas')
  await expect(preview).toBeVisible({ timeout: DEVICE_CUTOUT_BUDGET_MS })
  const box = (await preview.boundingBox())!
  expect(await previewAlpha(preview, 0.5, STROKE_1_Y)).toBeGreaterThan(215)

  // One finger: a Remove stroke across the red band.
  await touch(cdp, box, 'touchStart', [[0.2, STROKE_1_Y]])
  for (let step = 1; step <= 10; step++) await touch(cdp, box, 'touchMove', [[0.2 + step * 0.06, STROKE_1_Y]])
  await touch(cdp, box, 'touchEnd', [])
  await expect(area).toHaveAttribute('aria-label', 'Cut-out of Blue tee, 1 change')
  await expect.poll(() => previewAlpha(preview, 0.5, STROKE_1_Y)).toBeLessThan(40)

  // A finger starts over the yellow band; its live preview shows; a second finger lands and both spread.
  const zoom = () => area.evaluate((element) => Number((element as HTMLElement).style.getPropertyValue('--zoom')))
  expect(await zoom()).toBeCloseTo(1)
  await touch(cdp, box, 'touchStart', [[0.2, STROKE_2_Y]])
  for (let step = 1; step <= 10; step++) await touch(cdp, box, 'touchMove', [[0.2 + step * 0.06, STROKE_2_Y]])
  await expect.poll(() => previewAlpha(preview, 0.5, STROKE_2_Y)).toBeLessThan(40)
  await touch(cdp, box, 'touchStart', [[0.8, STROKE_2_Y], [0.5, 0.5]])
  for (let step = 1; step <= 8; step++) {
    await touch(cdp, box, 'touchMove', [[0.8, STROKE_2_Y], [0.5 - step * 0.03, 0.5 - step * 0.03]])
  }
  await touch(cdp, box, 'touchEnd', [])
  expect(await zoom()).toBeGreaterThan(1.3)
  // The dropped stroke is no change, and the cut-out shows the kept stroke alone again.
  await expect(area).toHaveAttribute('aria-label', 'Cut-out of Blue tee, 1 change')
  await expect.poll(() => previewAlpha(preview, 0.5, STROKE_2_Y)).toBeGreaterThan(215)
  expect(await previewAlpha(preview, 0.5, STROKE_1_Y)).toBeLessThan(40)
  await page.screenshot({ path: `${SHOTS}/phone-pinched.png` })

  // Closing with a change not saved asks first; focus is in the question; Keep editing goes back.
  await editor.getByRole('button', { name: 'Cancel' }).click()
  const ask = page.getByRole('dialog', { name: 'Discard changes?' })
  await expect(ask.getByText('Discard your changes to this cut-out?')).toBeVisible()
  expect(await ask.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
  await page.screenshot({ path: `${SHOTS}/phone-discard.png` })
  await ask.getByRole('button', { name: 'Keep editing' }).click()
  await expect(ask).toBeHidden()
  await expect(editor).toBeVisible()
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(editor).toBeHidden({ timeout: 30_000 })

  const saved = await eventually(
    async () =>
      (await admin.from('wardrobe_items').select('cutout_path, cutout_source, cutout_strokes').eq('id', item.id).single()).data as {
        cutout_path: string | null
        cutout_source: string | null
        cutout_strokes: { strokes: Array<{ mode: string }> } | null
      },
    (row) => row.cutout_source === 'edited' && row.cutout_path !== null,
    30_000,
  )
  // The one kept stroke is kept with the item (the dropped one is not).
  expect(saved.cutout_strokes?.strokes.map((stroke) => stroke.mode)).toEqual(['remove'])
  const file = await admin.storage.from('wardrobe-stickers').download(saved.cutout_path!.slice('wardrobe-stickers/'.length))
  expect(file.error).toBeNull()
  const png = Buffer.from(await file.data!.arrayBuffer())
  expect(await alphaAt(png, 0.5, STROKE_1_Y)).toBeLessThan(40)
  expect(await alphaAt(png, 0.5, STROKE_2_Y)).toBeGreaterThan(215)

  // Opened again (the review is still open under it): on the fix, its stroke undoable; with nothing
  // changed it closes at once. Undoing the kept stroke is a change: Escape asks, Discard closes unsaved.
  // Each opening cuts the photo out again in the warm worker (12 s at a load average of 15).
  await review.getByRole('button', { name: 'Fix cut-out' }).click()
  await expect(area).toHaveAttribute('aria-label', 'Cut-out of Blue tee, 1 change', { timeout: 30_000 })
  expect(await previewAlpha(preview, 0.5, STROKE_1_Y)).toBeLessThan(40)
  await expect(editor.getByRole('button', { name: 'Undo' })).toBeEnabled()
  await editor.getByRole('button', { name: 'Cancel' }).click()
  await expect(editor).toBeHidden()
  await review.getByRole('button', { name: 'Fix cut-out' }).click()
  await expect(area).toHaveAttribute('aria-label', 'Cut-out of Blue tee, 1 change', { timeout: 30_000 })
  await editor.getByRole('button', { name: 'Undo' }).click()
  await expect(area).toHaveAttribute('aria-label', 'Cut-out of Blue tee, 0 changes')
  await expect.poll(() => previewAlpha(preview, 0.5, STROKE_1_Y)).toBeGreaterThan(215)
  await page.keyboard.press('Escape')
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Discard' }).click()
  await expect(editor).toBeHidden()
  const after = await admin.from('wardrobe_items').select('cutout_path').eq('id', item.id).single()
  expect(after.data!.cutout_path).toBe(saved.cutout_path)
  await context.close()
})

test.describe('a garment from an outfit photo', () => {
  // The real engine analyses the photo (the stack's job runner), as for a new user's upload.
  test.skip(!outfitPhoto, 'No outfit photo installed (apt packages opencv-doc or tuxpaint-stamps-default; .ci/run installs them)')

  test('is fixed on the outfit photo around it, not on its extracted picture', async ({ browser }) => {
    // About 25 s of its own under a load average of 15, the outfit's job and a first cut-out on the device.
    test.setTimeout(60_000 + OUTFIT_JOB_BUDGET_MS + DEVICE_CUTOUT_BUDGET_MS)
    const owner = await createUser()
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } })
    await signInContext(context, owner)
    const page = await context.newPage()
    await page.goto(`/${owner.username}`)
    await expect(page.getByTestId('products-area')).toBeVisible({ timeout: 30_000 })
    await page.getByTestId('products-area').getByRole('button', { name: 'Upload Product' }).first().click()
    const upload = page.getByRole('dialog', { name: 'Upload Product' })
    await upload.getByTestId('outfit-library-input').setInputFiles({ name: 'outfit.jpg', mimeType: 'image/jpeg', buffer: outfitPhoto! })
    await upload.getByRole('button', { name: 'Upload' }).click()
    const processing = processingDialog(page)
    await expect(processing.getByTestId('processing-status')).toHaveText('Processing completed!', { timeout: OUTFIT_JOB_BUDGET_MS })
    await processing.getByRole('button', { name: 'View your products' }).click()

    // The outfit's own item names each garment and its box in the photo (spec §3, percentages).
    const { data: outfit } = await admin
      .from('wardrobe_items')
      .select('image_path, analysis')
      .eq('user_id', owner.id)
      .eq('upload_source', 'ootd')
      .single()
    const analysis = (outfit as { analysis: { items: Array<{ id: string; category: string; boundingBox: BoxPercent }> } }).analysis
    const entry = analysis.items.find((item) => item.category === 'top') ?? analysis.items[0]!
    const { data: garment } = await admin.from('wardrobe_items').select('name, image_path').eq('id', entry.id).single()
    const { name, image_path: picturePath } = garment as { name: string; image_path: string }

    // What the editor should work on: the stored outfit photo cropped around the box, at the working size.
    const [bucket, ...rest] = (outfit as { image_path: string }).image_path.split('/')
    const stored = await admin.storage.from(bucket!).download(rest.join('/'))
    const { width = 0, height = 0 } = await sharp(Buffer.from(await stored.data!.arrayBuffer())).rotate().metadata()
    const crop = cropPixels(garmentCrop(entry.boundingBox), width, height)
    const working = fitInside(crop.width, crop.height, 800)
    const pictureFile = await admin.storage.from('wardrobe-stickers').download(picturePath.slice('wardrobe-stickers/'.length))
    const picture = await sharp(Buffer.from(await pictureFile.data!.arrayBuffer())).metadata()

    await page.getByTestId('products-area').getByTestId('product-name').getByText(name, { exact: true }).first().click()
    const review = page.getByRole('dialog', { name: 'Review and edit' })
    await review.getByRole('button', { name: 'Cut out on this device' }).click()
    const editor = page.getByRole('dialog', { name: 'Fix the cut-out' })
    const preview = editor.getByTestId('cutout-preview')
    await expect(preview).toBeVisible({ timeout: DEVICE_CUTOUT_BUDGET_MS })
    const size = await preview.evaluate((canvas) => [(canvas as HTMLCanvasElement).width, (canvas as HTMLCanvasElement).height])
    expect(size).toEqual([working.width, working.height])
    // Wider than the extracted picture (in the photo's pixels), the part beyond it there to bring back.
    expect(crop.width).toBeGreaterThan((picture.width * Math.max(width, height)) / Math.min(1024, Math.max(width, height)) + 4)
    // It opens on the extracted picture as it is: transparent around the box, opaque within it.
    const box = entry.boundingBox
    const inWorking = (percentX: number, percentY: number) =>
      [((percentX / 100) * width - crop.x) / crop.width, ((percentY / 100) * height - crop.y) / crop.height] as const
    const [leftMargin, middleY] = inWorking(box.x - 0.15 * box.width, box.y + box.height / 2)
    expect(leftMargin).toBeGreaterThan(0.02)
    expect(await previewAlpha(preview, leftMargin, middleY)).toBe(0)
    const opaqueInside = await preview.evaluate((canvas) => {
      const c = canvas as HTMLCanvasElement
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
      let count = 0
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 200) count++
      return count / (c.width * c.height)
    })
    expect(opaqueInside).toBeGreaterThan(0.1)
    expect(opaqueInside).toBeLessThan(0.8)
    await expect(editor.getByTestId('cutout-canvas')).toHaveAttribute('aria-label', `Cut-out of ${name}, 0 changes`)
    await page.screenshot({ path: `${SHOTS}/outfit-garment.png` })

    // A Keep stroke down from the middle of the box's lower edge, into the photo below the extracted
    // picture (the wearer goes on there), brings that part into the saved cut-out.
    await editor.getByRole('radio', { name: 'Keep' }).check()
    const [middleX, lowerEdge] = inWorking(box.x + box.width / 2, box.y + box.height)
    const [, below] = inWorking(box.x, Math.min(100, box.y + 1.12 * box.height))
    const shown = (await preview.boundingBox())!
    await page.mouse.move(shown.x + middleX * shown.width, shown.y + (lowerEdge - 0.04) * shown.height)
    await page.mouse.down()
    await page.mouse.move(shown.x + middleX * shown.width, shown.y + below * shown.height, { steps: 10 })
    await page.mouse.up()
    await expect(editor.getByTestId('cutout-canvas')).toHaveAttribute('aria-label', `Cut-out of ${name}, 1 change`)
    await expect.poll(() => previewAlpha(preview, middleX, (lowerEdge + below) / 2)).toBeGreaterThan(127)
    await page.screenshot({ path: `${SHOTS}/outfit-garment-kept.png` })
    await editor.getByRole('button', { name: 'Save' }).click()
    await expect(editor).toBeHidden({ timeout: 30_000 })
    const saved = await eventually(
      async () =>
        (await admin.from('wardrobe_items').select('cutout_path, cutout_source, cutout_strokes').eq('id', entry.id).single()).data as {
          cutout_path: string | null
          cutout_source: string | null
          cutout_strokes: { width: number; height: number; crop?: BoxPercent; strokes: Array<{ mode: string }> } | null
        },
      (row) => row.cutout_source === 'edited' && row.cutout_path !== null,
      30_000,
    )
    // The strokes are kept with the part of the photo they were drawn on, in the crop's working pixels.
    expect(saved.cutout_strokes?.crop).toEqual(garmentCrop(entry.boundingBox))
    expect([saved.cutout_strokes?.width, saved.cutout_strokes?.height]).toEqual([working.width, working.height])
    expect(saved.cutout_strokes?.strokes.map((stroke) => stroke.mode)).toEqual(['keep'])
    // The saved cut-out reaches below the extracted picture: taller, in the working image's pixels, than the box.
    const fixedFile = await admin.storage.from('wardrobe-stickers').download(saved.cutout_path!.slice('wardrobe-stickers/'.length))
    const fixed = await sharp(Buffer.from(await fixedFile.data!.arrayBuffer())).metadata()
    const boxHeight = ((box.height / 100) * height * working.height) / crop.height
    expect(fixed.height).toBeGreaterThan(boxHeight * 1.04)
    await context.close()
  })
})
