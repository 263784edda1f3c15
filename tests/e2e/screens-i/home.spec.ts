// Home (spec §2) with the seeded demo data: the header and prompts for visitors and for signed-in
// users, the Discover masonry at each breakpoint, hover links, filter chips, the Discover modal, the
// Mooris tab and the three tabs that show the Mooris list.
import { expect, test, type Page } from '@playwright/test'
import { signInContext } from '../support/users'
import { ada } from './helpers'

test.describe.configure({ mode: 'serial' })

const discoverGrid = (page: Page) => page.locator('[data-columns]').first()

/** Other tests may add public walls; these five are always there (the demo seed). */
const seededPublicWalls = [
  'Wedding Guest Outfits',
  'Labubu Fits',
  "25' Summer Drip",
  'Sunday Market Finds',
  'Rainy Day Layers',
]

test('visitors see the product name, Sign In, Get Started and the Join the Community prompts', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Moori' })).toBeVisible()
  const account = page.getByRole('navigation', { name: 'Account' })
  await expect(account.getByRole('button', { name: 'Sign In' })).toBeVisible()
  await expect(account.getByRole('button', { name: 'Get Started' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Join the Community' }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign Up Free' })).toHaveCount(2)
  await page.getByRole('button', { name: 'Sign Up Free' }).first().click()
  await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  const tabs = page.getByRole('tab')
  await expect(tabs).toHaveText([
    'Discover',
    'Mooris',
    'Wedding Guest Outfits',
    'Labubu Fits',
    "25' Summer Drip",
  ])
  await expect(page.getByRole('tab', { name: 'Discover' })).toHaveAttribute('aria-selected', 'true')
})

test('Discover columns follow the breakpoints (1, 2, 3, 4, 5, 6)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/')
  await expect(page.getByRole('article').first()).toBeVisible()
  // One column leaves lazy pictures below the fold, loading for as long as nobody scrolls: their
  // placeholders wait without animating (a shimmer off screen repaints the page every frame).
  await expect.poll(() => page.evaluate(loadingBelowTheFold)).toBeGreaterThan(0)
  await expect.poll(() => page.evaluate(offScreenAnimations)).toEqual([])
  for (const [width, columns] of [
    [375, 1],
    [700, 2],
    [800, 3],
    [1100, 4],
    [1300, 5],
    [1600, 6],
  ] as const) {
    await page.setViewportSize({ width, height: 900 })
    await expect(discoverGrid(page), `width ${width}`).toHaveAttribute('data-columns', String(columns))
  }
})

test('Discover cards: hover links, filter chips that filter nothing, the $350 modal', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/')
  const cards = page.getByRole('article')
  await expect(cards.first()).toBeVisible()
  const total = await cards.count()
  expect(total).toBeGreaterThanOrEqual(20)

  // Hover (and keyboard focus) reveal links to the author's profile and to the wall.
  const first = cards.first()
  const overlayOpacity = () =>
    first
      .locator('a')
      .first()
      .evaluate((a) => getComputedStyle(a.parentElement!).opacity)
  expect(await overlayOpacity()).toBe('0')
  await first.hover()
  await expect.poll(overlayOpacity).toBe('1')
  await expect(first.getByRole('link', { name: /'s profile$/ })).toHaveAttribute('href', /^\/[^/]+$/)
  await expect(first.getByRole('link', { name: /^Open the Moori / })).toHaveAttribute(
    'href',
    /^\/wall\/[\w-]+$/,
  )

  const filters = page.getByRole('group', { name: 'Filters' })
  const vintage = filters.getByRole('button', { name: 'Vintage' })
  await vintage.click()
  await filters.getByRole('button', { name: 'Handmade' }).click()
  await expect(vintage).toHaveAttribute('aria-pressed', 'true')
  await expect(cards).toHaveCount(total)
  await filters.getByRole('button', { name: 'Clear' }).click()
  await expect(vintage).toHaveAttribute('aria-pressed', 'false')
  await expect(filters.getByRole('button', { name: 'Clear' })).toHaveCount(0)

  const name = (await first.locator('button').first().innerText()).trim()
  await first.locator('button').first().click()
  const modal = page.getByRole('dialog', { name })
  await expect(modal).toBeVisible()
  await expect(modal.getByTestId('discover-price')).toHaveText(/\$350/)
  const wallLink = modal.getByRole('link', { name: 'Open Moori' })
  const href = await wallLink.getAttribute('href')
  expect(href).toMatch(/^\/wall\/[\w-]+$/)
  await expect(modal.getByRole('img')).toHaveCount(1)

  // Full view opens the polaroid route over the home page (the home stays underneath).
  await modal.getByRole('link', { name: 'Full view' }).click()
  await expect(page).toHaveURL(new RegExp(`${href}/polaroid/[\\w-]+$`))
  await expect(page.getByRole('tab', { name: 'Discover' })).toBeAttached()
})

test('the Mooris tab lists public walls as cards; the three themed tabs show the same list', async ({
  page,
}) => {
  await page.goto('/?tab=mooris')
  const cards = page.getByTestId('wall-card')
  await expect(cards.first()).toBeVisible()
  for (const name of seededPublicWalls) await expect(cards.filter({ hasText: name })).toHaveCount(1)
  await expect(page.getByRole('link', { name: 'Birthday gift ideas' })).toHaveCount(0)
  const shown = await cards.count()
  const wedding = cards.filter({ hasText: 'Wedding Guest Outfits' })
  await expect(wedding.getByRole('link', { name: 'Wedding Guest Outfits' })).toHaveAttribute(
    'href',
    /^\/wall\/[\w-]+$/,
  )
  await expect(wedding.getByRole('link', { name: 'Ada Okafor' })).toHaveAttribute('href', '/ada')
  await expect(wedding.getByText('6 images')).toBeVisible()
  await expect(wedding.getByRole('img')).toHaveCount(4)
  await expect(
    cards.filter({ hasText: 'Sunday Market Finds' }).getByText('A new collaborative wall'),
  ).toBeVisible()

  const logs: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'info') logs.push(m.text())
  })
  await wedding.getByRole('button', { name: 'Like Wedding Guest Outfits' }).click()
  await expect.poll(() => logs.join('\n')).toContain('Like clicked')
  await expect(page).toHaveURL(/tab=mooris/)

  for (const tab of ['Wedding Guest Outfits', 'Labubu Fits', "25' Summer Drip"]) {
    await page.getByRole('tab', { name: tab }).click()
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
    await expect(cards).toHaveCount(shown)
  }
})

