// The chaos run's actions on walls, done through the app's own UI the way a person would: keyboard moves
// on the canvas, the upload dialog, the polaroid editor, delete buttons with their confirmations, the
// privacy button, the create and delete wall forms, the wardrobe import (stickers) and the undo and redo
// buttons. Each says whether the UI accepted it (showed it done).
import { expect, type BrowserContext, type Page } from '@playwright/test'
import type { Random } from '../../support/random'
import type { Action, Ledger, UndoStepKind } from './ledger'

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

type ItemKind = 'polaroid' | 'sticker'
const labelPrefix: Record<ItemKind, string> = { polaroid: 'Polaroid: ', sticker: 'Sticker: ' }

/** The polaroids (or stickers) the canvas draws right now (not the upload placeholder). */
export async function cards(page: Page, kind: ItemKind = 'polaroid'): Promise<CardView[]> {
  const all = await page.locator('[data-canvas-item]').evaluateAll((elements) =>
    elements.map((element) => ({
      id: element.getAttribute('data-canvas-item') ?? '',
      x: Number(element.getAttribute('data-x')),
      y: Number(element.getAttribute('data-y')),
      movable: element.hasAttribute('aria-describedby'),
      label: element.getAttribute('aria-label') ?? '',
    })),
  )
  return all.filter((card) => card.id && card.id !== '__uploading__' && card.label.startsWith(labelPrefix[kind]))
}

/** What the wall calls a card in its buttons ("Delete …", "Undo move of '…'"). */
function titleOf(card: CardView, kind: ItemKind): string {
  return card.label.slice(labelPrefix[kind].length).replace(/ by [^ ]+$/, '')
}

export const card = (page: Page, id: string) => page.locator(`[data-canvas-item="${id}"]`)

/** The tab shows the running app (not a blank or failed page). */
export async function appRunning(actor: Actor): Promise<boolean> {
  const page = actor.page
  return page.url().startsWith(actor.origin) && (await page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0).catch(() => false))
}

/** Goes to a path of the app: inside the running app the way its links do (history and popstate, no
 * reload), or with a full page load when asked or when the tab shows no app yet. */
export async function navigate(actor: Actor, path: string, fullLoad = false): Promise<void> {
  const page = actor.page
  const inApp = !fullLoad && (await appRunning(actor))
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

/**
 * The card is gone from a wall still shown. A card also leaves the screen with its wall (made private
 * or deleted by its owner meanwhile, which takes the wall from the others' replicas): that says nothing
 * of whether the delete was made, so it does not confirm one.
 */
async function goneFromShownWall(actor: Actor, id: string): Promise<boolean> {
  const gone = await accepted(() => expect(card(actor.page, id)).toHaveCount(0, { timeout: 500 }), CONFIRM_MS)
  return gone && (await wallShown(actor))
}

/** Whether the UI showed the change within `timeout` (the check is retried until then). */
export async function accepted(check: () => unknown, timeout = SHORT): Promise<boolean> {
  try {
    await expect(check).toPass({ timeout, intervals: [100, 200, 400] })
    return true
  } catch {
    return false
  }
}

export async function movePolaroid(actor: Actor, random: Random, ledger: Ledger): Promise<void> {
  await moveCard(actor, random, ledger, 'polaroid')
}

/** The shown wall has a sticker the user may move or delete. */
export async function hasOwnSticker(actor: Actor): Promise<boolean> {
  return (await wallShown(actor)) && (await cards(actor.page, 'sticker')).some((c) => c.movable)
}

export async function moveSticker(actor: Actor, random: Random, ledger: Ledger): Promise<void> {
  await moveCard(actor, random, ledger, 'sticker')
}

interface Moved {
  kind: ItemKind
  card: CardView
  /** Where the move put it. */
  x: number
  y: number
}

async function moveCard(actor: Actor, random: Random, ledger: Ledger, kind: ItemKind): Promise<Moved | null> {
  const what = kind === 'polaroid' ? 'move' : 'stickerMove'
  if (!(await wallShown(actor))) {
    ledger.skip(`${what}: no wall shown`)
    return null
  }
  // A card still at (0,0) is one the wall's owner's automatic layout (spec §4) may place any moment,
  // from a replica that has not heard of this move yet: a later write by someone else, not a lost one.
  const owner = await ownsShownWall(actor.page)
  const movable = (await cards(actor.page, kind)).filter((c) => c.movable && (owner || c.x !== 0 || c.y !== 0))
  if (movable.length === 0) {
    ledger.skip(`${what}: nothing movable`)
    return null
  }
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
    ledger.skip(`${what}: card went away`)
    return null
  }
  const ok = await accepted(() => expectAt(item, x, y), CONFIRM_MS)
  ledger.record({ kind: what, actor: actor.name, userId: actor.user.id, accepted: ok, wallId: actor.wallId!, ...itemRef(kind, target.id), x, y })
  return ok ? { kind, card: target, x, y } : null
}

