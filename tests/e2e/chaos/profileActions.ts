// The chaos run's actions on a person's own profile page, through its UI the way a person would: the
// Products area's cards (the eye button, delete with its question), the review-and-edit dialog (rename
// an item; verify, edit, remove or add one of its tags, then Save) and Edit Profile. Each says whether
// the UI accepted it (showed it done). The tab is left on the profile; the run opens a wall next.
import { expect, type Locator, type Page } from '@playwright/test'
import type { Random } from '../../support/random'
import type { ActionKind, Ledger } from './ledger'
import { accepted, navigate, type Actor } from './uiActions'

/** A control of a dialog that is already open; the dialog itself (its item's picture and tags read from
 * the replica) and the profile page get longer, as a new tab's first load does: at load 10 on two cores
 * 4 s was not always enough for either, in runs that broke nothing. */
const HARNESS_MS = 6000
const OPEN_MS = 10_000
const PAGE_MS = 20_000
const CONFIRM_MS = 6000
const DEBUG = process.env.MOORI_CHAOS_DEBUG === '1'

/** With MOORI_CHAOS_DEBUG=1, says why a step of the harness failed. */
function explain(what: string, error: unknown): void {
  if (DEBUG) console.info(`  ${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
}
/** Below this many items of one's own, a delete is not made: stickers and tags need items to act on. */
const KEEP_ITEMS = 3

/** What a screen whose code the device does not have says offline (messages.screenOfflineText). */
const SCREEN_NOT_ON_DEVICE = 'This page is not on this device yet.'
const area = (page: Page) => page.getByTestId('products-area')
const productCard = (page: Page, itemId: string) => area(page).locator(`[data-testid="product-card"][data-item-id="${itemId}"]`)

interface ShownItem {
  id: string
  name: string
}

/** Opens the actor's own profile and answers the items its Products area shows (null: it did not load). */
export async function openOwnProfile(actor: Actor, what: ActionKind, ledger: Ledger): Promise<ShownItem[] | null> {
  actor.wallId = null
  const page = actor.page
  try {
    if (new URL(page.url()).pathname !== `/${actor.user.username}`) await navigate(actor, `/${actor.user.username}`)
    // A tab a bulk edit left on the To review inbox shows no item cards: back to All products.
    const allProducts = page.getByRole('tab', { name: 'All products' })
    if ((await allProducts.getAttribute('aria-selected', { timeout: 200 }).catch(() => null)) === 'false') await allProducts.click({ timeout: HARNESS_MS })
    await expect(area(page).getByTestId('product-card').first()).toBeVisible({ timeout: PAGE_MS })
  } catch (error) {
    explain(`${what} on ${page.url()}`, error)
    // The run blocks service workers, so an offline spell that starts before the profile's code was
    // fetched leaves nothing to show it with; the app says so, and that is right, not a regression.
    if (await page.getByText(SCREEN_NOT_ON_DEVICE).isVisible().catch(() => false)) {
      ledger.skip(`${what}: offline before the profile's code was on the device (the app said so)`)
      return null
    }
    ledger.skip(`${what}: the profile did not load`, error)
    return null
  }
  return area(page)
    .getByTestId('product-card')
    .evaluateAll((cards) =>
      cards.map((c) => ({ id: c.getAttribute('data-item-id') ?? '', name: c.querySelector('[data-testid="product-name"]')?.textContent ?? '' })),
    )
}

export async function editItem(actor: Actor, random: Random, name: string, ledger: Ledger): Promise<void> {
  const items = await openOwnProfile(actor, 'itemEdit', ledger)
  if (!items) return
  const target = random.pick(items)
  const dialog = await openReview(actor.page, target, 'itemEdit', ledger)
  if (!dialog) return
  try {
    await dialog.getByLabel('Name', { exact: true }).fill(name, { timeout: HARNESS_MS })
  } catch (error) {
    explain('itemEdit', error)
    await actor.page.keyboard.press('Escape')
    return ledger.skip('itemEdit: the review dialog did not work', error)
  }
  const ok = await save(actor.page, dialog, () => expect(productCard(actor.page, target.id).getByTestId('product-name')).toHaveText(name, { timeout: 500 }))
  ledger.record({ kind: 'itemEdit', actor: actor.name, userId: actor.user.id, accepted: ok, wallId: '', itemId: target.id, name })
}

