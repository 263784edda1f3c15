// Many photos at once (issue 25): a reload while the picked photos are still being prepared (shrunk and
// kept one after another) loses none and keeps none twice. Upload keeps every original on the device
// first; after the reload the photos still waiting count in the header pill's "N of 8 done", show as
// "Preparing photo..." in the batch view, and are prepared by the reloaded page, so every photo ends up
// as exactly one item with one job on the server.
import { expect, test } from '@playwright/test'
import { admin } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { eventually } from '../support/walls'
import { holdOutfitJobs } from '../support/wardrobe'
import { largeOutfitPhoto } from '../../support/wardrobePhotos'

const PHOTOS = 8

test('a reload while photos are being prepared loses none and keeps none twice', async ({ browser }) => {
  // About 20 s on an idle machine; the eight shrinks take much longer while two shared cores are busy.
  test.setTimeout(150_000)
  const user = await createUser()
  const context = await browser.newContext()
  await signInContext(context, user)
  const held = await holdOutfitJobs(context)
  const starts: string[] = []
  context.on('request', (request) => {
    if (request.url().includes('/api/wardrobe/background-ootd')) {
      starts.push((request.postDataJSON() as { processing_id: string }).processing_id)
    }
  })
  // The third photo is a very large one (27 MP): it takes seconds to shrink while the others take a few
  // hundred milliseconds, so the reload below lands after the first photos are kept and before the rest.
  const small = (await largeOutfitPhoto(1600, 1200)).jpeg
  const huge = (await largeOutfitPhoto(6000, 4500)).jpeg
  const files = Array.from({ length: PHOTOS }, (_, i) => ({
    name: `look-${i + 1}.jpg`,
    mimeType: 'image/jpeg',
    buffer: Buffer.from(i === 2 ? huge : small),
  }))

  const page = await context.newPage()
  await page.goto(`/${user.username}`)
  await page.getByTestId('products-area').getByRole('button', { name: 'Upload Product' }).first().click()
  const upload = page.getByRole('dialog', { name: 'Upload Product' })
  await upload.getByTestId('outfit-library-input').setInputFiles(files)
  await upload.getByRole('button', { name: `Upload ${PHOTOS} photos` }).click()

  const batch = page.getByRole('dialog', { name: 'Your photos' })
  const rows = batch.getByTestId('outfit-batch-row')
  await expect(rows).toHaveCount(PHOTOS)
  // Reload the moment the first photos are kept, while the large one and those after it wait. Watched
  // in the page, so no round trip or poll lets more photos through first. `domcontentloaded`: a new document.
  const reloaded = page.waitForEvent('domcontentloaded', { timeout: 60_000 })
  const atReload = await page.evaluate(
    () =>
      new Promise<{ kept: number; preparing: number }>((resolve) => {
        // Rows wait as 'loading' until their photos are read: the watch starts once all eight have shown
        // as being prepared.
        let started = false
        const check = () => {
          const states = [...document.querySelectorAll('[data-testid="outfit-batch-row"]')].map((row) =>
            row.getAttribute('data-state'),
          )
          const preparing = states.filter((state) => state === 'preparing').length
          if (states.length === 0 || preparing === states.length) {
            started ||= states.length > 0
            return
          }
          if (!started) return
          observer.disconnect()
          resolve({ kept: states.length - preparing, preparing })
          setTimeout(() => location.reload(), 0)
        }
        const observer = new MutationObserver(check)
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['data-state'],
        })
        check()
      }),
  )
  expect(atReload.kept).toBeGreaterThan(0)
  expect(atReload.preparing).toBeGreaterThan(0)
  await reloaded
  await page.waitForLoadState('load')

  // The photos still waiting count towards the header pill's total and show as being prepared; then all
  // are kept.
  const pill = page.getByTestId('processing-pill')
  await expect(pill).toHaveText(new RegExp(`of ${PHOTOS} done`))
  await pill.click()
  await expect(rows).toHaveCount(PHOTOS)
  await expect(batch.getByText('Preparing photo...').first()).toBeVisible()
  await expect(batch.locator(':is([data-state="preparing"], [data-state="loading"])')).toHaveCount(0, { timeout: 90_000 })

  // On the server: every photo one item with one job.
  await eventually(
    () => Promise.resolve(held.jobs.length),
    (n) => n === PHOTOS,
    30_000,
  )
  const items = await admin
    .from('wardrobe_items')
    .select('id, job_id')
    .eq('user_id', user.id)
    .eq('upload_source', 'ootd')
  const itemRows = (items.data ?? []) as Array<{ id: string; job_id: string }>
  expect(itemRows).toHaveLength(PHOTOS)
  const jobs = await admin.from('processing_jobs').select('id, input').eq('user_id', user.id)
  const jobRows = (jobs.data ?? []) as Array<{ id: string; input: { item_id: string } }>
  expect(jobRows).toHaveLength(PHOTOS)
  expect(new Set(itemRows.map((item) => item.job_id))).toEqual(new Set(jobRows.map((job) => job.id)))
  expect(new Set(jobRows.map((job) => job.input.item_id))).toEqual(new Set(itemRows.map((item) => item.id)))
  // Every job was asked to start; a start whose answer the reload cut off is asked again (at least once,
  // the API's start is idempotent), and none made a second job.
  expect(new Set(starts)).toEqual(new Set(jobRows.map((job) => job.id)))
  await context.close()
})
