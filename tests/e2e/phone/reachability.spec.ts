// Issue 17: on a phone nothing is covered or out of reach. Every screen (and every dialog, sheet and
// menu), at 320 and 375 px wide with touch on: each visible control's centre is on screen
// and hits that control, each is at least 44 px, the page never scrolls sideways, and axe's
// target-size rule is clean (at 320 and 375 px, where spacing is tightest). The wall's screens are
// also checked in landscape at each of those phones.
// The tour runs in Moori installed on the phone's home screen. At 375 × 812, a notched phone, each
// screen also gets: a screenshot for a person to look at, the notch and the home indicator (nothing
// fixed under them), the header in the theme colour, no install offer, and a full axe-core scan (no
// serious or critical violations). Each screen is opened once there, then the phone's size changes
// under it (as a rotation or a split screen does), so the whole tour stays quick.
import { expect, test, type Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from '../screens-i/helpers'
import {
  INSETS,
  type InstalledPhone,
  expectInstalledLook,
  insetsSeen,
  installedPhone,
  isStandalone,
  showNotch,
  underInsets,
} from './installedPhone'
import { PORTRAIT, expectReachable, expectTargetSizeClean, landscape, shot, type Size } from './phoneKit'
import { screens, seedFixtures, type Fixtures, type Role } from './phoneScreens'

let fixtures: Fixtures

test.beforeAll(async () => {
  test.setTimeout(120_000)
  fixtures = await seedFixtures()
})

const START = PORTRAIT[1]!

/** The new size is laid out and painted (media queries, resize observers and effects have run). */
async function resizeTo(page: Page, size: Size, label: string): Promise<void> {
  await page.setViewportSize(size)
  // Chromium keeps the zoom a mobile page had at its old width; a phone starts the new one at 1.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.resetPageScaleFactor')
  await cdp.detach()
  const laidOut = await page
    .waitForFunction(
      ({ width, height }) =>
        document.documentElement.clientWidth === width && document.documentElement.clientHeight === height,
      size,
      { timeout: 5_000 },
    )
    .then(
      () => true,
      () => false,
    )
  const actual = await page.evaluate(
    () => `${document.documentElement.clientWidth}×${document.documentElement.clientHeight}`,
  )
  expect
    .soft(laidOut, `${label}: the page fits the phone's ${size.width}×${size.height} (it is ${actual})`)
    .toBe(true)
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
}

for (const role of ['visitor', 'owner', 'noProfile'] as const satisfies Role[]) {
  const mine = screens.filter((s) => s.as === role)
  test.describe(`as ${role === 'noProfile' ? 'a new account' : `the ${role}`}, installed`, () => {
    // One installed phone for the role's tour (installing takes a profile of its own); each screen is a
    // test of its own on it, in turn: the owner's 19 screens took 4.8 min as one test under a load of 20.
    test.describe.configure({ mode: 'serial' })
    let phone: InstalledPhone
    test.beforeAll(async () => {
      phone = await installedPhone(fixtures, role, START)
    })
    test.afterAll(async () => {
      await phone.context.close()
    })

    for (const screen of mine) {
      test(`${screen.name} at 320 and 375 px (a wall's also in landscape): nothing covered, nothing too small, nothing under the notch, no serious axe issue`, async () => {
        // About 15 s a screen under a load average of 20 (44 s for the first, with the install).
        test.setTimeout(60_000)
        const { page } = phone
        if (page.viewportSize()?.width !== START.width || page.viewportSize()?.height !== START.height)
          await resizeTo(page, START, `back to ${START.width} px`)
        await page.goto(screen.path(fixtures))
        await screen.ready(page, fixtures)
        const installed = `${screen.name}, installed at ${START.width}×${START.height}`
        expect.soft(await isStandalone(page), `${installed}: in the app's window`).toBe(true)
        await showNotch(phone)
        expect.soft(await insetsSeen(page), `${installed}: the page sees the notch and the home indicator`).toEqual(INSETS)
        await shot(page, `${screen.name}-375`)
        expect.soft(await underInsets(page), `${installed}: nothing fixed under the notch or the home indicator`).toEqual([])
        await expectInstalledLook(page, installed)
        await expectNoSeriousA11yIssues(page, installed, true)
        const sizes = screen.landscape ? [...PORTRAIT, ...PORTRAIT.map(landscape)] : PORTRAIT
        for (const size of sizes) {
          const label = `${screen.name} at ${size.width}×${size.height}`
          if (size !== START) {
            // Only the notched phone has the notch (in landscape it would be at the side).
            if (page.viewportSize()?.width === START.width && page.viewportSize()?.height === START.height)
              await showNotch(phone, false)
            await resizeTo(page, size, label)
          }
          await expectReachable(page, label, true)
          // axe's spacing test is hardest where the page is narrowest; 375 px is the common phone.
          if (size.width <= START.width) await expectTargetSizeClean(page, label, true)
        }
      })
    }
  })
}