export async function toggleItemPrivacy(actor: Actor, random: Random, ledger: Ledger): Promise<void> {
  const items = await openOwnProfile(actor, 'itemPrivacy', ledger)
  if (!items) return
  const target = random.pick(items)
  const button = productCard(actor.page, target.id).getByRole('button', { name: /^Make (public|private)$/ })
  let makePublic: boolean
  try {
    makePublic = (await button.getAttribute('aria-label', { timeout: HARNESS_MS })) === 'Make public'
    await button.click({ timeout: HARNESS_MS })
  } catch {
    return ledger.skip('itemPrivacy: the card went away')
  }
  const flipped = makePublic ? 'Make private' : 'Make public'
  const ok = await accepted(() => expect(button).toHaveAttribute('aria-label', flipped, { timeout: 500 }), CONFIRM_MS)
  ledger.record({ kind: 'itemPrivacy', actor: actor.name, userId: actor.user.id, accepted: ok, wallId: '', itemId: target.id, isPublic: makePublic })
}

export async function deleteItem(actor: Actor, random: Random, ledger: Ledger): Promise<void> {
  const items = await openOwnProfile(actor, 'itemDelete', ledger)
  if (!items) return
  if (items.length <= KEEP_ITEMS) return ledger.skip('itemDelete: keeping the last items')
  const page = actor.page
  const target = random.pick(items)
  const confirm = page.getByRole('dialog', { name: 'Delete item?' }).getByRole('button', { name: 'Delete', exact: true })
  try {
    await productCard(page, target.id).getByRole('button', { name: /^Delete / }).click({ timeout: HARNESS_MS })
    await confirm.waitFor({ timeout: HARNESS_MS })
  } catch {
    await page.keyboard.press('Escape')
    return ledger.skip('itemDelete: the card or its dialog went away')
  }
  // As with a card's delete: once the confirm click is made the delete may have happened, so it is
  // recorded either way, and accepted once the item is seen gone.
  const clicked = await confirm.click({ timeout: HARNESS_MS }).then(() => true, () => false)
  const ok = clicked && (await accepted(() => expect(productCard(page, target.id)).toHaveCount(0, { timeout: 500 }), CONFIRM_MS))
  if (!clicked) await page.keyboard.press('Escape')
  ledger.record({ kind: 'itemDelete', actor: actor.name, userId: actor.user.id, accepted: ok, wallId: '', itemId: target.id })
}

type TagOp = 'tagAdd' | 'tagEdit' | 'tagVerify' | 'tagRemove'

/** A tag row's buttons are named "<Verb> <Type> <value>" ("Verify Category top"). */
function parseTagButton(label: string, verb: string): { type: string; value: string } {
  const [typeLabel = '', ...value] = label.slice(verb.length + 1).split(' ')
  return { type: typeLabel.toLowerCase(), value: value.join(' ') }
}

/** One change to one tag of an item in the review dialog, then Save. `value` is a new, unique value
 * (tagAdd adds it as a material; tagEdit puts it in place of the tag's old value). */