const itemRef = (kind: ItemKind, id: string) => (kind === 'polaroid' ? { polaroidId: id } : { stickerId: id })

async function expectAt(item: ReturnType<typeof card>, x: number, y: number): Promise<void> {
  expect(Number(await item.getAttribute('data-x', { timeout: 500 }))).toBe(x)
  expect(Number(await item.getAttribute('data-y', { timeout: 500 }))).toBe(y)
}

/** What an undo step does to the card, seen on the wall: where it is, or whether it is there. */
type Shown = { at: { x: number; y: number } } | { present: boolean } | null

/**
 * Makes a change on the wall, takes it back with the Undo button and makes it again with Redo (issue
 * 24): a move of a card of one's own, an added polaroid, a deleted card, or the owner's edit of a
 * polaroid's message. Each of the three is recorded with what it set (the place, whether the card is
 * there, the message). The button must name this step: anything else on top of the history (the
 * owner's automatic layout, a step from another tab) makes the undo something the run did not mean,
 * so it is not pressed. An undo is accepted once the wall shows the card as before the change (for an
 * edit, whose message the wall does not show, once Redo names the step: the app took it back); a redo
 * once it shows the change again.
 */
export async function undoRedo(actor: Actor, random: Random, ledger: Ledger, step: UndoStepKind, newCard: { photo: Buffer; name: string }, message: string): Promise<void> {
  const page = actor.page
  const wallId = actor.wallId
  if (!wallId || !(await wallShown(actor))) return ledger.skip('undo: no wall shown')
  let kind: ItemKind = 'polaroid'
  let id: string
  let title: string
  // The change, and what undo and redo each leave on the wall (and record).
  let undone: { shown: Shown; record: Partial<Action> }
  let redone: { shown: Shown; record: Partial<Action> }
  if (step === 'move') {
    kind = random.chance(0.5) ? 'polaroid' : 'sticker'
    const moved = (await moveCard(actor, random, ledger, kind)) ?? (await moveCard(actor, random, ledger, kind === 'polaroid' ? 'sticker' : 'polaroid'))
    if (!moved) return ledger.skip('undo: no move of its own to undo')
    kind = moved.kind
    id = moved.card.id
    title = titleOf(moved.card, kind)
    undone = { shown: { at: moved.card }, record: { x: moved.card.x, y: moved.card.y } }
    redone = { shown: { at: moved }, record: { x: moved.x, y: moved.y } }
  } else if (step === 'add') {
    const added = await addPolaroid(actor, newCard.photo, newCard.name, ledger)
    if (!added) return ledger.skip('undo: no add of its own to undo')
    id = added
    title = newCard.name
    undone = { shown: { present: false }, record: {} }
    redone = { shown: { present: true }, record: {} }
  } else if (step === 'delete') {
    kind = random.chance(0.5) ? 'polaroid' : 'sticker'
    const deleted = await deleteCard(actor, random, ledger, kind)
    if (!deleted) return ledger.skip('undo: no delete of its own to undo')
    id = deleted.id
    title = titleOf(deleted, kind)
    undone = { shown: { present: true }, record: {} }
    redone = { shown: { present: false }, record: {} }
  } else {
    const edited = await editMessage(actor, random, message, ledger)
    if (!edited) return ledger.skip('undo: no edit of its own to undo')
    id = edited.card.id
    title = titleOf(edited.card, 'polaroid')
    undone = { shown: null, record: { message: edited.from } }
    redone = { shown: null, record: { message } }
  }
  const what = { move: 'move of', add: 'adding', delete: 'deleting', edit: 'edit of' }[step]
  const history = page.getByRole('group', { name: 'History' })
  const button = (direction: 'Undo' | 'Redo') => history.getByRole('button', { name: `${direction} ${what} '${title}'`, exact: true })
  const item = card(page, id)
  const shows = async (shown: Shown, direction: 'Undo' | 'Redo') => {
    if (shown === null) await expect(button(direction)).toBeEnabled({ timeout: 500 })
    else if ('at' in shown) await expectAt(item, shown.at.x, shown.at.y)
    else {
      await expect(item).toHaveCount(shown.present ? 1 : 0, { timeout: 500 })
      // Gone with its wall is not gone by the undo or redo (see goneFromShownWall).
      if (!shown.present) expect(await wallShown(actor)).toBe(true)
    }
  }
  const ref = itemRef(kind, id)
  if (!(await accepted(() => expect(button('Undo')).toBeEnabled({ timeout: 500 }), 3000))) return ledger.skip(`undo: the Undo button does not name this ${step}`)
  try {
    await button('Undo').click({ timeout: HARNESS_MS })
  } catch {
    return ledger.skip('undo: the Undo button went away')
  }
  const undoOk = await accepted(() => shows(undone.shown, 'Redo'), CONFIRM_MS)
  ledger.record({ kind: 'undo', step, actor: actor.name, userId: actor.user.id, accepted: undoOk, wallId, ...ref, ...undone.record })
  if (!undoOk) return
  try {
    await button('Redo').click({ timeout: HARNESS_MS })
  } catch (error) {
    return ledger.skip('redo: the Redo button did not work', error)
  }
  const redoOk = await accepted(() => shows(redone.shown, 'Undo'), CONFIRM_MS)
  ledger.record({ kind: 'redo', step, actor: actor.name, userId: actor.user.id, accepted: redoOk, wallId, ...ref, ...redone.record })
}

