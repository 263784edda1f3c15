// The chaos run's actions, done through the app's own UI the way a person would: keyboard moves on the
// canvas, the upload dialog, the polaroid editor, delete buttons with their confirmations, the privacy
// button, the create and delete wall forms. Each says whether the UI accepted it (showed it done).
import { expect, type BrowserContext, type Page } from '@playwright/test'
import type { Random } from '../../support/random'
import type { Ledger } from './ledger'

export interface ChaosUser {
  id: string
  email: string
  password: string
  username: string | null
}

export interface Actor {
  name: string
  user: ChaosUser
  context: BrowserContext
  page: Page
  origin: string
  /** The wall this tab shows, when it shows one. */
  wallId: string | null
}

export interface CardView {
  id: string
  x: number
  y: number
  movable: boolean
  label: string
}

const SHORT = 6000
/** How long a step of the harness waits for a control on a busy machine. Confirmation waits end as
 * soon as the UI shows the change, so their bounds (CONFIRM_MS) cost time only when it does not: a
 * longer bound checks more actions, it excuses none. */
const HARNESS_MS = 4000
const CONFIRM_MS = 6000

/** The cards the canvas draws right now (not the upload placeholder). */
export async function cards(page: Page): Promise<CardView[]> {
  return page.locator('[data-canvas-item]').evaluateAll((elements) =>
    elements
      .map((element) => ({
        id: element.getAttribute('data-canvas-item') ?? '',
        x: Number(element.getAttribute('data-x')),
        y: Number(element.getAttribute('data-y')),
        movable: element.hasAttribute('aria-describedby'),
        label: element.getAttribute('aria-label') ?? '',
      }))
      .filter((card) => card.id && card.id !== '__uploading__' && card.label.startsWith('Polaroid: ')),
  )
}

const card = (page: Page, id: string) => page.locator(`[data-canvas-item="${id}"]`)

/** Goes to a path of the app: inside the running app the way its links do (history and popstate, no
 * reload), or with a full page load when asked or when the tab shows no app yet. */
export async function navigate(actor: Actor, path: string, fullLoad = false): Promise<void> {
  const page = actor.page
  const inApp =
    !fullLoad &&
    page.url().startsWith(actor.origin) &&
    (await page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0).catch(() => false))
  if (!inApp) {
    await page.goto(`${actor.origin}${path}`, { waitUntil: 'domcontentloaded', timeout: 15_000 })
    return
  }
  await page.evaluate((to) => {
    // The state the router's own history keeps (its index one further), so Back still works.
    const previous = window.history.state as { idx?: number } | null
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (previous?.idx ?? 0) + 1 }
    window.history.pushState(state, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', { state }))
  }, path)
}

/** Opens a wall; answers whether it is shown (not 'Moori Not Found', not failed). */
export async function openWall(actor: Actor, wallId: string, fullLoad = false, timeout = 15_000): Promise<boolean> {
  actor.wallId = null
  await navigate(actor, `/wall/${wallId}`, fullLoad)
  const canvas = actor.page.getByTestId('canvas')
  const gone = actor.page.getByRole('heading', { name: 'Moori Not Found' })
  const failed = actor.page.getByText('This Moori could not be loaded.')
  await expect(canvas.or(gone).or(failed)).toBeVisible({ timeout })
  if (!(await canvas.isVisible())) return false
  actor.wallId = wallId
  return true
}

/** The wall the tab shows is still shown (not replaced by Not Found after a privacy change). */
export async function wallShown(actor: Actor): Promise<boolean> {
  if (!actor.wallId) return false
  const path = new URL(actor.page.url()).pathname
  if (path !== `/wall/${actor.wallId}`) return false
  return actor.page.getByTestId('canvas').isVisible()
}

/** The wall's owner sees its privacy button. */
async function ownsShownWall(page: Page): Promise<boolean> {
  return (await page.getByRole('button', { name: /^Make (Private|Public)$/ }).count()) > 0
}

async function accepted(check: () => unknown, timeout = SHORT): Promise<boolean> {
  try {
    await expect(check).toPass({ timeout, intervals: [100, 200, 400] })
    return true
  } catch {
    return false
  }
}

