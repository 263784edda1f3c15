// The chaos run's bulk edits in the To review inbox of one's own profile (issue 25), through its UI:
// select a few items with their checkboxes, then from the action bar verify their tags, tag them (a
// material of the run's own), make them public or private, or delete them, and now and then take the
// delete back with the toast's Undo. Each is one batch on the server, all or nothing; each says whether
// the UI accepted it (its toast, the items leaving or coming back).
import { expect, type Page } from '@playwright/test'
import type { Random } from '../../support/random'
import type { ActionKind, Ledger } from './ledger'
import { openOwnProfile } from './profileActions'
import { accepted, navigate, type Actor } from './uiActions'

export type BulkKind = Extract<ActionKind, 'bulkVerify' | 'bulkTag' | 'bulkPrivacy' | 'bulkDelete'>

const HARNESS_MS = 6000
const CONFIRM_MS = 6000
/** Below this many live items of one's own, a bulk delete is not made (as for one item's delete). */
const KEEP_ITEMS = 3

const inbox = (page: Page) => page.getByTestId('review-inbox')
const reviewCard = (page: Page, id: string) =>
  inbox(page).locator(`[data-testid="review-card"][data-item-id="${id}"]`)
/** A toast showing `text` (the region also repeats its messages for screen readers, hidden). */
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByTestId('toast').filter({ hasText: text })
const items = (n: number) => (n === 1 ? '1 item' : `${n} items`)

export async function bulkEdit(
  actor: Actor,
  random: Random,
  kind: BulkKind,
  value: string,
  ledger: Ledger,
): Promise<'needs new items' | void> {
  const all = await openOwnProfile(actor, kind, ledger)
  if (!all) return
  const page = actor.page
  let chosen: string[]
  try {
    await page.getByRole('tab', { name: /^To review/ }).click({ timeout: HARNESS_MS })
    const shown = await Promise.race([
      inbox(page)
        .waitFor({ timeout: HARNESS_MS })
        .then(() => true),
      page
        .getByText('Nothing to review')
        .waitFor({ timeout: HARNESS_MS })
        .then(() => false),
    ])
    if (!shown) {
      await leaveInbox(page)
      ledger.skip(`${kind}: nothing to review`)
      return 'needs new items'
    }
    const ids = await inbox(page)
      .getByTestId('review-card')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-item-id') ?? ''))
    if (kind === 'bulkDelete' && all.length - 2 < KEEP_ITEMS) {
      await leaveInbox(page)
      ledger.skip(`${kind}: keeping the last items`)
      return 'needs new items'
    }
    chosen = ids
      .filter(Boolean)
      .filter(() => random.chance(0.5))
      .slice(0, 3)
    if (chosen.length === 0) chosen = [random.pick(ids)]
    if (kind === 'bulkDelete') chosen = chosen.slice(0, 2)
    for (const id of chosen) await reviewCard(page, id).getByRole('checkbox').check({ timeout: HARNESS_MS })
    await expect(page.getByTestId('bulk-actions')).toContainText(`${chosen.length} selected`, {
      timeout: HARNESS_MS,
    })
  } catch (error) {
    await page.keyboard.press('Escape')
    await leaveInbox(page)
    return ledger.skip(`${kind}: the inbox did not work`, error)
  }
  const bar = page.getByRole('toolbar', { name: 'Edit the selected items' })
  const base = { actor: actor.name, userId: actor.user.id, wallId: '', itemIds: chosen }
  try {
    if (kind === 'bulkVerify') {
      await bar.getByRole('button', { name: 'Verify tags' }).click({ timeout: HARNESS_MS })
      const ok = await accepted(
        () =>
          expect(toast(page, `Verified the tags of ${items(chosen.length)}.`)).toBeVisible({ timeout: 500 }),
        CONFIRM_MS,
      )
      ledger.record({ kind, ...base, accepted: ok })
    } else if (kind === 'bulkTag') {
      await bar.getByRole('button', { name: 'Tag…' }).click({ timeout: HARNESS_MS })
      const dialog = page.getByRole('dialog', { name: `Tag ${items(chosen.length)}` })
      await dialog.getByRole('button', { name: 'Material', exact: true }).click({ timeout: HARNESS_MS })
      await dialog.getByLabel('Or your own material').fill(value, { timeout: HARNESS_MS })
      await dialog
        .getByRole('button', { name: `Tag ${items(chosen.length)}`, exact: true })
        .click({ timeout: HARNESS_MS })
      const ok = await accepted(async () => {
        await expect(dialog).toBeHidden({ timeout: 500 })
        await expect(
          toast(page, `Tagged ${items(chosen.length)}:`),
        ).toBeVisible({ timeout: 500 })
      }, CONFIRM_MS)
      if (!ok) await page.keyboard.press('Escape')
      ledger.record({ kind, ...base, accepted: ok, tagType: 'material', tagValue: value })
    } else if (kind === 'bulkPrivacy') {
      const isPublic = random.chance(0.5)
      await bar
        .getByRole('button', { name: isPublic ? 'Make public' : 'Make private' })
        .click({ timeout: HARNESS_MS })
      const ok = await accepted(
        () =>
          expect(toast(page, `Made ${items(chosen.length)} ${isPublic ? 'public' : 'private'}.`)).toBeVisible(
            { timeout: 500 },
          ),
        CONFIRM_MS,
      )
      ledger.record({ kind, ...base, accepted: ok, isPublic })
    } else {
      await bulkDelete(actor, random, chosen, ledger)
    }
  } catch (error) {
    await page.keyboard.press('Escape')
    ledger.skip(`${kind}: the action bar did not work`, error)
  }
  await leaveInbox(page)
}

