// Issue 17, touch: with Playwright's phone profiles (a Pixel 7 and an iPhone-sized one, touch on) and
// fingers sent through CDP, pinch and two-finger pan work anywhere on the canvas (on the empty wall's
// message, on a card, on the background), the page itself never zooms or scrolls, and a long press
// opens a card's actions: Open and, for what you may manage, Delete.
import { devices, expect, test, type Browser, type Page } from '@playwright/test'
import { createUser, signInContext, type E2EUser } from '../support/users'
import {
  card,
  centre,
  eventually,
  openWall,
  position,
  seedWall,
  serverPolaroid,
  zoomOf,
} from '../support/walls'
import { longPress, pageUnmoved, pinch } from './phoneKit'

const PROFILES = { 'Pixel 7': devices['Pixel 7'], 'iPhone 13': devices['iPhone 13'] }

let owner: E2EUser

test.beforeAll(async () => {
  owner = await createUser()
})

async function phone(browser: Browser, profile: keyof typeof PROFILES, user: E2EUser) {
  const { defaultBrowserType: _ignored, ...options } = PROFILES[profile]
  const context = await browser.newContext(options)
  await signInContext(context, user)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  return { context, page, cdp }
}

/** The canvas camera, from the layer's transform: translate3d(x, y, 0) scale(z). */
async function camera(page: Page): Promise<{ x: number; y: number; zoom: number }> {
  const transform = await page.getByTestId('canvas-layer').evaluate((el) => el.style.transform)
  const [x, y] = [...transform.matchAll(/(-?[\d.]+)px/g)].map((m) => Number(m[1]))
  return { x: x!, y: y!, zoom: Number(/scale\(([\d.]+)\)/.exec(transform)?.[1]) }
}

const still = { scale: 1, scrollX: 0, scrollY: 0 }

for (const profile of Object.keys(PROFILES) as Array<keyof typeof PROFILES>) {
  test(`${profile}: pinch on the empty wall's message, on a card and on the background; the page never moves`, async ({
    browser,
  }) => {
    const empty = await seedWall(owner, { name: 'Empty for pinching' })
    const full = await seedWall(owner, {
      name: 'Cards for pinching',
      polaroids: [{ name: 'Tweed cap', x: 30, y: 30 }],
    })
    const { context, page, cdp } = await phone(browser, profile, owner)

    // On the empty wall's message card: two fingers spreading apart zoom the canvas in.
    await openWall(page, empty.id)
    const message = page.getByRole('heading', { name: 'This Moori is empty!' })
    await expect(message).toBeVisible()
    await pinch(cdp, await centre(message), 60, 160)
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(1)
    expect(await pageUnmoved(page)).toEqual(still)

    // Starting on a card (the other finger on the background): the canvas zooms, the card stays put.
    await openWall(page, full.id, 1)
    const cap = card(page, 'Tweed cap')
    const on = await centre(cap)
    await pinch(cdp, { x: on.x + 60, y: on.y }, 120, 40)
    await expect.poll(() => zoomOf(page)).toBeLessThan(0.75)
    expect(await position(cap)).toMatchObject({ x: 30, y: 30 })
    expect(await pageUnmoved(page)).toEqual(still)

    // Two fingers moving together pan the canvas without zooming it.
    const before = await camera(page)
    await pinch(cdp, { x: 200, y: 300 }, 100, 100, { x: -40, y: 120 })
    const after = await camera(page)
    expect(after.zoom).toBeCloseTo(before.zoom, 3)
    expect(after.x - before.x).toBeCloseTo(-40, 0)
    expect(after.y - before.y).toBeCloseTo(120, 0)
    expect(await pageUnmoved(page)).toEqual(still)

    // A pinch that starts on the zoom buttons does not zoom the page either.
    await pinch(cdp, await centre(page.getByRole('button', { name: 'Zoom out' })), 40, 200)
    expect(await pageUnmoved(page)).toEqual(still)
    await context.close()
  })
}

test('Pixel 7: a long press on a card opens its actions; Delete there deletes it', async ({ browser }) => {
  const wall = await seedWall(owner, {
    name: 'Long presses',
    polaroids: [
      { name: 'Corduroy coat', x: 30, y: 30 },
      { name: 'Felt beret', x: 300, y: 30 },
    ],
  })
  const { context, page, cdp } = await phone(browser, 'Pixel 7', owner)
  await openWall(page, wall.id, 2)
  const coat = card(page, 'Corduroy coat')
  await longPress(page, cdp, await centre(coat))
  const sheet = page.getByRole('dialog', { name: 'Corduroy coat' })
  await expect(sheet.getByRole('button', { name: 'Open' })).toBeVisible()
  await expect(sheet.getByRole('button', { name: 'Delete' })).toBeVisible()
  // The hold lifted the card, and letting go where it was put it back: nothing moved, nothing saved.
  expect(await position(coat)).toMatchObject({ x: 30, y: 30 })

  await sheet.getByRole('button', { name: 'Delete' }).click()
  await page
    .getByRole('dialog', { name: 'Delete this image?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(coat).toHaveCount(0)
  await eventually(
    () => serverPolaroid(wall.polaroids[0]!.id),
    (p) => p === null || p.deleted_at !== null,
  )

  // The long press on the other card opens it from its sheet.
  await longPress(page, cdp, await centre(card(page, 'Felt beret')))
  await page.getByRole('dialog', { name: 'Felt beret' }).getByRole('button', { name: 'Open' }).click()
  await expect(
    page.getByRole('dialog', { name: 'Felt beret' }).getByRole('button', { name: 'Next polaroid' }),
  ).toBeVisible()
  await context.close()
})

test("iPhone 13: a long press on someone else's card offers Open only, and moves nothing", async ({
  browser,
}) => {
  const wall = await seedWall(owner, { name: 'Not yours', polaroids: [{ name: 'Wool scarf', x: 40, y: 40 }] })
  const stranger = await createUser()
  const { context, page, cdp } = await phone(browser, 'iPhone 13', stranger)
  await openWall(page, wall.id, 1)
  await longPress(page, cdp, await centre(card(page, 'Wool scarf')))
  const sheet = page.getByRole('dialog', { name: 'Wool scarf' })
  await expect(sheet.getByRole('button', { name: 'Open' })).toBeVisible()
  await expect(sheet.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await sheet.getByRole('button', { name: 'Close' }).click()
  expect(await position(card(page, 'Wool scarf'))).toMatchObject({ x: 40, y: 40 })
  await context.close()
})