export async function movePolaroid(actor: Actor, random: Random, ledger: Ledger): Promise<void> {
  if (!(await wallShown(actor))) return ledger.skip('move: no wall shown')
  // A card still at (0,0) is one the wall's owner's automatic layout (spec §4) may place any moment,
  // from a replica that has not heard of this move yet: a later write by someone else, not a lost one.
  const owner = await ownsShownWall(actor.page)
  const movable = (await cards(actor.page)).filter((c) => c.movable && (owner || c.x !== 0 || c.y !== 0))
  if (movable.length === 0) return ledger.skip('move: nothing movable')
  const target = random.pick(movable)
  const [key, dx, dy] = random.pick([
    ['ArrowRight', 10, 0],
    ['ArrowDown', 0, 10],
    ['Shift+ArrowRight', 50, 0],
    ['Shift+ArrowUp', 0, -50],
  ] as const)
  const x = target.x + dx
  const y = target.y + dy
  const item = card(actor.page, target.id)
  try {
    await item.focus({ timeout: HARNESS_MS })
    await actor.page.keyboard.press(key)
  } catch {
    return ledger.skip('move: card went away')
  }
  const ok = await accepted(async () => {
    expect(Number(await item.getAttribute('data-x', { timeout: 500 }))).toBe(x)
    expect(Number(await item.getAttribute('data-y', { timeout: 500 }))).toBe(y)
  }, CONFIRM_MS)
  ledger.record({ kind: 'move', actor: actor.name, userId: actor.user.id, accepted: ok, wallId: actor.wallId!, polaroidId: target.id, x, y })
}

