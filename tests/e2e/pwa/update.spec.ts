// A new version never takes over by itself: its service worker waits, the page shows 'A new version of
// Moori is available', and only Reload activates it. A change made before accepting, which could not
// be pushed yet, survives the update and reaches the server afterwards. A second tab, whose version
// was activated by the first, reloads into it on its own Reload.
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test, type Page } from '@playwright/test'
import { admin } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'

// Every test here needs the service worker (offline use or its caches).
test.use(ALLOW_SERVICE_WORKERS)

const servedDir = process.env.MOORI_E2E_OUT_DIR ?? 'dist'

/**
 * Builds the second version aside (a build took 20-60 s on 2 busy cores, the longest part of the test),
 * started when the test starts so it runs while the first version installs; `publish` copies it in.
 */
function buildSecondVersion(): { publish: () => Promise<void>; discard: () => void } {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'moori-v2-'))
  // Its failure is held for publish to throw (not left as an unhandled rejection until then).
  const failed = promisify(execFile)('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    env: { ...process.env, MOORI_BUILD_ID: 'e2e-v2' },
  }).then(
    () => null,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  )
  return {
    async publish() {
      const error = await failed
      if (error) throw error
      // Old chunks stay next to the new ones, as on a real server during a deploy.
      cpSync(outDir, servedDir, { recursive: true })
    },
    discard: () => rmSync(outDir, { recursive: true, force: true }),
  }
}

/** What the page's service workers are doing, for a failure's message (CI keeps only the log). */
function workerStates(page: Page): Promise<string> {
  return page
    .evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      const state = (worker: ServiceWorker | null | undefined) => worker?.state ?? 'none'
      const steps = performance
        .getEntriesByType('mark')
        .filter((mark) => mark.name.startsWith('moori:update-'))
        .map((mark) => `${mark.name.slice('moori:update-'.length)} at ${Math.round(mark.startTime)} ms`)
      const prompt = document.querySelector('[data-testid="update-prompt"] button')?.textContent ?? 'no prompt'
      return `workers: controller ${state(navigator.serviceWorker.controller)}, active ${state(registration?.active)}, waiting ${state(registration?.waiting)}, installing ${state(registration?.installing)}; update steps: ${steps.join(', ') || 'none'}; button: ${prompt}; now ${Math.round(performance.now())} ms`
    })
    .catch((error: unknown) => `workers: could not be read (${String(error)})`)
}

let secondVersion: ReturnType<typeof buildSecondVersion> | null = null
test.afterEach(() => secondVersion?.discard())

test('an update waits for Reload and keeps a change made before it', async ({ browser }) => {
  test.setTimeout(120_000)
  secondVersion = buildSecondVersion()
  const user = await createUser()
  const context = await browser.newContext()
  await signInContext(context, user)
  const page = await context.newPage()
  await page.goto('/')
  await waitForServiceWorker(page)
  const firstBuild = await page.evaluate(() => document.documentElement.dataset.build)
  expect(firstBuild).not.toBe('e2e-v2')
  const otherTab = await context.newPage()
  await otherTab.goto('/')
  await waitForServiceWorker(otherTab)

  // The backend is unreachable: the new wall stays queued on the device.
  await context.route('**/rest/v1/**', (route) => route.abort('internetdisconnected'))
  await page.goto('/create-wall')
  await page.getByLabel(/^Name/).fill('Made before the update')
  await page.getByRole('button', { name: 'Create Moori' }).click()
  await expect(page).toHaveURL(/\/wall\/[A-Za-z0-9_-]+$/)
  const wallId = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.getByTestId('sync-status').first()).toContainText(/waiting|Saving/)
  expect((await admin.from('walls').select('id').eq('id', wallId)).data).toEqual([])
  await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true))

  await secondVersion.publish()
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    await registration?.update()
  })
  await expect(page.getByTestId('update-prompt')).toContainText('A new version of Moori is available')
  // Nothing reloaded by itself.
  expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true)
  expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe(firstBuild)

  await expect(otherTab.getByTestId('update-prompt')).toContainText('A new version of Moori is available')
  await page.getByRole('button', { name: 'Reload' }).click()
  // Chromium activates the new version once the old one has ended the requests it is answering.
  await expect(page.locator('html'))
    .toHaveAttribute('data-build', 'e2e-v2', { timeout: 60_000 })
    .catch(async (error: Error) => {
      throw new Error(`${await workerStates(page)}\n${error.message}`)
    })
  await expect(page.getByText('Made before the update').first()).toBeVisible()

  // The other tab: the new version is already active, so nothing waits; Reload just reloads into it.
  await otherTab.getByRole('button', { name: 'Reload' }).click()
  await expect(otherTab.locator('html')).toHaveAttribute('data-build', 'e2e-v2', { timeout: 30_000 })

  await context.unroute('**/rest/v1/**')
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect
    .poll(async () => (await admin.from('walls').select('id').eq('id', wallId)).data?.length ?? 0, { timeout: 20_000 })
    .toBe(1)
  await context.close()
})
