// The built app runs under its strict Content-Security-Policy: every screen, signed out and signed in,
// with a wall's images, realtime, the sync worker, the service worker and the photo shrinker's worker
// at work, and not one violation (reported to the page or logged by Chromium). The headers themselves
// (CSP without inline script, frame-ancestors, nosniff, Referrer-Policy) are checked on the shell.
import { expect, test, type Page } from '@playwright/test'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { openWall, photo, seedWall, type SeededWall } from '../support/walls'

let owner: E2EUser
let wall: SeededWall

test.beforeAll(async () => {
  owner = await createUser({ displayName: 'Csp Owner' })
  wall = await seedWall(owner, {
    name: 'Strict wall',
    polaroids: [{ name: 'Under policy' }, { name: 'Second' }],
  })
})

/** Every violation the page hears of, and every one Chromium logs (workers' included). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = []
  await page.exposeFunction('reportCspViolation', (text: string) => void seen.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation
      report(
        `${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      )
    })
  })
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) seen.push(message.text())
  })
  return seen
}

async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(path)
  await ready(page)
}

const heading = (name: string | RegExp) => (page: Page) =>
  expect(page.getByRole('heading', { name }).first()).toBeVisible()

test('the shell is served with the security headers', async ({ request }) => {
  const response = await request.get('/')
  const csp = response.headers()['content-security-policy'] ?? ''
  // WebAssembly may compile (the device's cut-outs); eval may not.
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';")
  expect(csp).not.toContain("'unsafe-inline'")
  expect(csp).not.toContain("'unsafe-eval'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toMatch(/connect-src 'self'(;|$)/)
  expect(response.headers()['x-content-type-options']).toBe('nosniff')
  expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin')
  const html = await response.text()
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
  expect(html).not.toMatch(/\sstyle="/)
})

test('no screen breaks the policy, signed out', async ({ page }) => {
  const violations = await watchViolations(page)
  await visit(page, '/', (p) => expect(p.getByRole('tab').first()).toBeVisible())
  await page.getByRole('tab', { name: /Mooris/ }).click()
  await visit(page, '/create-wall', heading(/Create/))
  await visit(page, '/create-preview', (p) => expect(p.getByTestId('canvas')).toBeVisible())
  await openWall(page, wall.id, 2)
  await visit(page, `/wall/${wall.id}/polaroid/${wall.polaroids[0]!.id}`, (p) =>
    expect(p.getByText('Under policy').first()).toBeVisible(),
  )
  await visit(page, `/wall/${wall.id}/submit`, heading('Authentication Required'))
  await visit(page, `/${owner.username}`, (p) => expect(p.getByText('Csp Owner').first()).toBeVisible())
  await visit(page, '/reset-password', heading(/password/i))
  await visit(page, '/share', (p) => expect(p.locator('main')).toBeVisible())
  await visit(page, '/no/such/page', heading(/not found/i))
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign In' }).first().click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(violations).toEqual([])
})

test('no screen breaks the policy, signed in, uploading a photo through the shrinker', async ({
  context,
  page,
}) => {
  const violations = await watchViolations(page)
  await signInContext(context, owner)
  await visit(page, '/', (p) => expect(p.getByRole('tab').first()).toBeVisible())
  await visit(page, '/create-wall', heading(/Create/))
  await openWall(page, wall.id, 2)
  await expect(page.getByTestId('sync-status')).toHaveText('All changes saved')
  await page.getByRole('button', { name: 'Upload' }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload an image' })
  await dialog
    .getByLabel('Choose an image')
    .setInputFiles({ name: 'strict.jpg', mimeType: 'image/jpeg', buffer: await photo(200, 1600, 1200) })
  await dialog.getByLabel('Name (optional)').fill('Shrunk under policy')
  await dialog.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByRole('dialog', { name: 'Shrunk under policy' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('sync-status')).toHaveText('All changes saved', { timeout: 20_000 })
  await visit(page, `/${owner.username}`, (p) => expect(p.getByText('Csp Owner').first()).toBeVisible())
  await visit(page, '/create-password', (p) => expect(p.locator('main')).toBeVisible())
  expect(violations).toEqual([])
})

test('a signed-in user without a profile sets one up without breaking the policy', async ({
  context,
  page,
}) => {
  const violations = await watchViolations(page)
  const newcomer = await createUser({ username: null })
  await signInContext(context, newcomer)
  await visit(page, '/setup-profile', heading(/profile/i))
  expect(violations).toEqual([])
})