/** Adds a polaroid through the upload dialog; says which, once the UI shows it made. */
export async function addPolaroid(actor: Actor, photo: Buffer, name: string, ledger: Ledger): Promise<string | null> {
  if (!(await wallShown(actor))) {
    ledger.skip('add: no wall shown')
    return null
  }
  const page = actor.page
  const wallId = actor.wallId!
  try {
    await page.getByRole('toolbar', { name: 'Moori actions' }).getByRole('button', { name: 'Upload' }).click({ timeout: HARNESS_MS })
    const dialog = page.getByRole('dialog', { name: 'Upload an image' })
    await dialog.getByLabel('Choose an image').setInputFiles({ name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: photo })
    await dialog.getByLabel('Name (optional)').fill(name)
    await dialog.getByRole('button', { name: 'Upload' }).click({ timeout: HARNESS_MS })
  } catch (error) {
    await page.keyboard.press('Escape')
    ledger.skip('add: the upload dialog did not work', error)
    return null
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
  return ok && polaroidId ? polaroidId : null
}

/** The owner edits a polaroid's message; says which card and what it said before, once the UI saved it. */
export async function editMessage(actor: Actor, random: Random, message: string, ledger: Ledger): Promise<{ card: CardView; from: string } | null> {
  const skip = (reason: string) => {
    ledger.skip(reason)
    return null
  }
  if (!(await wallShown(actor))) return skip('edit: no wall shown')
  const page = actor.page
  const wallId = actor.wallId!
  if (!(await ownsShownWall(page))) return skip('edit: not the owner')
  const all = await cards(page)
  if (all.length === 0) return skip('edit: no polaroid')
  const target = random.pick(all)
  let done: { card: CardView; from: string } | null = null
  try {
    await card(page, target.id).focus({ timeout: HARNESS_MS })
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog').filter({ has: page.getByLabel('Message') })
    const field = dialog.getByLabel('Message')
    const from = await field.inputValue({ timeout: 3000 })
    await field.fill(message, { timeout: 3000 })
    await dialog.getByRole('button', { name: 'Save' }).click({ timeout: HARNESS_MS })
    const ok = await accepted(() => expect(dialog.getByText('Saved')).toBeVisible({ timeout: 500 }), CONFIRM_MS)
    ledger.record({ kind: 'edit', actor: actor.name, userId: actor.user.id, accepted: ok, wallId, polaroidId: target.id, message, fromValue: from })
    if (ok) done = { card: target, from }
  } catch (error) {
    ledger.skip('edit: the editor did not open', error)
  }
  await page.keyboard.press('Escape')
  await accepted(() => expect(new URL(page.url()).pathname).toBe(`/wall/${wallId}`), 3000)
  return done
}

export async function deletePolaroid(actor: Actor, random: Random, ledger: Ledger): Promise<void> {
  await deleteCard(actor, random, ledger, 'polaroid')
}

export async function deleteSticker(actor: Actor, random: Random, ledger: Ledger): Promise<void> {
  await deleteCard(actor, random, ledger, 'sticker')
}

async function deleteCard(actor: Actor, random: Random, ledger: Ledger, kind: ItemKind): Promise<CardView | null> {
  const what = kind === 'polaroid' ? 'delete' : 'stickerDelete'
  const skip = (reason: string) => {
    ledger.skip(reason)
    return null
  }
  if (!(await wallShown(actor))) return skip(`${what}: no wall shown`)
  const page = actor.page
  const mine = (await cards(page, kind)).filter((c) => c.movable)
  if (mine.length === 0) return skip(`${what}: nothing deletable`)
  const target = random.pick(mine)
  const question = kind === 'polaroid' ? 'Delete this image?' : 'Delete this sticker?'
  const confirm = page.getByRole('dialog', { name: question }).getByRole('button', { name: 'Delete' })
  try {
    // New cards start at (0,0), one on top of another: a click by position could reach the card above,
    // so the click goes to this card's own button (shown on hover or focus).
    await card(page, target.id).getByRole('button', { name: /^Delete / }).dispatchEvent('click', undefined, { timeout: HARNESS_MS })
    await confirm.waitFor({ timeout: HARNESS_MS })
  } catch {
    await page.keyboard.press('Escape')
    return skip(`${what}: the card or its dialog went away`)
  }
  // From here the delete may have been made even when the click reports a failure (the dialog closing
  // under it, a reload): it is recorded as an attempt either way, so a card it removed is explained,
  // and it counts as accepted only once the card is seen gone.
  const clicked = await confirm.click({ timeout: HARNESS_MS }).then(() => true, () => false)
  const ok = clicked && (await goneFromShownWall(actor, target.id))
  if (!clicked) await page.keyboard.press('Escape')
  ledger.record({ kind: what, actor: actor.name, userId: actor.user.id, accepted: ok, wallId: actor.wallId!, ...itemRef(kind, target.id) })
  return ok ? target : null
}

/**
 * Sticks one of the user's own wardrobe items on the shown wall through the Wardrobe import dialog
 * (spec §4): an item not yet on this wall is selected; accepted once the dialog says it is ready and
 * its sticker is on the canvas. The items carry cut-outs, so no background removal is involved.
 */
export async function addSticker(actor: Actor, random: Random, ledger: Ledger): Promise<void> {
  if (!(await wallShown(actor))) return ledger.skip('stickerAdd: no wall shown')
  const page = actor.page
  const wallId = actor.wallId!
  const dialog = page.getByRole('dialog', { name: 'Wardrobe import' })
  const own = dialog.getByRole('region', { name: 'Your items' }).getByTestId('import-item')
  let name: string
  let itemCard: ReturnType<typeof own.filter>
  const before = new Set((await cards(page, 'sticker')).map((c) => c.id))
  try {
    // A dialog an earlier step left closing (a polaroid's, the upload's) would take the click.
    await closeOpenDialogs(page)
    await page.getByRole('toolbar', { name: 'Moori actions' }).getByRole('button', { name: 'Wardrobe import' }).click({ timeout: HARNESS_MS })
    await own.first().waitFor({ timeout: 10_000 })
    const idle = own.filter({ has: page.locator('button[aria-pressed="false"]') })
    const names = await idle.locator('button[aria-pressed]').evaluateAll((buttons) => buttons.map((b) => b.querySelector('span')?.textContent ?? ''))
    if (names.length === 0) {
      await closeDialog(dialog)
      return ledger.skip('stickerAdd: every item of its own is on this wall')
    }
    name = random.pick(names.filter(Boolean))
    itemCard = own.filter({ has: page.getByRole('button', { name, exact: true }) })
  } catch (error) {
    if (process.env.MOORI_CHAOS_DEBUG === '1') console.info(`  stickerAdd: ${error instanceof Error ? error.message.split('\n').slice(0, 8).join(' | ') : String(error)}`)
    await page.keyboard.press('Escape')
    return ledger.skip('stickerAdd: the import dialog did not work', error)
  }
  try {
    await itemCard.getByRole('button', { name, exact: true }).click({ timeout: HARNESS_MS })
  } catch (error) {
    // A click that timed out on a busy machine may still have landed (Playwright gives up after the
    // browser took the click): an attempt, not a skip, so a sticker it made is not counted as a double.
    if (process.env.MOORI_CHAOS_DEBUG === '1') console.info(`  stickerAdd click: ${error instanceof Error ? error.message.split('\n').slice(0, 8).join(' | ') : String(error)}`)
    ledger.record({ kind: 'stickerAdd', actor: actor.name, userId: actor.user.id, accepted: false, wallId, name })
    await page.keyboard.press('Escape')
    return
  }
  let stickerId: string | undefined
  const ok = await accepted(async () => {
    await expect(itemCard).toHaveAttribute('data-state', 'ready', { timeout: 500 })
    const added = (await cards(page, 'sticker')).filter((c) => !before.has(c.id) && titleOf(c, 'sticker') === name)
    expect(added).toHaveLength(1)
    stickerId = added[0]!.id
  }, CONFIRM_MS)
  ledger.record({ kind: 'stickerAdd', actor: actor.name, userId: actor.user.id, accepted: ok, wallId, name, ...(stickerId ? { stickerId } : {}) })
  await closeDialog(dialog)
}

async function closeOpenDialogs(page: Page): Promise<void> {
  for (let i = 0; i < 2 && (await page.locator('dialog[open]').count()) > 0; i++) {
    await page.keyboard.press('Escape')
    await page.locator('dialog[open]').first().waitFor({ state: 'hidden', timeout: 2000 }).catch(() => undefined)
  }
}

async function closeDialog(dialog: ReturnType<Page['getByRole']>): Promise<void> {
  await dialog
    .getByRole('button', { name: 'Done' })
    .click({ timeout: HARNESS_MS })
    .catch(() => dialog.page().keyboard.press('Escape'))
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
  } catch (error) {
    ledger.skip('createWall: the form did not work', error)
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
  } catch (error) {
    await page.keyboard.press('Escape')
    ledger.skip('deleteWall: the dialog did not work', error)
    return false
  }
  const ok = await accepted(() => expect(new URL(page.url()).pathname).toBe('/'), 5000)
  ledger.record({ kind: 'deleteWall', actor: actor.name, userId: actor.user.id, accepted: ok, wallId })
  if (ok) actor.wallId = null
  return ok
}
