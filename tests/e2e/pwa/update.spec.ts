// A new version never takes over by itself: its service worker waits, the page shows 'A new version of
// Moori is available', and only Reload activates it. A change made before accepting, which could not
// be pushed yet, survives the update and reaches the server afterwards. The accepted version takes over
// within seconds even though the old one is still answering a photo the network never answers (Chromium
// waits for those otherwise). A second tab, whose version was activated by the first, reloads into it
// on its own Reload.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type BrowserContext, type Page, type Request as NetworkRequest, type Route } from '@playwright/test'
import { FETCHES_IN_FLIGHT } from '../../../src/lib/serviceWorkerMessages'
import { admin } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'

// Every test here needs the service worker (offline use or its caches).
test.use(ALLOW_SERVICE_WORKERS)

const servedDir = process.env.MOORI_E2E_OUT_DIR ?? 'dist'
let secondVersion = ''

// The second version is built before the test (a build takes up to a minute on a busy machine), and
// published during it.
test.beforeAll(() => {
  test.setTimeout(120_000)
  secondVersion = mkdtempSync(path.join(os.tmpdir(), 'moori-v2-'))
  execFileSync('npx', ['vite', 'build', '--outDir', secondVersion, '--emptyOutDir', '--logLevel', 'warn'], {
    env: { ...process.env, MOORI_BUILD_ID: 'e2e-v2' },
    stdio: 'ignore',
  })
})

test.afterAll(() => rmSync(secondVersion, { recursive: true, force: true }))

function publishSecondVersion(): void {
  // Old chunks stay next to the new ones, as on a real server during a deploy.
  cpSync(secondVersion, servedDir, { recursive: true })
}

/** The network requests the service workers of `context` have made and not finished, for a failure's message. */
function watchWorkerRequests(context: BrowserContext): () => string {
  const started = Date.now()
  const open = new Map<NetworkRequest, number>()
  context.on('request', (request) => {
    if (request.serviceWorker()) open.set(request, Date.now())
  })
  const end = (request: NetworkRequest) => open.delete(request)
  context.on('requestfinished', end)
  context.on('requestfailed', end)
  return () =>
    [...open].map(([request, since]) => `${request.url()} (since ${since - started} ms)`).join(', ') || 'none'
}

/** What the page's service workers are doing, for a failure's message (CI keeps only the log): their
 * states, how far the accepted update got (the page's `moori:update-*` marks, with the requests the old
 * version ended) and which fetch events the active version is still answering. */
function workerStates(page: Page): Promise<string> {
  return page
    .evaluate(async (askInFlight) => {
      const registration = await navigator.serviceWorker.getRegistration()
      const state = (worker: ServiceWorker | null | undefined) => worker?.state ?? 'none'
      const steps = performance
        .getEntriesByType('mark')
        .filter((mark) => mark.name.startsWith('moori:update-'))
        .map((mark) => {
          const detail = (mark as PerformanceMark).detail as unknown
          return `${mark.name.slice('moori:update-'.length)} at ${Math.round(mark.startTime)} ms${detail ? ` ${JSON.stringify(detail)}` : ''}`
        })
      const prompt = document.querySelector('[data-testid="update-prompt"] button')?.textContent ?? 'no prompt'
      const answering = await new Promise<string>((resolve) => {
        const active = registration?.active
        if (!active) return resolve('no active worker')
        const channel = new MessageChannel()
        channel.port1.onmessage = (event) => resolve(JSON.stringify(event.data))
        setTimeout(() => resolve('no answer in 2 s'), 2000)
        active.postMessage({ type: askInFlight }, [channel.port2])
      })
      return `workers: controller ${state(navigator.serviceWorker.controller)}, active ${state(registration?.active)}, waiting ${state(registration?.waiting)}, installing ${state(registration?.installing)}; update steps: ${steps.join(', ') || 'none'}; button: ${prompt}; now ${Math.round(performance.now())} ms; the active worker answers ${answering}`
    }, FETCHES_IN_FLIGHT)
    .catch((error: unknown) => `workers: could not be read (${String(error)})`)
}

/** Every version the browser holds, as DevTools sees it: whether it runs, its state and its clients. */
async function workerVersions(page: Page): Promise<string> {
  try {
    const cdp = await page.context().newCDPSession(page)
    const versions = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) =>
        resolve(
          versions
            .map((v) => `${v.versionId} ${v.status} ${v.runningStatus}, ${v.controlledClients?.length ?? 0} clients`)
            .join('; '),
        ),
      )
      setTimeout(() => resolve('no versions in 2 s'), 2000)
    })
    await cdp.send('ServiceWorker.enable')
    const seen = await versions
    await cdp.detach()
    return `versions: ${seen}`
  } catch (error) {
    return `versions: could not be read (${String(error)})`
  }
}

test('an update waits for Reload and keeps a change made before it', async ({ browser }) => {
  test.setTimeout(120_000)
  const user = await createUser()
  const context = await browser.newContext()
  await signInContext(context, user)
  const workerRequests = watchWorkerRequests(context)
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

  publishSecondVersion()
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration()
    await registration?.update()
  })
  await expect(page.getByTestId('update-prompt')).toContainText('A new version of Moori is available')
  // Nothing reloaded by itself.
  expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true)
  expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe(firstBuild)

  await expect(otherTab.getByTestId('update-prompt')).toContainText('A new version of Moori is available')
  // A busy second tab: a photo it shows is still loading when Reload is pressed, and the network never
  // answers it. The old version is answering that request; the accepted update must not wait for it.
  const unanswered: Route[] = []
  await context.route('**/storage/v1/object/public/polaroid-images/never-answers.jpg', (route) => void unanswered.push(route))
  await otherTab.evaluate(() => {
    const photo = new Image()
    photo.src = '/storage/v1/object/public/polaroid-images/never-answers.jpg'
    document.body.append(photo)
  })
  await expect.poll(() => unanswered.length).toBe(1)
  // Each step of the accepted update as it happens (the page's marks go with the reload).
  const steps: string[] = []
  page.on('console', (message) => {
    if (message.text().startsWith('moori:update-')) steps.push(message.text())
  })
  await page.evaluate(() =>
    new PerformanceObserver((list) => {
      for (const mark of list.getEntries()) {
        const detail = (mark as PerformanceMark).detail as unknown
        if (mark.name.startsWith('moori:update-')) {
          console.info(`${mark.name} at ${Math.round(mark.startTime)} ms${detail ? ` ${JSON.stringify(detail)}` : ''}`)
        }
      }
    }).observe({ type: 'mark' }),
  )
  console.info(`before Reload: ${await workerStates(page)}; requests the workers have open: ${workerRequests()}`)
  const reloadAt = Date.now()
  await page.getByRole('button', { name: 'Reload' }).click()
  // Chromium activates the new version once the old one has ended the requests it is answering, which
  // it does when the update is accepted: within seconds, even with a second tab and no backend.
  await expect(page.locator('html'))
    .toHaveAttribute('data-build', 'e2e-v2', { timeout: 30_000 })
    .catch(async (error: Error) => {
      throw new Error(
        `${await workerStates(page)}; requests the workers have open: ${workerRequests()}; steps seen: ${steps.join('; ')}; ${await workerVersions(page)}\n${error.message}`,
      )
    })
  console.info(`the new version loaded ${Date.now() - reloadAt} ms after Reload; steps: ${steps.join('; ')}`)
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
