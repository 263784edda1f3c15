// Chrome considers Moori installable: a valid manifest (name, icons 192/512/maskable, standalone,
// start URL, a share target for photos) and a service worker that controls the page. Checked with CDP in a persistent context,
// as incognito contexts always report 'in-incognito'.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, expect, test } from '@playwright/test'
import { STACK_URL } from '../support/stack'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'

// Every test here needs the service worker (offline use or its caches).
test.use(ALLOW_SERVICE_WORKERS)

test('Chrome reports no installability errors', async ({ browserName: _ }, testInfo) => {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'moori-install-'))
  const launch = testInfo.project.use.launchOptions ?? {}
  const context = await chromium.launchPersistentContext(userDataDir, { ...launch, headless: true })
  try {
    const page = await context.newPage()
    await page.goto(STACK_URL)
    await waitForServiceWorker(page)
    const cdp = await context.newCDPSession(page)
    const manifest = await cdp.send('Page.getAppManifest')
    expect(manifest.errors).toEqual([])
    expect(manifest.url).toContain('/manifest.webmanifest')
    // Chrome read the share target: photos shared from the gallery are offered to Moori.
    // (This Chromium's CDP reports the method as 'kPost', echoes the action as the enctype and leaves the
    // files out, so only action and method are read here; the share e2e test proves the multipart POST.)
    expect(manifest.manifest.shareTarget).toMatchObject({ action: `${STACK_URL}/share-target`, method: expect.stringMatching(/post/i) })
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    const icons = await cdp.send('Page.getManifestIcons')
    expect(icons.primaryIcon).toBeTruthy()
  } finally {
    await context.close()
    rmSync(userDataDir, { recursive: true, force: true })
  }
})
