// Waits until the service worker controls the page (and has finished precaching), the precondition for
// every offline test. Service workers are blocked unless a spec opts in (playwright.config.ts), so a spec
// that forgot gets told so, rather than a bare timeout.
import type { Page } from '@playwright/test'

export const ALLOW_SERVICE_WORKERS = { serviceWorkers: 'allow' } as const

/** `timeoutMs`: longer where the install's precache competes with more (a first visit that also pulls). */
export async function waitForServiceWorker(page: Page, timeoutMs = 30_000): Promise<void> {
  const state = await page.evaluate(async (timeout) => {
    const controlled = (async () => {
      await navigator.serviceWorker.ready
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
        )
      }
      return 'controlled'
    })()
    const blocked = new Promise<string>((resolve) => setTimeout(() => resolve('no service worker'), timeout))
    return Promise.race([controlled, blocked])
  }, timeoutMs)
  if (state !== 'controlled') {
    throw new Error(
      `No service worker took control in ${timeoutMs / 1000} s: does the spec say test.use(ALLOW_SERVICE_WORKERS)?`,
    )
  }
}
