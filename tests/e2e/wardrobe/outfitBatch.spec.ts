// Many outfit photos at once (issue 25), in one journey through the built app against the stack: three
// photos shared into Moori at once (the share target takes several) and one more from the camera, each
// its own job through the outbox; the batch
// view shows every photo's own status; the engine fails the second photo in the middle (it shows its
// error with Retry, the rest go on); the product API answers the third photo's start with 429 and
// Retry-After, and the device waits that long before asking again; an offline spell with a reload loses
// nothing and does nothing twice (the header pill brings the batch back: "N of 4 done").
import { expect, test, type Page } from '@playwright/test'
import { admin } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { sharePhotos } from '../support/share'
import { eventually, photo } from '../support/walls'
import { completeJob, STAND_IN_ENGINE, type HeldJob } from '../support/wardrobe'
import { describePush, diagnosePush } from '../support/pushDiagnosis'
import { readScope } from '../support/replica'

// Reloads offline need the service worker.
test.use(ALLOW_SERVICE_WORKERS)

const FAILED_PHOTO = 'No person was found in this photo.'
const RETRY_AFTER_S = 3

const batchDialog = (page: Page) => page.getByRole('dialog', { name: 'Your photos' })
const rows = (page: Page) => batchDialog(page).getByTestId('outfit-batch-row')