export async function addPolaroid(actor: Actor, photo: Buffer, name: string, ledger: Ledger): Promise<void> {
  if (!(await wallShown(actor))) return ledger.skip('add: no wall shown')
  const page = actor.page
  const wallId = actor.wallId!
  try {
    await page.getByRole('toolbar', { name: 'Moori actions' }).getByRole('button', { name: 'Upload' }).click({ timeout: HARNESS_MS })
    const dialog = page.getByRole('dialog', { name: 'Upload an image' })
    await dialog.getByLabel('Choose an image').setInputFiles({ name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: photo })
    await dialog.getByLabel('Name (optional)').fill(name)
    await dialog.getByRole('button', { name: 'Upload' }).click({ timeout: HARNESS_MS })
  } catch {
    await page.keyboard.press('Escape')
    return ledger.skip('add: the upload dialog did not work')
  }
  let polaroidId: string | undefined
  const ok = await accepted(async () => {
    const match = /\/polaroid\/([^/?#]+)/.exec(new URL(page.url()).pathname)
    expect(match).not.toBeNull()
    polaroidId = match![1]
    await expect(page.getByRole('dialog', { name })).toBeVisible({ timeout: 500 })
  }, 10_000)
  ledger.record({ kind: 'add', actor: actor.name, userId: actor.user.id, accepted: ok, wallId, name, ...(polaroidId ? { polaroidId } : {}) })
  await page.keyboard.press('Escape')
  await accepted(() => expect(new URL(page.url()).pathname).toBe(`/wall/${wallId}`), 3000)
}

export async function editMessage(actor: Actor, random: Random, message: string, ledger: Ledger): Promise<void> {
  if (!(await wallShown(actor))) return ledger.skip('edit: no wall shown')
  const page = actor.page
  const wallId = actor.wallId!
  if (!(await ownsShownWall(page))) return ledger.skip('edit: not the owner')
  const all = await cards(page)
  if (all.length === 0) return ledger.skip('edit: no polaroid')
  const target = random.pick(all)
  try {
    await card(page, target.id).focus({ timeout: HARNESS_MS })
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog').filter({ has: page.getByLabel('Message') })
    await dialog.getByLabel('Message').fill(message, { timeout: 3000 })
    await dialog.getByRole('button', { name: 'Save' }).click({ timeout: HARNESS_MS })
    const ok = await accepted(() => expect(dialog.getByText('Saved')).toBeVisible({ timeout: 500 }), CONFIRM_MS)
    ledger.record({ kind: 'edit', actor: actor.name, userId: actor.user.id, accepted: ok, wallId, polaroidId: target.id, message })
  } catch {
    ledger.skip('edit: the editor did not open')
  }
  await page.keyboard.press('Escape')
  await accepted(() => expect(new URL(page.url()).pathname).toBe(`/wall/${wallId}`), 3000)
}

export async function deletePolaroid(actor: Actor, random: Random, ledger: Ledger): Promise<void> {
  if (!(await wallShown(actor))) return ledger.skip('delete: no wall shown')
  const page = actor.page
  const mine = (await cards(page)).filter((c) => c.movable)
  if (mine.length === 0) return ledger.skip('delete: nothing deletable')
  const target = random.pick(mine)
  const confirm = page.getByRole('dialog', { name: 'Delete this image?' }).getByRole('button', { name: 'Delete' })
  try {
    // New cards start at (0,0), one on top of another: a click by position could reach the card above,
    // so the click goes to this card's own button (shown on hover or focus).
    await card(page, target.id).getByRole('button', { name: /^Delete / }).dispatchEvent('click', undefined, { timeout: HARNESS_MS })
    await confirm.waitFor({ timeout: HARNESS_MS })
  } catch {
    await page.keyboard.press('Escape')
    return ledger.skip('delete: the card or its dialog went away')
  }
  // From here the delete may have been made even when the click reports a failure (the dialog closing
  // under it, a reload): it is recorded as an attempt either way, so a card it removed is explained,
  // and it counts as accepted only once the card is seen gone.
  const clicked = await confirm.click({ timeout: HARNESS_MS }).then(() => true, () => false)
  const ok = clicked && (await accepted(() => expect(card(page, target.id)).toHaveCount(0, { timeout: 500 }), CONFIRM_MS))
  if (!clicked) await page.keyboard.press('Escape')
  ledger.record({ kind: 'delete', actor: actor.name, userId: actor.user.id, accepted: ok, wallId: actor.wallId!, polaroidId: target.id })
}

export async function togglePrivacy(actor: Actor, ledger: Ledger): Promise<void> {
  if (!(await wallShown(actor))) return ledger.skip('privacy: no wall shown')
  const page = actor.page
  const button = page.getByRole('button', { name: /^Make (Private|Public)$/ })
  if ((await button.count()) === 0) return ledger.skip('privacy: not the owner')
  const makePrivate = (await button.textContent())?.includes('Private') ?? false
  try {
    await button.click({ timeout: HARNESS_MS })
  } catch {
    return ledger.skip('privacy: the button went away')
  }
  const ok = await accepted(() => expect(page.getByTestId('privacy-badge')).toHaveText(makePrivate ? 'Private' : 'Public', { timeout: 500 }), CONFIRM_MS)
  ledger.record({ kind: 'privacy', actor: actor.name, userId: actor.user.id, accepted: ok, wallId: actor.wallId!, private: makePrivate })
}

export async function createWall(actor: Actor, name: string, ledger: Ledger): Promise<string | null> {
  const page = actor.page
  actor.wallId = null
  await navigate(actor, '/create-wall')
  try {
    await page.getByLabel('Name', { exact: true }).fill(name, { timeout: 8000 })
    await page.getByRole('button', { name: 'Create Moori' }).click({ timeout: HARNESS_MS })
  } catch {
    ledger.skip('createWall: the form did not work')
    return null
  }
  let wallId: string | null = null
  const ok = await accepted(async () => {
    const match = /^\/wall\/([^/]+)$/.exec(new URL(page.url()).pathname)
    expect(match).not.toBeNull()
    wallId = match![1]!
    await expect(page.getByTestId('canvas')).toBeVisible({ timeout: 500 })
  }, 8000)
  if (wallId) ledger.record({ kind: 'createWall', actor: actor.name, userId: actor.user.id, accepted: ok, wallId, name })
  else ledger.skip('createWall: no new wall')
  if (ok) actor.wallId = wallId
  return ok ? wallId : null
}

export async function deleteWall(actor: Actor, ledger: Ledger): Promise<boolean> {
  if (!(await wallShown(actor))) return false
  const page = actor.page
  const wallId = actor.wallId!
  try {
    await page.getByRole('toolbar', { name: 'Moori actions' }).getByRole('button', { name: 'Delete', exact: true }).click({ timeout: HARNESS_MS })
    await page.getByRole('dialog', { name: 'Delete this Moori?' }).getByRole('button', { name: 'Delete' }).click({ timeout: HARNESS_MS })
  } catch {
    await page.keyboard.press('Escape')
    ledger.skip('deleteWall: the dialog did not work')
    return false
  }
  const ok = await accepted(() => expect(new URL(page.url()).pathname).toBe('/'), 5000)
  ledger.record({ kind: 'deleteWall', actor: actor.name, userId: actor.user.id, accepted: ok, wallId })
  if (ok) actor.wallId = null
  return ok
}
