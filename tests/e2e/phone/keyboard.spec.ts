// Issue 17, dialogs with the on-screen keyboard: on a phone every dialog is a bottom sheet, and when
// the keyboard takes the bottom of the screen (the visual viewport shrinks while the layout viewport
// stays, as on iOS and on Android's default) the sheet moves above it and the field being typed in is
// in view, title bar and all. Also with a keyboard that resizes the whole page (Android's other mode).
import { expect, test, type Locator, type Page } from '@playwright/test'
import { seedWardrobe, showcase } from '../wardrobe/wardrobeSeed'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { openWall, seedWall, type SeededWall } from '../support/walls'
import { phoneContext, shot } from './phoneKit'

const SIZE = { width: 375, height: 667 }
const KEYBOARD = 290

let owner: E2EUser
let wall: SeededWall

test.beforeAll(async () => {
  owner = await createUser({ displayName: 'Ines Moreau' })
  wall = await seedWall(owner, {
    name: 'Keyboard wall',
    polaroids: [{ name: 'Velvet bow', message: 'For the hair' }],
  })
  await seedWardrobe(owner, showcase.slice(0, 2))
})

/**
 * The on-screen keyboard as iOS (and Android's default) shows it: the visual viewport loses its bottom
 * KEYBOARD px while the layout viewport stays. Headless Chromium cannot shrink the visual viewport on
 * its own (CDP's setVisibleSize and device metrics move both), so the page gets a `visualViewport` that
 * reports the keyboard, and fires `resize` as a browser does.
 */
function standInKeyboard() {
  const real = window.visualViewport
  if (!real) return
  let keyboard = 0
  const events = new EventTarget()
  const fake = {
    get width() {
      return real.width
    },
    get height() {
      return real.height - keyboard
    },
    get offsetTop() {
      return real.offsetTop
    },
    get offsetLeft() {
      return real.offsetLeft
    },
    get scale() {
      return real.scale
    },
    addEventListener(type: string, listener: EventListener) {
      events.addEventListener(type, listener)
      real.addEventListener(type, listener)
    },
    removeEventListener(type: string, listener: EventListener) {
      events.removeEventListener(type, listener)
      real.removeEventListener(type, listener)
    },
  }
  Object.defineProperty(window, 'visualViewport', { configurable: true, get: () => fake })
  ;(window as unknown as { mooriKeyboard: (px: number) => void }).mooriKeyboard = (px: number) => {
    keyboard = px
    events.dispatchEvent(new Event('resize'))
  }
}

type Keyboard = 'over the page' | 'resizing the page'

async function openKeyboard(page: Page, how: Keyboard): Promise<void> {
  if (how === 'resizing the page')
    await page.setViewportSize({ width: SIZE.width, height: SIZE.height - KEYBOARD })
  else
    await page.evaluate(
      (px) => (window as unknown as { mooriKeyboard: (px: number) => void }).mooriKeyboard(px),
      KEYBOARD,
    )
  await expect
    .poll(() => page.evaluate(() => Math.round(window.visualViewport!.height)))
    .toBe(SIZE.height - KEYBOARD)
}

async function closeKeyboard(page: Page, how: Keyboard): Promise<void> {
  if (how === 'resizing the page') await page.setViewportSize(SIZE)
  else
    await page.evaluate(() => (window as unknown as { mooriKeyboard: (px: number) => void }).mooriKeyboard(0))
  await expect.poll(() => page.evaluate(() => Math.round(window.visualViewport!.height))).toBe(SIZE.height)
}

/** Typing into `field` with the keyboard open: the field, and the sheet's title bar, are in view. */
async function expectTypable(
  page: Page,
  dialog: Locator,
  field: Locator,
  name: string,
  how: Keyboard = 'over the page',
): Promise<void> {
  await field.focus()
  await openKeyboard(page, how)
  await page.keyboard.type('typed on a phone')
  const visible = () =>
    page.evaluate(() => {
      const v = window.visualViewport!
      return { top: v.offsetTop, bottom: v.offsetTop + v.height }
    })
  await expect
    .poll(
      async () => {
        const box = (await field.boundingBox())!
        const view = await visible()
        return box.y >= view.top - 1 && box.y + box.height <= view.bottom + 1
      },
      { message: `${name}: the field is above the keyboard` },
    )
    .toBe(true)
  const sheet = (await dialog.boundingBox())!
  const view = await visible()
  expect(sheet.y + sheet.height, `${name}: the sheet sits on the keyboard`).toBeLessThanOrEqual(
    view.bottom + 1,
  )
  expect(sheet.y, `${name}: the sheet's top is on screen`).toBeGreaterThanOrEqual(view.top - 1)
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport()
  await shot(page, `keyboard-${name}${how === 'resizing the page' ? '-resized' : ''}`)
  await closeKeyboard(page, how)
}

test('sign-in, upload, polaroid and product review dialogs stay usable with the keyboard open', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const visitor = await phoneContext(browser, SIZE)
  await visitor.addInitScript(standInKeyboard)
  const page = await visitor.newPage()
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign In' }).click()
  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  await expectTypable(page, signIn, signIn.getByLabel('Password'), 'sign-in')
  await expectTypable(page, signIn, signIn.getByLabel('Password'), 'sign-in', 'resizing the page')
  await visitor.close()

  const context = await phoneContext(browser, SIZE)
  await context.addInitScript(standInKeyboard)
  await signInContext(context, owner)
  const ownerPage = await context.newPage()
  await openWall(ownerPage, wall.id, 1)
  await ownerPage.getByRole('button', { name: 'Upload' }).click()
  const upload = ownerPage.getByRole('dialog', { name: 'Upload an image' })
  await expectTypable(ownerPage, upload, upload.getByLabel('Message (optional)'), 'upload')
  await upload.getByRole('button', { name: 'Cancel' }).click()

  await ownerPage.goto(`/wall/${wall.id}/polaroid/${wall.polaroids[0]!.id}`)
  const polaroid = ownerPage.getByRole('dialog', { name: 'Velvet bow' })
  await expectTypable(ownerPage, polaroid, polaroid.getByLabel('Message'), 'polaroid')

  await ownerPage.goto(`/${owner.username}`)
  await ownerPage.getByTestId('product-card').first().getByTestId('product-name').click()
  const review = ownerPage.getByRole('dialog', { name: 'Review and edit' })
  await expectTypable(ownerPage, review, review.getByLabel('Description'), 'product-review')
  await context.close()
})
