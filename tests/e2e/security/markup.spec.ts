// Markup typed into names, messages and profiles is text: the server keeps it as typed (tests/security
// bad-input sweep) and every screen shows it literally. Nothing of it becomes an element or runs: no
// <img onerror>, no <script>, and a javascript: string is never a link.
import { expect, test, type Page } from '@playwright/test'
import { createUser, signInContext } from '../support/users'
import { clientFor, openWall, seedWall } from '../support/walls'

const SCRIPT = '<script>window.__pwned = 1</script>'
const IMG = '<img src=x onerror="window.__pwned = 1">'

async function expectInert(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
  await expect(page.locator('img[src="x"]')).toHaveCount(0)
  await expect(page.locator('main script')).toHaveCount(0)
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0)
}

test('markup in a wall, a polaroid and a profile is shown as text on every screen', async ({
  context,
  page,
}) => {
  const owner = await createUser({ displayName: IMG })
  const client = await clientFor(owner)
  expect(
    (
      await client
        .from('profiles')
        .update({ bio: `javascript:alert(1) ${SCRIPT}` })
        .eq('id', owner.id)
    ).error,
  ).toBeNull()
  const wall = await seedWall(owner, {
    name: `Wall ${IMG}`,
    description: SCRIPT,
    polaroids: [{ name: `Card ${IMG}`, message: `javascript:alert(1) ${SCRIPT}` }],
  })

  await page.goto('/')
  await page.getByRole('tab', { name: /Mooris/ }).click()
  await expect(page.getByText(`Wall ${IMG}`).first()).toBeVisible()
  await expectInert(page)

  await openWall(page, wall.id, 1)
  await expect(page.getByText(`Wall ${IMG}`).first()).toBeVisible()
  await expect(page.getByText(`Card ${IMG}`).first()).toBeVisible()
  await expectInert(page)

  await page.goto(`/wall/${wall.id}/polaroid/${wall.polaroids[0]!.id}`)
  await expect(page.getByText(`javascript:alert(1) ${SCRIPT}`).first()).toBeVisible()
  await expectInert(page)

  await signInContext(context, owner)
  await page.goto(`/${owner.username}`)
  await expect(page.getByText(IMG).first()).toBeVisible()
  await expect(page.getByText(`javascript:alert(1) ${SCRIPT}`).first()).toBeVisible()
  await expectInert(page)
})
