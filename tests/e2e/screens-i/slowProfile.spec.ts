// A first visit by a wall link on a slow connection: the profile (its early request and its first pull) answers after the guard's
// 10 s profile timeout, so the guard sends the person to profile setup as the spec says. When their profile
// then arrives they go back to the wall they opened, not home.
import { expect, test } from '@playwright/test'
import { createUser, signInContext } from '../support/users'
import { card, seedWall } from '../support/walls'

test('a profile that arrives after the timeout sends the person back to the wall they opened', async ({ context, page }) => {
  test.setTimeout(120_000)
  const owner = await createUser()
  const wall = await seedWall(owner, { name: 'Late profile', polaroids: [{ name: 'Still here', x: 40, y: 40 }] })
  // A visitor: the wall's own pull brings its owner's profile, not theirs.
  const visitor = await createUser()
  await signInContext(context, visitor)
  // The person's own profile waits 14 s, both ways it is asked for (the entry's early REST request and the
  // sync worker's pull of `me`); everything else answers at once.
  let delayed = 0
  await context.route('**/rest/v1/rpc/sync_pull', async (route) => {
    const body = route.request().postDataJSON() as { scope?: string } | null
    if (body?.scope === 'me' && delayed++ === 0) await new Promise((resolve) => setTimeout(resolve, 14_000))
    await route.continue()
  })
  let earlyDelayed = 0
  await context.route(`**/rest/v1/profiles?*id=eq.${visitor.id}*`, async (route) => {
    earlyDelayed++
    await new Promise((resolve) => setTimeout(resolve, 14_000))
    await route.continue()
  })
  await page.goto(`/wall/${wall.id}`)
  await expect(page).toHaveURL(/\/setup-profile$/, { timeout: 20_000 })
  await expect(page).toHaveURL(new RegExp(`/wall/${wall.id}$`), { timeout: 30_000 })
  await expect(card(page, 'Still here')).toBeVisible()
  expect(delayed).toBeGreaterThan(0)
  expect(earlyDelayed).toBeGreaterThan(0)
})
