// Outfit upload and processing (spec §4, §5, §9) in the built app against the stack: a photo shared to
// Moori goes to 'Add to my wardrobe', is picked (only images), uploaded with 'Skip AI tagging', and its
// processing dialog follows the LIVE job row as the engine writes it (a stand-in engine holds the job:
// progress 10/50/90/100, found items) to 'Processing completed!' and the products. Offline it waits for
// a connection, survives a reload (the header pill brings it back) and reaches the server once online.
// A failed job says why, and Retry sends the photo to a new job. The uploaded photo goes into the user's
// image cache from the device (the sync worker puts it there), so offline keeping never fetches it again.
import { expect, test, type Page } from '@playwright/test'
import { admin } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { shareFromGallery } from '../support/share'
import { eventually, photo } from '../support/walls'
import {
  advanceJob,
  completeJob,
  foundItems,
  holdOutfitJobs,
  processingDialog,
  serverJob,
} from '../support/wardrobe'

// Every test here starts from a photo shared into the app, which the service worker receives.
test.use(ALLOW_SERVICE_WORKERS)

/** From a shared photo to the outfit upload dialog, as a phone user gets there. */
async function openOutfitUpload(page: Page, name = 'look.jpg'): Promise<void> {
  await page.goto('/')
  await waitForServiceWorker(page)
  await shareFromGallery(page, name, await photo(20, 900, 1200))
  await page.getByRole('button', { name: 'Add to my wardrobe' }).click()
  await expect(page.getByRole('dialog', { name: 'Upload Product' })).toBeVisible()
}

