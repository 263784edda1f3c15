// The wall canvas: dragging with a mouse and with a finger (saved, kept over a reload, on the server),
// the zoom limits, the tilt rule and the owner's automatic layout.
import { expect, test, type CDPSession, type Page } from '@playwright/test'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { card, centre, eventually, openWall, position, seedWall, serverPolaroid, zoomOf } from '../support/walls'

let owner: E2EUser

test.beforeAll(async () => {
  owner = await createUser()
})

test('a card dragged with the mouse moves to the top, and the move is saved and kept', async ({ context, page }) => {
  const wall = await seedWall(owner, {
    name: 'Mouse drags',
    polaroids: [
      { name: 'Red coat', x: 60, y: 60, zIndex: 1 },
      { name: 'Blue hat', x: 400, y: 60, zIndex: 5 },
    ],
  })
  await signInContext(context, owner)
  await openWall(page, wall.id, 2)
  const coat = card(page, 'Red coat')
  expect(await position(coat)).toEqual({ x: 60, y: 60, z: 1 })
  expect(await zoomOf(page)).toBe(0.75)

  const from = await centre(coat)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x + 3, from.y + 2)
  // Under the 5 px threshold nothing moves yet.
  expect(await coat.evaluate((el) => el.style.transform)).toBe('translate3d(60px, 60px, 0px)')
  await page.mouse.move(from.x + 150, from.y + 75, { steps: 12 })
  await page.mouse.up()

  // 150 px at zoom 0.75 is 200 world px; raised above the highest card.
  await expect.poll(() => position(coat)).toEqual({ x: 260, y: 160, z: 6 })
  const saved = await eventually(() => serverPolaroid(wall.polaroids[0]!.id), (p) => p?.x === 260)
  expect(saved).toMatchObject({ x: 260, y: 160, z_index: 6 })

  await page.reload()
  await expect(card(page, 'Red coat')).toBeVisible()
  expect(await position(card(page, 'Red coat'))).toEqual({ x: 260, y: 160, z: 6 })
})

test('Escape during a drag puts the card back', async ({ context, page }) => {
  const wall = await seedWall(owner, { name: 'Cancelled drags', polaroids: [{ name: 'Green scarf', x: 100, y: 100 }] })
  await signInContext(context, owner)
  await openWall(page, wall.id, 1)
  const scarf = card(page, 'Green scarf')
  const from = await centre(scarf)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x + 120, from.y + 40, { steps: 6 })
  expect(await scarf.evaluate((el) => el.style.transform)).not.toBe('translate3d(100px, 100px, 0px)')
  await page.keyboard.press('Escape')
  await page.mouse.up()
  expect(await scarf.evaluate((el) => el.style.transform)).toBe('translate3d(100px, 100px, 0px)')
  expect((await serverPolaroid(wall.polaroids[0]!.id))?.x).toBe(100)
})

async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] })
}

async function touchDrag(page: Page, cdp: CDPSession, from: { x: number; y: number }, by: { x: number; y: number }, holdMs: number) {
  await touch(cdp, 'touchStart', from.x, from.y)
  if (holdMs) await page.waitForTimeout(holdMs)
  const steps = 10
  for (let i = 1; i <= steps; i++) await touch(cdp, 'touchMove', from.x + (by.x * i) / steps, from.y + (by.y * i) / steps)
  await touch(cdp, 'touchEnd')
}

test('a finger drags a card after a 250 ms hold; a quick swipe pans; two fingers zoom', async ({ browser }) => {
  const wall = await seedWall(owner, { name: 'Touch drags', polaroids: [{ name: 'Yellow bag', x: 40, y: 40 }] })
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } })
  await signInContext(context, owner)
  const page = await context.newPage()
  await openWall(page, wall.id, 1)
  const cdp = await context.newCDPSession(page)
  const bag = card(page, 'Yellow bag')

  // A swipe without the hold pans the canvas; the card stays where it is.
  const layer = page.getByTestId('canvas-layer')
  const before = await layer.evaluate((el) => el.style.transform)
  await touchDrag(page, cdp, await centre(bag), { x: 60, y: 90 }, 0)
  await expect.poll(() => layer.evaluate((el) => el.style.transform)).not.toBe(before)
  expect(await position(bag)).toMatchObject({ x: 40, y: 40 })

  // Held for 300 ms, the same gesture moves the card: 60×90 px at zoom 0.75 is 80×120 world px.
  await touchDrag(page, cdp, await centre(bag), { x: 60, y: 90 }, 300)
  await expect.poll(() => position(bag)).toMatchObject({ x: 120, y: 160 })
  await eventually(() => serverPolaroid(wall.polaroids[0]!.id), (p) => p?.x === 120 && p.y === 160)
  await page.reload()
  await expect(card(page, 'Yellow bag')).toBeVisible()
  expect(await position(card(page, 'Yellow bag'))).toMatchObject({ x: 120, y: 160 })

  // Two fingers spreading apart zoom in, up to the limit; the card stays put.
  const mid = { x: 200, y: 600 }
  const points = (d: number) => [
    { x: mid.x - d, y: mid.y, id: 1 },
    { x: mid.x + d, y: mid.y, id: 2 },
  ]
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(40) })
  for (let d = 50; d <= 160; d += 10) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(d) })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await expect.poll(() => zoomOf(page)).toBe(1.5)
  expect(await position(card(page, 'Yellow bag'))).toMatchObject({ x: 120, y: 160 })
  await context.close()
})