test('many photos at once: each its own job, one failure, a 429 honoured, offline and a reload lose nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const user = await createUser()
  const context = await browser.newContext()
  await signInContext(context, user)

  // A stand-in engine: the 2nd photo's job fails, the 3rd's first start is refused with 429.
  const jobs: HeldJob[] = []
  const starts: Array<{ id: string; at: number; status: number }> = []
  await context.route('**/api/wardrobe/background-ootd', async (route) => {
    const body = route.request().postDataJSON() as { processing_id: string; user_id: string; item_id: string; image_url: string }
    if (jobs.length === 2 && !starts.some((s) => s.status === 429)) {
      starts.push({ id: body.processing_id, at: Date.now(), status: 429 })
      await route.fulfill({
        status: 429,
        headers: { 'Retry-After': String(RETRY_AFTER_S), 'Content-Type': 'application/json' },
        body: JSON.stringify({ error: 'The wardrobe engine is busy. Please try again in a moment.' }),
      })
      return
    }
    starts.push({ id: body.processing_id, at: Date.now(), status: 200 })
    const fail = jobs.length === 1
    const { error } = await admin.from('processing_jobs').upsert(
      {
        id: body.processing_id,
        user_id: body.user_id,
        kind: 'ootd',
        status: fail ? 'failed' : 'processing',
        progress: fail ? 0 : 10,
        error: fail ? FAILED_PHOTO : null,
        input: { image_path: body.image_url, item_id: body.item_id, skip_ai_tagging: false, skip_ai_extraction: true },
        claimed_by: fail ? null : STAND_IN_ENGINE,
        heartbeat_at: new Date().toISOString(),
        attempts: 1,
      },
      { onConflict: 'id', ignoreDuplicates: true },
    )
    if (error) throw error
    if (!jobs.some((j) => j.id === body.processing_id)) {
      jobs.push({ id: body.processing_id, userId: body.user_id, itemId: body.item_id, imagePath: body.image_url, skipTagging: false })
    }
    await route.continue()
  })

  const page = await context.newPage()
  await page.goto('/')
  await waitForServiceWorker(page)
  const names = ['look-1.jpg', 'look-2.jpg', 'look-3.jpg', 'look-4.jpg']
  const files = await Promise.all(
    names.map(async (name, i) => ({ name, mimeType: 'image/jpeg', buffer: await photo(40 + i * 70, 900, 1200) })),
  )
  await sharePhotos(page, files.slice(0, 3).map((f) => ({ name: f.name, bytes: f.buffer })))
  await expect(page.getByText('and 2 more (all go to your wardrobe)')).toBeVisible()
  await page.getByRole('button', { name: 'Add to my wardrobe' }).click()
  const upload = page.getByRole('dialog', { name: 'Upload Product' })
  await expect(upload.getByTestId('outfit-picked-count')).toHaveText('3 photos chosen')
  // The library takes many at once; the camera adds one more to the pick.
  await expect(upload.getByTestId('outfit-library-input')).toHaveAttribute('multiple', '')
  await upload.getByTestId('outfit-camera-input').setInputFiles(files[3]!)
  await expect(upload.getByTestId('outfit-picked-count')).toHaveText('4 photos chosen')
  // Every state each row shows, from its first frame: a row must not show a job's state before its photo
  // has been read as still being prepared.
  await page.evaluate(() => {
    const seen: Record<string, string[]> = {}
    ;(window as unknown as { rowStates: typeof seen }).rowStates = seen
    const record = () => {
      for (const row of document.querySelectorAll('[data-testid="outfit-batch-row"]')) {
        const name = row.querySelector('p')?.textContent ?? ''
        const state = row.getAttribute('data-state') ?? ''
        const states = (seen[name] ??= [])
        if (states.at(-1) !== state) states.push(state)
      }
    }
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] })
  })
  await upload.getByRole('button', { name: 'Upload 4 photos' }).click()

  // One row per photo, in the order picked, each with its own status.
  const batch = batchDialog(page)
  await expect(rows(page)).toHaveCount(4)
  await expect(rows(page).getByText(/^look-\d\.jpg$/)).toHaveText(names)
  await expect(batch.locator('[data-testid="outfit-batch-row"]:is([data-state="preparing"], [data-state="loading"])')).toHaveCount(0, { timeout: 30_000 })
  const shown = await page.evaluate(() => (window as unknown as { rowStates: Record<string, string[]> }).rowStates)
  for (const name of names) expect(shown[name]?.filter((state) => state !== 'loading')[0], `${name}: ${shown[name]?.join(' → ')}`).toBe('preparing')
  await expect(rows(page).nth(1)).toHaveAttribute('data-state', 'failed', { timeout: 30_000 })
  await expect(rows(page).nth(1)).toContainText(FAILED_PHOTO)
  await expect(rows(page).nth(0)).toHaveAttribute('data-state', 'processing')

  // The 429: the third photo's start is asked again only after Retry-After, and then it goes on.
  await expect(rows(page).nth(2)).toHaveAttribute('data-state', 'processing', { timeout: 30_000 })
  const third = starts.filter((s) => s.id === starts.find((x) => x.status === 429)!.id)
  expect(third.map((s) => s.status)).toEqual([429, 200])
  expect(third[1]!.at - third[0]!.at).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000)
  await expect(rows(page).nth(3)).toHaveAttribute('data-state', 'processing', { timeout: 30_000 })
  await expect(batch.getByTestId('outfit-batch-count')).toHaveText('1 of 4 done')

  await completeJob(jobs[0]!, [])
  await expect(batch.getByTestId('outfit-batch-count')).toHaveText('2 of 4 done')
  await batch.getByRole('button', { name: 'Continue Using App' }).click()
  const pill = page.getByTestId('processing-pill')
  await expect(pill).toHaveText(/2 of 4 done/)

  // Offline, a reload: the pill still knows the batch and brings its view back.
  await context.setOffline(true)
  await page.reload()
  await expect(pill).toHaveText(/2 of 4 done/)
  await pill.click()
  await expect(rows(page)).toHaveCount(4)
  await expect(batchDialog(page).getByTestId('outfit-batch-count')).toHaveText('2 of 4 done')
  // After a reload the service worker served, Chromium may still say the network is up; the app knows it
  // is offline once the sync engine's first request fails, which on a loaded machine takes a while.
  await expect(rows(page).nth(2)).toHaveAttribute('data-state', 'waiting', { timeout: 30_000 })

  // Back online, the engine finishes the rest; the failed photo's Retry makes it a new job.
  await context.setOffline(false)
  await completeJob(jobs[2]!, [])
  await completeJob(jobs[3]!, [])
  await expect(batchDialog(page).getByTestId('outfit-batch-count'), 'the finished jobs reach the replica once back online')
    .toHaveText('4 of 4 done', { timeout: 30_000 })
    .catch(async (error: unknown) => {
      // Which way the news should have come (a pull, the realtime channel, the status poll) and whether the engine reaches the server.
      const why = await diagnosePush(page, user.id).then(describePush, (e: unknown) => `not readable: ${String(e)}`)
      const me = await readScope(page, user.id, 'me').catch(() => null)
      throw new Error(`${String(error)}\nengine: ${why}\nscope me: ${JSON.stringify(me)}`)
    })
  await expect(pill).toHaveCount(0)
  // The batch picked up again from the pill names its photos by place.
  await rows(page).nth(1).getByRole('button', { name: 'Retry #2', exact: true }).click()
  await eventually(
    () => Promise.resolve(jobs.length),
    (n) => n === 5,
    30_000,
  )
  expect(jobs[4]!.itemId).toBe(jobs[1]!.itemId)

  // Nothing was done twice: four outfit items on the server, each started once (and the retry).
  const items = await admin.from('wardrobe_items').select('id, job_id').eq('user_id', user.id).eq('upload_source', 'ootd')
  expect(items.data).toHaveLength(4)
  expect(new Set(starts.filter((s) => s.status === 200).map((s) => s.id)).size).toBe(5)
  expect(starts.filter((s) => s.status === 200)).toHaveLength(5)
  await context.close()
})