const steps = (page: Page) =>
  processingDialog(page)
    .getByRole('list', { name: 'Steps' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-reached') === 'true'))

test('an outfit photo is uploaded and its processing dialog follows the live job to the products', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const user = await createUser()
  const context = await browser.newContext()
  await signInContext(context, user)
  const held = await holdOutfitJobs(context)
  const page = await context.newPage()
  await openOutfitUpload(page)

  const upload = page.getByRole('dialog', { name: 'Upload Product' })
  await expect(upload.getByAltText('The picked outfit photo')).toBeVisible()
  // One image only: anything else is refused with the spec's words.
  await upload
    .getByTestId('outfit-library-input')
    .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') })
  await expect(upload.getByRole('alert')).toHaveText('Only image files are supported.')
  await expect(upload.getByRole('button', { name: 'Upload' })).toBeDisabled()
  // The camera is offered directly (the back camera on phones).
  const [camera] = await Promise.all([
    page.waitForEvent('filechooser'),
    upload.getByRole('button', { name: 'Take a photo' }).click(),
  ])
  expect(await camera.element().getAttribute('capture')).toBe('environment')
  await camera.setFiles({
    name: 'mirror-selfie.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(200, 1600, 2000),
  })
  await expect(upload.getByText('mirror-selfie.jpg')).toBeVisible()
  await upload.getByLabel('Skip AI tagging').check()
  await upload.getByRole('button', { name: 'Upload' }).click()

  const dialog = processingDialog(page)
  await expect(dialog).toBeVisible()
  // The picker's buttons are gone: focus stays in the dialog, on the processing view.
  await expect(dialog.getByTestId('processing')).toBeFocused()
  const job = await held.started()
  expect(job.skipTagging).toBe(true)
  const status = dialog.getByTestId('processing-status')
  const bar = dialog.getByRole('progressbar', { name: 'Processing progress' })
  await expect(status).toHaveText('Starting processing...')
  expect(await steps(page)).toEqual([false, false, false])
  // The photo the job reads is the shrunk copy in the user's own folder.
  expect(job.imagePath).toMatch(new RegExp(`^ootd-images/${user.id}/`))

  await advanceJob(job, { progress: 10 })
  await expect(status).toHaveText('Processing your product...')
  await expect(bar).toHaveAttribute('aria-valuenow', '10')
  await expect.poll(() => steps(page)).toEqual([true, false, false])

  const found = await foundItems(job, [
    'Denim jacket',
    'White tee',
    'Black jeans',
    'Red sneakers',
    'Canvas tote',
  ])
  await advanceJob(job, { progress: 50, items: found.slice(0, 2), totalItems: 5 })
  await expect(bar).toHaveAttribute('aria-valuenow', '50')
  await expect.poll(() => steps(page)).toEqual([true, true, false])
  await expect(dialog.getByTestId('detected-item')).toHaveCount(2)
  await expect(dialog.getByTestId('detected-item').first()).toContainText('Denim jacket')

  await advanceJob(job, { progress: 90, items: found, totalItems: 5 })
  await expect.poll(() => steps(page)).toEqual([true, true, true])
  // Up to 4 detected items, then a count of the rest.
  await expect(dialog.getByTestId('detected-item')).toHaveCount(4)
  await expect(dialog.getByText('+1 more')).toBeVisible()
  await expect(
    dialog.getByTestId('detected-item').locator('[data-testid="stored-image"]').first(),
  ).toHaveAttribute('data-state', 'loaded')
  await expect(dialog.getByRole('button', { name: 'View your products' })).toHaveCount(0)

  await completeJob(job, found)
  await expect(status).toHaveText('Processing completed!')
  await expect(bar).toHaveAttribute('aria-valuenow', '100')
  await dialog.getByRole('button', { name: 'View your products' }).click()
  await expect(page).toHaveURL(new RegExp(`/${user.username}#products$`))
  await expect(processingDialog(page)).toHaveCount(0)
  await context.close()
})

test('the uploaded photo is kept in the image cache from the device: offline keeping never signs or downloads it again', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const user = await createUser()
  const context = await browser.newContext()
  await signInContext(context, user)
  const held = await holdOutfitJobs(context)
  const page = await context.newPage()
  // Links signed (POST) and objects fetched through them by the page, whatever the service worker answers.
  const signed: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/storage/v1/object/sign/')) signed.push(decodeURI(new URL(request.url()).pathname))
  })
  await openOutfitUpload(page)
  await page.getByRole('dialog', { name: 'Upload Product' }).getByRole('button', { name: 'Upload' }).click()
  // The job starts only after the photo's upload: by then the photo is in the user's image cache.
  const job = await held.started()
  const cached = () =>
    page.evaluate(
      async ([name, path]) => {
        const response = await (await caches.open(name)).match(`${location.origin}/storage/v1/object/${path}`)
        return response ? { type: response.headers.get('Content-Type'), size: (await response.blob()).size } : null
      },
      [`moori-images-v1:user:${user.id}`, job.imagePath] as const,
    )
  const [bucket, ...rest] = job.imagePath.split('/')
  const stored = await admin.storage.from(bucket!).download(rest.join('/'))
  if (stored.error) throw stored.error
  expect(await cached()).toEqual({ type: 'image/jpeg', size: stored.data.size })
  // Offline keeping has had its passes since (the upload ending and the new item each start one): it
  // found the photo kept and asked nothing for it.
  await page.waitForTimeout(3000)
  expect(signed.filter((path) => path.includes(job.imagePath))).toEqual([])
  await context.close()
})

