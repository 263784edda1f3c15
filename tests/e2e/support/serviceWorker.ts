// Waits until the service worker controls the page (and has finished precaching), the precondition for
// every offline test.
import type { Page } from '@playwright/test'

export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }))
    }
    return registration.active?.state
  })
}