test('signed in, the header offers Create, the sync status and the profile chip', async ({
  page,
  context,
}) => {
  await signInContext(context, ada)
  await page.goto('/')
  const account = page.getByRole('navigation', { name: 'Account' })
  await expect(account.getByRole('link', { name: 'Your profile, Ada Okafor' })).toHaveAttribute(
    'href',
    '/ada',
  )
  await expect(account.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/create-wall')
  await expect(account.getByTestId('sync-status')).toBeVisible()
  await expect(account.getByRole('button', { name: 'Get Started' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Sign Up Free' })).toHaveCount(0)

  await page.getByRole('tab', { name: 'Mooris' }).click()
  const secret = page.getByTestId('wall-card').filter({ hasText: 'Birthday gift ideas' })
  await expect(secret).toBeVisible()
  await expect(secret.getByText('Private')).toBeVisible()
})

test('on a phone the floating plus button opens the create form', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/')
  await page.getByRole('link', { name: 'Create a Moori' }).click()
  await expect(page).toHaveURL(/\/create-wall$/)
  await page.setViewportSize({ width: 1024, height: 800 })
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Create a Moori' })).toBeHidden()
})

test('when the wall list cannot load and nothing is stored, it says so; Try Again recovers', async ({
  page,
  context,
}) => {
  await context.route('**/rest/v1/rpc/sync_pull', (route) => route.abort('connectionfailed'))
  await page.goto('/?tab=mooris')
  await expect(page.getByText('Failed to load walls. Please refresh the page.')).toBeVisible({
    timeout: 15_000,
  })
  await context.unroute('**/rest/v1/rpc/sync_pull')
  await page.getByRole('button', { name: 'Try Again' }).click()
  for (const name of seededPublicWalls) {
    await expect(page.getByTestId('wall-card').filter({ hasText: name })).toHaveCount(1)
  }
  await expect(page.getByText('Failed to load walls. Please refresh the page.')).toHaveCount(0)
})

function loadingBelowTheFold(): number {
  return Array.from(document.querySelectorAll('[data-testid="stored-image"][data-state="loading"]')).filter(
    (box) => box.getBoundingClientRect().top > window.innerHeight,
  ).length
}

/** Running animations on elements wholly outside the viewport: work nobody sees. */
function offScreenAnimations(): string[] {
  return document.getAnimations().flatMap((animation) => {
    const target = (animation.effect as KeyframeEffect | null)?.target
    if (!target || animation.playState !== 'running') return []
    const r = target.getBoundingClientRect()
    const inView = r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth
    return inView ? [] : [`${(animation as CSSAnimation).animationName} on ${target.className}`]
  })
}
