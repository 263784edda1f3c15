// Issue 17, installed on a phone's home screen: Moori really installed (CDP PWA.install) and the page
// opened in its app window, so `display-mode: standalone` matches; the page edge to edge
// (viewport-fit=cover) with a notch above and a home indicator below (safe-area insets emulated). On
// every screen at 375 px: a screenshot for a person to look at, nothing under the notch or the home
// indicator, nothing covered; the theme colour matches the header; no install offer inside the app.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test'
import { signInContext } from '../support/users'
import { controlProblems, shot } from './phoneKit'
import { screens, seedFixtures, type Fixtures, type Role } from './phoneScreens'

const SIZE = { width: 375, height: 812 }
const INSETS = { top: 47, bottom: 34, left: 0, right: 0 }

let fixtures: Fixtures

test.beforeAll(async () => {
  test.setTimeout(120_000)
  fixtures = await seedFixtures()
})

/** A phone with Moori installed, signed in as `role`, its page open in the app's window. */
async function installedApp(role: Role): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const { baseURL } = test.info().project.use
  // Installing needs a profile of its own (an incognito context cannot install).
  const context = await chromium.launchPersistentContext(
    mkdtempSync(path.join(tmpdir(), 'moori-installed-')),
    {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
      baseURL,
      viewport: SIZE,
      isMobile: true,
      hasTouch: true,
    },
  )
  if (role === 'owner') await signInContext(context, fixtures.owner)
  if (role === 'noProfile') await signInContext(context, fixtures.noProfile)
  const page = context.pages()[0] ?? (await context.newPage())
  await page.goto('/')
  await expect(page.locator('header').first()).toBeVisible()
  const cdp = await context.newCDPSession(page)
  const manifestId = new URL('/', baseURL).href
  await cdp.send('PWA.install', { manifestId })
  await cdp.send('PWA.openCurrentPageInApp', { manifestId })
  await expect.poll(() => page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true)
  await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: INSETS })
  return { context, page, cdp }
}

/** The notch and the home indicator again: a second CDP session (a long press) drops the override. */
async function keepInsets(page: Page, cdp: CDPSession): Promise<void> {
  await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: INSETS })
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
}

/** The safe-area insets as the page's CSS sees them. */
function insetsSeen(page: Page) {
  return page.evaluate(() => {
    const probe = document.createElement('div')
    probe.style.cssText =
      'position: fixed; padding: env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)'
    document.body.append(probe)
    const style = getComputedStyle(probe)
    const px = (value: string) => Number.parseFloat(value)
    const seen = {
      top: px(style.paddingTop),
      bottom: px(style.paddingBottom),
      left: px(style.paddingLeft),
      right: px(style.paddingRight),
    }
    probe.remove()
    return seen
  })
}

/** Controls (in the top layer) that reach under the notch or the home indicator. */
function underInsets(page: Page) {
  return page.evaluate((insets) => {
    const modal = [...document.querySelectorAll('dialog')].filter((d) => d.open && d.matches(':modal')).at(-1)
    const scope: ParentNode = modal ?? document
    const found: string[] = []
    for (const el of scope.querySelectorAll(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"]',
    )) {
      // In a sheet whose body scrolls: scrolled to it, as far as it goes (the end must clear the home indicator).
      for (let node = el.parentElement; node && node.tagName !== 'DIALOG'; node = node.parentElement) {
        if (
          /auto|scroll/.test(getComputedStyle(node).overflowY) &&
          node.scrollHeight > node.clientHeight &&
          node.closest('dialog')
        ) {
          el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' })
          break
        }
      }
      const rect = el.getBoundingClientRect()
      if (rect.width < 2 || rect.height < 2 || getComputedStyle(el).visibility !== 'visible') continue
      // Only what stays put: fixed bars and overlays (scrolled content passes under a notch as it should).
      let fixed = false
      for (let node: Element | null = el; node; node = node.parentElement) {
        const position = getComputedStyle(node).position
        if (position === 'fixed' || position === 'sticky' || node.tagName === 'DIALOG') fixed = true
      }
      const wallish = document.querySelector('[data-testid="canvas"]') !== null
      if (!fixed && !wallish) continue
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)
      if (rect.top < insets.top && rect.bottom > 0) found.push(`${name}: top ${Math.round(rect.top)}`)
      if (rect.bottom > window.innerHeight - insets.bottom && rect.top < window.innerHeight)
        found.push(`${name}: bottom ${Math.round(rect.bottom)}`)
    }
    return found
  }, INSETS)
}

test('installed at 375 px: every screen clear of the notch and the home indicator, and nothing covered', async () => {
  test.setTimeout(300_000)
  for (const role of ['visitor', 'owner', 'noProfile'] as const) {
    const { context, page, cdp } = await installedApp(role)
    for (const screen of screens.filter((s) => s.as === role)) {
      await page.goto(screen.path(fixtures))
      expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true)
      await screen.ready(page, fixtures)
      await keepInsets(page, cdp)
      expect(await insetsSeen(page), 'the page sees the notch and the home indicator').toEqual(INSETS)
      await shot(page, `standalone-${screen.name}-375`)
      expect(await underInsets(page), screen.name).toEqual([])
      const problems = await controlProblems(page)
      expect(problems, `${screen.name}: ${JSON.stringify(problems, null, 2)}`).toEqual([])
    }
    await context.close()
  }
})

test('installed: the theme colour is the header colour, and the app does not offer to install itself', async () => {
  const { context, page } = await installedApp('owner')
  for (const path of ['/', `/wall/${fixtures.wall.id}`]) {
    await page.goto(path)
    await expect(page.locator('header').first()).toBeVisible()
    const colours = await page.evaluate(() => {
      const rgb = (text: string) => (text.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
      const hex = document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? ''
      const theme = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
      return { theme, header: rgb(getComputedStyle(document.querySelector('header')!).backgroundColor) }
    })
    expect(colours.header, path).toEqual(colours.theme)
    await expect(page.getByRole('button', { name: /Install/ })).toHaveCount(0)
  }
  await context.close()
})