test('zoom stays between 0.2 and 1.5 with buttons, wheel and keys, and resets to 0.75', async ({ context, page }) => {
  const wall = await seedWall(owner, { name: 'Zooming', polaroids: [{ name: 'Zoom card' }] })
  await signInContext(context, owner)
  await openWall(page, wall.id, 1)
  const zoomIn = page.getByRole('button', { name: 'Zoom in' })
  // Past the limit the button says it is disabled; pressing it anyway changes nothing.
  for (let i = 0; i < 8; i++) await zoomIn.click({ force: true })
  await expect.poll(() => zoomOf(page)).toBe(1.5)
  await expect(zoomIn).toHaveAttribute('aria-disabled', 'true')
  await expect(page.getByTestId('zoom-level')).toHaveText('150%')

  await page.getByTestId('canvas').hover()
  for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 100)
  await expect.poll(() => zoomOf(page)).toBe(0.2)
  await page.mouse.wheel(0, 100)
  expect(await zoomOf(page)).toBe(0.2)
  await page.mouse.wheel(0, -100)
  await expect.poll(() => zoomOf(page)).toBe(0.4)

  await page.getByRole('button', { name: 'Reset zoom' }).click()
  await expect.poll(() => zoomOf(page)).toBe(0.75)
  await page.keyboard.press('Minus')
  await expect.poll(() => zoomOf(page)).toBe(0.55)
  await page.keyboard.press('0')
  await expect.poll(() => zoomOf(page)).toBe(0.75)
})

test('polaroids tilt by their timestamp modulo 7, minus 3 degrees', async ({ context, page }) => {
  const base = 1_700_000_000_000 - (1_700_000_000_000 % 7)
  const polaroids = [0, 1, 2, 3, 4, 5, 6].map((r) => ({ name: `Tilt ${r}`, timestamp: base + r, x: 40 + r * 240, y: 40 }))
  const wall = await seedWall(owner, { name: 'Tilts', polaroids })
  await signInContext(context, owner)
  await openWall(page, wall.id)
  await page.getByRole('button', { name: 'Zoom out' }).click()
  await page.getByRole('button', { name: 'Zoom out' }).click()
  for (const r of [0, 1, 2, 3, 4, 5, 6]) {
    const frame = card(page, `Tilt ${r}`).getByTestId('polaroid-card').locator(':scope > div').first()
    const angle = await frame.evaluate((el) => {
      const m = new DOMMatrix(getComputedStyle(el).transform)
      return Math.round((Math.atan2(m.b, m.a) * 180) / Math.PI)
    })
    expect(angle, `Tilt ${r}`).toBe(r - 3)
  }
})

test('the owner gets an automatic layout when polaroids sit at (0,0)', async ({ context, page }) => {
  const wall = await seedWall(owner, {
    name: 'Fresh pile',
    polaroids: ['One', 'Two', 'Three', 'Four'].map((name, i) => ({ name, x: 0, y: 0, timestamp: 1_700_000_000_000 + i * 1000 })),
  })
  await signInContext(context, owner)
  await page.setViewportSize({ width: 1440, height: 900 })
  await openWall(page, wall.id, 4)
  // 80% of 1440 px holds 3 columns of 300 px: slots at 50, 350, 650 across and 50, 400 down.
  const expected = [
    { x: 50, y: 50 },
    { x: 350, y: 50 },
    { x: 650, y: 50 },
    { x: 50, y: 400 },
  ]
  for (const [i, name] of ['One', 'Two', 'Three', 'Four'].entries()) {
    await expect.poll(() => position(card(page, name))).toMatchObject(expected[i]!)
  }
  for (const [i, polaroid] of wall.polaroids.entries()) {
    await eventually(() => serverPolaroid(polaroid.id), (p) => p?.x === expected[i]!.x && p.y === expected[i]!.y)
  }
})

test('a stranger gets no layout and no move controls on someone else\'s wall', async ({ browser }) => {
  const wall = await seedWall(owner, { name: 'Not mine', polaroids: [{ name: 'Pile card', x: 0, y: 0 }] })
  const stranger = await createUser()
  const context = await browser.newContext()
  await signInContext(context, stranger)
  const page = await context.newPage()
  await openWall(page, wall.id, 1)
  const pile = card(page, 'Pile card')
  await expect(pile.getByRole('button', { name: /^Delete/ })).toHaveCount(0)
  expect(await pile.getAttribute('aria-describedby')).toBeNull()
  const from = await centre(pile)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x + 100, from.y + 100, { steps: 5 })
  await page.mouse.up()
  expect(await position(pile)).toMatchObject({ x: 0, y: 0 })
  expect((await serverPolaroid(wall.polaroids[0]!.id))?.x).toBe(0)
  await context.close()
})
