// Issue 15 (Lighthouse accessibility on a wall): the cards' Open and Delete buttons are targets axe's
// target-size rule (WCAG 2.5.8) accepts on a dense wall where tilted cards overlap each other, for the
// owner (both buttons on every card) and a visitor (Open only), at the wall's zoom and zoomed out a
// step. Each button is at least 44 px in the canvas's own pixels, while its circle stays 40 px.
import { expect, test } from '@playwright/test'
import { expectTargetSizeClean } from '../phone/phoneKit'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { openWall, seedWall, type SeededWall } from '../support/walls'

let owner: E2EUser
let wall: SeededWall
const CARDS = 36

test.beforeAll(async () => {
  owner = await createUser({ displayName: 'Dense Wall' })
  // Six rows of six, 130 px apart across and 170 down: every card overlaps its neighbours, and the
  // timestamps give each card a different tilt (timestamp mod 7).
  wall = await seedWall(owner, {
    name: 'Overlapping cards',
    polaroids: Array.from({ length: CARDS }, (_, i) => ({
      name: `Card ${i + 1}`,
      x: 20 + (i % 6) * 130 + (i % 3) * 9,
      y: 20 + Math.floor(i / 6) * 170 + (i % 4) * 7,
      timestamp: 1_700_000_000_000 + i,
    })),
  })
})

for (const who of ['owner', 'visitor'] as const) {
  test(`axe target-size is clean on a wall of overlapping tilted cards (${who})`, async ({
    context,
    page,
  }) => {
    if (who === 'owner') await signInContext(context, owner)
    await page.setViewportSize({ width: 1280, height: 800 })
    await openWall(page, wall.id)
    await expect(page.locator('[data-canvas-item]')).toHaveCount(CARDS)
    const buttons = page.locator(
      '[data-canvas-item] button[aria-label^="Open "], [data-canvas-item] button[aria-label^="Delete "]',
    )
    await expect(buttons).toHaveCount(who === 'owner' ? CARDS * 2 : CARDS)
    // The cards overlap and are tilted; the buttons are big enough, and the circles kept their size.
    const sizes = await buttons.evaluateAll((els) =>
      els.map((el) => ({
        box: (el as HTMLElement).offsetWidth,
        circle: parseFloat(getComputedStyle(el, '::before').width),
        tilt: getComputedStyle(el.closest('[data-testid="polaroid-card"]')!.firstElementChild!).transform,
      })),
    )
    expect(sizes.every((s) => s.box >= 44 && s.circle === 40)).toBe(true)
    expect(new Set(sizes.map((s) => s.tilt)).size).toBeGreaterThan(3)
    await expectTargetSizeClean(page, `${who} at the wall's zoom`)
    await page.getByRole('button', { name: 'Zoom out' }).click()
    await expect(page.getByTestId('canvas')).toHaveAttribute('data-zoom', '0.55')
    await expectTargetSizeClean(page, `${who} zoomed out to 55 %`)
  })
}
