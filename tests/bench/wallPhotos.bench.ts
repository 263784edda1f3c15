// The bytes of photos a 200-card wall's first screen loads (issue 27), in one run: the wall opened in the
// built app on a desktop (1280×800 at 1×) and a phone (390×844 at 2.625×, Lighthouse's mobile device),
// every Storage image response of that screen summed, against the same photos loaded whole (the app
// before it asked Storage for sizes). The cards hold 800 px photos, as the app stores them (spec §5).
import os from 'node:os'
import { rm } from 'node:fs/promises'
import sharp from 'sharp'
import { chromium, type Browser } from 'playwright'
import { buildApp } from '../../scripts/lib/buildApp'
import { startLocalStack } from '../../supabase/local/server'
import { testConfig } from '../../supabase/local/config'
import { largeOutfitPhoto } from '../support/wardrobePhotos'
import { benchUser, seedWall, signedInContext } from './dragKit'
import { round, type Bench, type BenchTable } from './types'

const APP_DIR = 'dist-bench-wall-photos'
const CARDS = 200
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' / ')

/** 200 different photos of 800×600, as the app keeps them (JPEG at 0.7), each its own hue. */
async function storedPhotos(): Promise<Buffer[]> {
  const { jpeg } = await largeOutfitPhoto(1600, 1200)
  const base = await sharp(jpeg).resize({ width: 800 }).toBuffer()
  return Promise.all(
    Array.from({ length: CARDS }, (_, i) => sharp(base).modulate({ hue: (i * 37) % 360 }).jpeg({ quality: 70 }).toBuffer()),
  )
}

interface Screen {
  device: string
  viewport: { width: number; height: number }
  scale: number
}

const SCREENS: Screen[] = [
  { device: 'desktop', viewport: { width: 1280, height: 800 }, scale: 1 },
  { device: 'phone', viewport: { width: 390, height: 844 }, scale: 2.625 },
]

async function firstScreen(browser: Browser, url: string, session: unknown, wallId: string, screen: Screen) {
  const context = await signedInContext(browser, session, { viewport: screen.viewport, deviceScaleFactor: screen.scale })
  const page = await context.newPage()
  const loaded = new Map<string, number>()
  page.on('response', (response) => {
    if (!response.url().includes('/storage/v1/') || response.status() !== 200) return
    void response.body().then((body) => loaded.set(response.url(), body.length), () => undefined)
  })
  await page.goto(`${url}/wall/${wallId}`)
  await page.locator('[data-canvas-item]').first().waitFor()
  // Every photo on screen decoded, then a quiet moment for anything still arriving.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-canvas-item] img')].every((img) => (img as HTMLImageElement).complete), undefined, { timeout: 120_000, polling: 250 })
  await page.waitForTimeout(1500)
  const shownCards = await page.locator('[data-canvas-item] img').count()
  await context.close()
  return { loaded, shownCards }
}

/** The stored photo a URL (a rendered size or the photo itself) is of. */
const wholeUrl = (href: string) => {
  const url = new URL(href)
  url.pathname = url.pathname.replace('/storage/v1/render/image/public/', '/storage/v1/object/public/')
  url.search = ''
  return url.href
}

export const bench: Bench = {
  name: 'wall-photos',
  async run(): Promise<BenchTable[]> {
    const loadAtStart = load()
    await buildApp({ outDir: APP_DIR, quiet: true })
    const stack = await startLocalStack(testConfig({ appDir: APP_DIR, host: '127.0.0.1' }))
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    })
    try {
      const user = await benchUser(stack.url, stack.anonKey, stack.serviceRoleKey)
      const wallId = await seedWall(user, CARDS, await storedPhotos())
      const rows: BenchTable['rows'] = []
      for (const screen of SCREENS) {
        const { loaded, shownCards } = await firstScreen(browser, stack.url, user.session, wallId, screen)
        const photos = [...new Set([...loaded.keys()].map(wholeUrl))]
        const whole = await Promise.all(photos.map(async (href) => (await (await fetch(href)).arrayBuffer()).byteLength))
        const sized = [...loaded.values()].reduce((sum, n) => sum + n, 0)
        const wholeBytes = whole.reduce((sum, n) => sum + n, 0)
        rows.push({
          device: `${screen.device} (${screen.viewport.width}×${screen.viewport.height} at ${screen.scale}×)`,
          'cards rendered': shownCards,
          'photos loaded': photos.length,
          'KiB loaded (sized)': round(sized / 1024, 1),
          'KiB of the same photos whole': round(wholeBytes / 1024, 1),
          'sized / whole': round(sized / Math.max(1, wholeBytes), 2),
        })
        console.log(JSON.stringify(rows.at(-1)))
      }
      return [
        {
          title: `Photos a ${CARDS}-card wall's first screen loads (800×600 JPEG photos)`,
          rows,
          notes: [
            'sized: every Storage image response until the photos on screen are decoded and 1.5 s more (the cards rendered include the margin around the screen)',
            'whole: the stored photos behind those responses, as the app loaded them before it asked Storage for sizes',
            `machine load (os.loadavg 1/5/15 min) at start: ${loadAtStart}; at end: ${load()} (${os.cpus().length} cores)`,
          ],
        },
      ]
    } finally {
      await browser.close()
      await stack.close()
      await rm(APP_DIR, { recursive: true, force: true })
    }
  },
}