export async function changeTag(actor: Actor, random: Random, op: TagOp, value: string, ledger: Ledger): Promise<void> {
  const items = await openOwnProfile(actor, op, ledger)
  if (!items) return
  const page = actor.page
  const target = random.pick(items)
  const dialog = await openReview(page, target, op, ledger)
  if (!dialog) return
  let change: { tagType: string; tagValue: string; fromValue?: string }
  try {
    if (op === 'tagAdd') {
      await dialog.getByRole('combobox', { name: 'Add material', exact: true }).fill(value, { timeout: HARNESS_MS })
      await dialog.getByRole('button', { name: 'Add material tag', exact: true }).click({ timeout: HARNESS_MS })
      change = { tagType: 'material', tagValue: value }
    } else {
      const verb = op === 'tagEdit' ? 'Edit' : op === 'tagVerify' ? 'Verify' : 'Remove'
      const buttons = dialog.getByTestId('tag-row').getByRole('button', { name: new RegExp(`^${verb} `) })
      const labels = (await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label') ?? ''))).filter(Boolean)
      if (labels.length === 0) {
        await cancel(page, dialog)
        return ledger.skip(`${op}: no tag to ${verb.toLowerCase()} on the item`)
      }
      const label = random.pick(labels)
      const tag = parseTagButton(label, verb)
      await dialog.getByRole('button', { name: label, exact: true }).click({ timeout: HARNESS_MS })
      if (op === 'tagEdit') {
        await dialog.getByRole('combobox', { name: `Edit ${tag.type} ${tag.value}`, exact: true }).fill(value, { timeout: HARNESS_MS })
        await dialog.getByRole('button', { name: `Done editing ${label.slice(verb.length + 1)}`, exact: true }).click({ timeout: HARNESS_MS })
        change = { tagType: tag.type, tagValue: value, fromValue: tag.value }
      } else {
        change = { tagType: tag.type, tagValue: tag.value }
      }
    }
  } catch (error) {
    explain(op, error)
    await cancel(page, dialog)
    return ledger.skip(`${op}: the tag editor did not work`, error)
  }
  const ok = await save(page, dialog)
  ledger.record({ kind: op, actor: actor.name, userId: actor.user.id, accepted: ok, wallId: '', itemId: target.id, ...change })
}

export async function editProfile(actor: Actor, displayName: string, ledger: Ledger): Promise<void> {
  actor.wallId = null
  const page = actor.page
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' })
  try {
    if (new URL(page.url()).pathname !== `/${actor.user.username}`) await navigate(actor, `/${actor.user.username}`)
    await page.getByRole('button', { name: 'Edit Profile' }).click({ timeout: PAGE_MS })
    await dialog.getByLabel('Display name').fill(displayName, { timeout: HARNESS_MS })
    await dialog.getByRole('button', { name: 'Save', exact: true }).click({ timeout: HARNESS_MS })
  } catch (error) {
    explain('profileEdit', error)
    await page.keyboard.press('Escape')
    return ledger.skip('profileEdit: the dialog did not work', error)
  }
  const ok = await accepted(async () => {
    await expect(dialog).toBeHidden({ timeout: 500 })
    await expect(page.locator('#profile-name')).toHaveText(displayName, { timeout: 500 })
  }, CONFIRM_MS)
  ledger.record({ kind: 'profileEdit', actor: actor.name, userId: actor.user.id, accepted: ok, wallId: '', displayName })
}

async function openReview(page: Page, target: ShownItem, what: ActionKind, ledger: Ledger): Promise<Locator | null> {
  const dialog = page.getByRole('dialog', { name: 'Review and edit' })
  try {
    await productCard(page, target.id).getByTestId('product-name').click({ timeout: HARNESS_MS })
    await dialog.getByLabel('Name', { exact: true }).waitFor({ timeout: OPEN_MS })
    return dialog
  } catch (error) {
    explain(what, error)
    await page.keyboard.press('Escape')
    ledger.skip(`${what}: the review dialog did not open`, error)
    return null
  }
}

/** Save in the review dialog; accepted once it closed without an error (saved on the device). */
async function save(page: Page, dialog: Locator, shown?: () => Promise<void>): Promise<boolean> {
  const clicked = await dialog
    .getByRole('button', { name: 'Save', exact: true })
    .click({ timeout: HARNESS_MS })
    .then(() => true, () => false)
  const ok =
    clicked &&
    (await accepted(async () => {
      await expect(dialog).toBeHidden({ timeout: 500 })
      if (shown) await shown()
    }, CONFIRM_MS))
  if (!ok) await cancel(page, dialog)
  return ok
}

async function cancel(page: Page, dialog: Locator): Promise<void> {
  if (await dialog.isVisible().catch(() => false)) await page.keyboard.press('Escape')
}
