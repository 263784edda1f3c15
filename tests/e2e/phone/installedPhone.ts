// A phone with Moori installed on its home screen (CDP PWA.install) and the page opened in its app
// window, so `display-mode: standalone` matches; the page runs edge to edge (viewport-fit=cover) with a
// notch above and a home indicator below (safe-area insets emulated).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test'
import { signInContext } from '../support/users'
import type { Size } from './phoneKit'
import type { Fixtures, Role } from './phoneScreens'

/** A notched phone's insets in portrait (iPhone X to 13 mini at 375 × 812). */
export const INSETS = { top: 47, bottom: 34, left: 0, right: 0 }
const NO_INSETS = { top: 0, bottom: 0, left: 0, right: 0 }

export interface InstalledPhone {
  context: BrowserContext
  page: Page
  cdp: CDPSession
}

/** Moori installed on a phone of `size`, signed in as `role`, its page open in the app's window. */
export async function installedPhone(fixtures: Fixtures, role: Role, size: Size): Promise<InstalledPhone> {
  const { baseURL } = test.info().project.use
  // Installing needs a profile of its own (an incognito context cannot install).
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'moori-installed-')), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
    baseURL,
    viewport: size,
    isMobile: true,
    hasTouch: true,
    // Installing does not need the service worker, and precaching the app in every tour costs a core.
    serviceWorkers: 'block',
  })
  if (role === 'owner') await signInContext(context, fixtures.owner)
  if (role === 'noProfile') await signInContext(context, fixtures.noProfile)
  const page = context.pages()[0] ?? (await context.newPage())
  await page.goto('/')
  await expect(page.locator('header').first()).toBeVisible()
  const cdp = await context.newCDPSession(page)
  const manifestId = new URL('/', baseURL).href
  await cdp.send('PWA.install', { manifestId })
  await cdp.send('PWA.openCurrentPageInApp', { manifestId })
  await expect.poll(() => isStandalone(page)).toBe(true)
  return { context, page, cdp }
}

export function isStandalone(page: Page): Promise<boolean> {
  return page.evaluate(() => matchMedia('(display-mode: standalone)').matches)
}

/** The notch and the home indicator, painted. Set again after anything that opens a second CDP session
 * (a long press, a resize), which drops the override. */
export async function showNotch(phone: InstalledPhone, on = true): Promise<void> {
  await phone.cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: on ? INSETS : NO_INSETS })
  await phone.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
}

/** The safe-area insets as the page's CSS sees them. */
export function insetsSeen(page: Page) {
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
export function underInsets(page: Page) {
  return page.evaluate((insets) => {
    const modal = [...document.querySelectorAll('dialog')].filter((d) => d.open && d.matches(':modal')).at(-1)
    const scope: ParentNode = modal ?? document
    const found: string[] = []
    for (const el of scope.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"]')) {
      // In a sheet whose body scrolls: scrolled to it, as far as it goes (the end must clear the home indicator).
      for (let node = el.parentElement; node && node.tagName !== 'DIALOG'; node = node.parentElement) {
        if (/auto|scroll/.test(getComputedStyle(node).overflowY) && node.scrollHeight > node.clientHeight && node.closest('dialog')) {
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

/** The header's colour is the theme colour (the status bar above it takes it), and the installed app
 * does not offer to install itself. */
export async function expectInstalledLook(page: Page, label: string): Promise<void> {
  const colours = await page.evaluate(() => {
    const header = document.querySelector('header')
    if (!header) return null
    const rgb = (text: string) => (text.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
    const hex = document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? ''
    const theme = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
    return { theme, header: rgb(getComputedStyle(header).backgroundColor) }
  })
  if (colours) expect.soft(colours.header, `${label}: the header is the theme colour`).toEqual(colours.theme)
  await expect.soft(page.getByRole('button', { name: /Install/ }), `${label}: no install offer`).toHaveCount(0)
}
