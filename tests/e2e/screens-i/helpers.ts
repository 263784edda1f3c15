// Shared by the Screens I browser tests: the demo people, an axe-core scan that fails on serious or
// critical violations, screenshots kept under /tmp/screens-i for a human look, and small waits.
import { mkdirSync } from 'node:fs'
import axe from 'axe-core'
import { expect, type Page } from '@playwright/test'
import type { E2EUser } from '../support/users'

export const SCREENSHOT_DIR = '/tmp/screens-i'
mkdirSync(SCREENSHOT_DIR, { recursive: true })

export const DESKTOP = { width: 1440, height: 900 }

const demoPassword = 'moori-demo-123'
export const ada: E2EUser = { id: '', email: 'ada@demo.moori.local', password: demoPassword, username: 'ada' }
export const milo: E2EUser = {
  id: '',
  email: 'milo@demo.moori.local',
  password: demoPassword,
  username: 'milo.reyes',
}

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: unknown[] }>
}

/** Runs axe-core on the page as it is; serious and critical violations fail the test (`soft`: are
 * recorded, and the test goes on, so one run lists every screen's problems). */
export async function expectNoSeriousA11yIssues(page: Page, label: string, soft = false): Promise<void> {
  // Evaluated through the DevTools protocol: an injected <script> tag is (rightly) blocked by the app's CSP.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run: (c: Document) => Promise<{ violations: AxeViolation[] }> } }
    ).axe.run(document)
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target),
    }))
  })
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  ;(soft ? expect.soft : expect)(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([])
}

/** Waits until every stored image in view has loaded or given up (lazy ones below the fold never
 * start, so they are left out): screenshots then show the real page. */
export async function imagesSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll<HTMLElement>('[data-testid="stored-image"]')).every((box) => {
        const rect = box.getBoundingClientRect()
        const inView = rect.bottom > 0 && rect.top < window.innerHeight && rect.width > 0
        return !inView || box.dataset.state !== 'loading'
      }),
    null,
    { timeout: 10_000 },
  )
}

export async function screenshot(page: Page, name: string): Promise<void> {
  // Transitions are finished at once (the images' fade-in), so the picture is the settled page.
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, animations: 'disabled' })
}

/** Signs in through the app's own dialog. */
export async function signInThroughDialog(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign In', exact: true }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Sign In' })
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(dialog).toBeHidden()
}
