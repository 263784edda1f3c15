// A signed-in tab hears about its private rows live: the sync worker's channels join with the user's
// token from the start (a channel that joined as anon never heard of them, so outfit jobs crawled along
// on the status poll). The job row here is held by a stand-in instance, so nothing but realtime moves it.
import { expect, test } from '@playwright/test'
import { newId } from '../../../src/lib/ids'
import { waitForLiveScope } from '../support/replica'
import { admin } from '../support/stack'
import { createUser, signInContext } from '../support/users'

test('a private row changed on the server reaches the replica without a pull', async ({ page, context }) => {
  const user = await createUser()
  await signInContext(context, user)
  await page.goto(`/${user.username}`)
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible()
  // The first pull of `me` has finished and its channel joined, so what follows can only arrive live.
  await waitForLiveScope(page, user.id, 'me')

  const id = newId()
  const held = { claimed_by: 'e2e-probe', status: 'processing', heartbeat_at: new Date(Date.now() + 3_600_000).toISOString() }
  expect((await admin.from('processing_jobs').insert({ id, user_id: user.id, kind: 'ootd', ...held })).error).toBeNull()
  expect((await admin.from('processing_jobs').update({ progress: 42 }).eq('id', id)).error).toBeNull()

  const progressOnDevice = () =>
    page.evaluate(
      async ([jobId, userId]) => {
        const open = indexedDB.open(`moori-${userId}`)
        const db: IDBDatabase = await new Promise((resolve, reject) => {
          open.onsuccess = () => resolve(open.result)
          open.onerror = () => reject(new Error(String(open.error)))
        })
        const request = db.transaction('jobs').objectStore('jobs').get(jobId)
        const row = await new Promise<{ progress: number } | undefined>((resolve) => {
          request.onsuccess = () => resolve(request.result as { progress: number } | undefined)
        })
        db.close()
        return row?.progress ?? null
      },
      [id, user.id] as const,
    )
  await expect.poll(progressOnDevice, { timeout: 5000 }).toBe(42)
})