/** Back to All products, where the run's other profile actions find the item cards. */
async function leaveInbox(page: Page): Promise<void> {
  await page
    .getByRole('tab', { name: 'All products' })
    .click({ timeout: 2000 })
    .catch(() => undefined)
}

/**
 * Delete from the inbox: the items leave at once and the toast offers Undo for 8 s; the delete is made
 * when that time is up or the person leaves the Products area. Half the time Undo is pressed (the items
 * come back and nothing is sent: recorded as `undone`); otherwise the tab leaves the profile, which
 * makes the delete at once, so a reload the run injects later finds it in the outbox.
 */
async function bulkDelete(actor: Actor, random: Random, chosen: string[], ledger: Ledger): Promise<void> {
  const page = actor.page
  const base = {
    kind: 'bulkDelete' as const,
    actor: actor.name,
    userId: actor.user.id,
    wallId: '',
    itemIds: chosen,
  }
  const undo = random.chance(0.5)
  const gone = async () => {
    for (const id of chosen) await expect(reviewCard(page, id)).toHaveCount(0, { timeout: 500 })
  }
  // Recorded before the click lands: from the click on, the delete may be made.
  await page
    .getByRole('toolbar', { name: 'Edit the selected items' })
    .getByRole('button', { name: 'Delete' })
    .click({ timeout: HARNESS_MS })
  const left = await accepted(async () => {
    await gone()
    await expect(toast(page, `Deleted ${items(chosen.length)}.`)).toBeVisible({ timeout: 500 })
  }, CONFIRM_MS)
  if (!undo || !left) {
    // Leaving the area makes the delete now.
    await navigate(actor, '/').catch(() => undefined)
    ledger.record({ ...base, accepted: left })
    return
  }
  const undoButton = toast(page, `Deleted ${items(chosen.length)}.`).getByRole('button', { name: 'Undo' })
  const clicked = await undoButton.click({ timeout: HARNESS_MS }).then(
    () => true,
    () => false,
  )
  const back =
    clicked &&
    (await accepted(async () => {
      for (const id of chosen) await expect(reviewCard(page, id)).toHaveCount(1, { timeout: 500 })
    }, CONFIRM_MS))
  // Not back: the delete went ahead (the toast's time ran out first), as a plain delete.
  ledger.record({ ...base, accepted: back || left, undone: back })
}