test('offline the photo waits for a connection, survives a reload, and its job starts once online', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const user = await createUser()
  const context = await browser.newContext()
  await signInContext(context, user)
  const page = await context.newPage()
  await page.goto('/')
  await waitForServiceWorker(page)
  await shareFromGallery(page, 'offline-look.jpg', await photo(300, 900, 1200))
  await expect(page.getByRole('button', { name: 'Add to my wardrobe' })).toBeVisible()

  await context.setOffline(true)
  await page.getByRole('button', { name: 'Add to my wardrobe' }).click()
  await page.getByRole('dialog', { name: 'Upload Product' }).getByRole('button', { name: 'Upload' }).click()
  const dialog = processingDialog(page)
  await expect(dialog.getByTestId('processing-status')).toHaveText('Waiting for connection')
  await expect(dialog.getByTestId('processing-detail')).toContainText('saved on this device')
  const jobId = await dialog.getByTestId('processing').getAttribute('data-job-id')
  expect(jobId).toBeTruthy()
  // The share is used up; the page says where the photo went.
  await dialog.getByRole('button', { name: 'Continue Using App' }).click()
  await expect(page.getByRole('heading', { name: 'Added to your wardrobe' })).toBeVisible()

  // A reload offline loses nothing: the header's pill brings the dialog back.
  await page.goto('/')
  const pill = page.getByTestId('processing-pill')
  await expect(pill).toHaveAccessibleName(/^Processing 1 photo/)
  await pill.click()
  await expect(processingDialog(page).getByTestId('processing-status')).toHaveText('Waiting for connection')
  expect(await serverJob(jobId!)).toBeNull()

  await context.setOffline(false)
  await eventually(
    () => serverJob(jobId!),
    (job) => job !== null,
    30_000,
  )
  await expect(processingDialog(page).getByTestId('processing')).not.toHaveAttribute(
    'data-state',
    'waiting',
    { timeout: 20_000 },
  )
  const item = await admin
    .from('wardrobe_items')
    .select('id, job_id, image_path')
    .eq('job_id', jobId!)
    .single()
  expect(item.data?.image_path).toMatch(new RegExp(`^ootd-images/${user.id}/`))
  await context.close()
})

test('a failed job says why, and Retry sends the photo to a new job', async ({ browser }) => {
  test.setTimeout(120_000)
  const user = await createUser()
  const context = await browser.newContext()
  await signInContext(context, user)
  const held = await holdOutfitJobs(context, { fail: 'No person was found in this photo.' })
  const page = await context.newPage()
  await openOutfitUpload(page, 'landscape.jpg')
  await page.getByRole('dialog', { name: 'Upload Product' }).getByRole('button', { name: 'Upload' }).click()

  const dialog = processingDialog(page)
  const first = await held.started()
  await expect(dialog.getByTestId('processing-status')).toHaveText('Processing failed')
  await expect(dialog.getByTestId('processing-detail')).toHaveText('No person was found in this photo.')
  await expect(dialog.getByRole('button', { name: 'View your products' })).toHaveCount(0)

  await dialog.getByRole('button', { name: 'Retry' }).click()
  const second = await held.started(2)
  expect(second.id).not.toBe(first.id)
  expect(second.itemId).toBe(first.itemId)
  await eventually(
    () => serverJob(second.id),
    (job) => job !== null,
  )
  await expect(dialog.getByTestId('processing')).toHaveAttribute('data-job-id', second.id)
  const item = await eventually(
    async () => (await admin.from('wardrobe_items').select('job_id').eq('id', first.itemId!).single()).data,
    (row) => row?.job_id === second.id,
  )
  expect(item?.job_id).toBe(second.id)
  await context.close()
})

test('signed out, the shared photo waits through sign-in for the wardrobe too', async ({ browser }) => {
  const user = await createUser()
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/')
  await waitForServiceWorker(page)
  await shareFromGallery(page, 'before-sign-in.jpg', await photo(120, 900, 1200))
  await page.getByRole('button', { name: 'Add to my wardrobe' }).click()
  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  await signIn.getByLabel('Email').fill(user.email)
  await signIn.getByLabel('Password').fill(user.password)
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(signIn).toBeHidden()

  await page.getByRole('button', { name: 'Add to my wardrobe' }).click()
  const upload = page.getByRole('dialog', { name: 'Upload Product' })
  await expect(upload.getByText('before-sign-in.jpg')).toBeVisible()
  await expect(upload.getByRole('button', { name: 'Upload' })).toBeEnabled()
  await context.close()
})
