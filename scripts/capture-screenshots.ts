// `npx tsx scripts/capture-screenshots.ts`: renders the real app with the demo data and saves the
// screenshots the web app manifest (install sheet) and the README show, into public/screenshots/.
// Re-run it when the look changes.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright'
import { testConfig } from '../supabase/local/config'
import { startLocalStack } from '../supabase/local/server'
import { buildApp } from './lib/buildApp'
import { seedIfEmpty } from './lib/seedIfEmpty'

const outDir = 'public/screenshots'
/** Some photo on screen has loaded. */
const shown = () =>
  [...document.querySelectorAll('main img')].some(
    (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0 && img.getBoundingClientRect().height > 0,
  )
const appDir = await mkdtemp(path.join(os.tmpdir(), 'moori-shots-'))
await buildApp({ quiet: true, outDir: appDir })
const stack = await startLocalStack(testConfig({ appDir }))
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
})
try {
  await seedIfEmpty(stack)
  await mkdir(outDir, { recursive: true })
  const { rows } = await stack.db.query<{ id: string }>(`select id from public.walls where name = 'Wedding Guest Outfits'`)
  const wallId = rows[0]!.id

  const wide = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await wide.goto(`${stack.url}/wall/${wallId}`)
  await wide.locator('[data-canvas-item] img').first().waitFor()
  await wide.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0))
  await wide.evaluate(() => document.fonts.ready)
  await wide.screenshot({ path: `${outDir}/wall-wide.png` })

  const narrow = await browser.newPage({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 })
  await narrow.goto(stack.url)
  await narrow.getByRole('tab', { name: 'Discover' }).waitFor()
  await narrow.waitForFunction(shown)
  await narrow.evaluate(() => document.fonts.ready)
  await narrow.waitForTimeout(800)
  await narrow.screenshot({ path: `${outDir}/discover-narrow.png` })

  const home = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await home.goto(stack.url)
  await home.waitForFunction(shown)
  await home.evaluate(() => document.fonts.ready)
  await home.waitForTimeout(800)
  await home.screenshot({ path: `${outDir}/home-wide.png` })
  console.info(`Saved screenshots to ${outDir}`)
} finally {
  await browser.close()
  await stack.close()
  await rm(appDir, { recursive: true, force: true })
}
