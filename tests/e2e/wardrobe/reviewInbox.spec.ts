// The To review inbox (issue 25): new items with AI tags wait there with a count; many are selected at
// once (click and shift-click, select all, the checkboxes on a phone) and edited in one go: tagged,
// verified, made public, deleted with Undo. Offline each edit is one outbox entry; online they reach the
// server and another user sees the public ones. A bulk edit the server refuses (one of its items was
// deleted meanwhile) is undone on the device for every item in it. One by one: keys verify and skip;
// on a phone a tap opens an item.
import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { messages } from '../../../src/lib/messages'
import { expectNoSeriousA11yIssues } from '../screens-i/helpers'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { waitForLiveScope } from '../support/replica'
import { admin } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { eventually } from '../support/walls'
import { seedWardrobe, serverTags, type SeedItem } from './wardrobeSeed'

const SHOTS = 'test-results/review-inbox'
mkdirSync(SHOTS, { recursive: true })

test.use(ALLOW_SERVICE_WORKERS)

const area = (page: Page) => page.getByTestId('products-area')
const inbox = (page: Page) => page.getByTestId('review-inbox')
const reviewCard = (page: Page, name: string) =>
  inbox(page).getByTestId('review-card').filter({ has: page.getByRole('heading', { name, exact: true }) })
const reviewTab = (page: Page) => area(page).getByRole('tab', { name: /^To review/ })
const bar = (page: Page) => page.getByTestId('bulk-actions')

/** Garments as an outfit job leaves them: a category, colour and season guessed, none verified. */
function fromOutfit(count: number, offset = 0): SeedItem[] {
  const categories = ['top', 'bottom', 'outerwear', 'footwear', 'accessory', 'dress']
  return Array.from({ length: count }, (_, i) => ({
    name: `Garment ${i + 1 + offset}`,
    hue: (i * 47) % 360,
    minutesAgo: 60 - i,
    tags: [
      { type: 'category' as const, value: categories[i % categories.length]!, ai: 0.9 - i * 0.05 },
      { type: 'color' as const, value: 'Navy', ai: 0.62 },
      { type: 'season' as const, value: 'Summer', ai: 0.45 },
    ],
  }))
}

/** The replica's outbox: how many entries wait, by kind of operation. */
function outboxOps(page: Page, userId: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      const open = indexedDB.open(name)
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(new Error(String(open.error)))
    })
    const rows = await new Promise<Array<{ op: { op: string } }>>((resolve, reject) => {
      const request = db.transaction('outbox').objectStore('outbox').getAll()
      request.onsuccess = () => resolve(request.result as Array<{ op: { op: string } }>)
      request.onerror = () => reject(new Error(String(request.error)))
    })
    db.close()
    return rows.map((row) => row.op.op)
  }, `moori-${userId}`)
}

async function serverItem(id: string) {
  const result = await admin.from('wardrobe_items').select('is_public, deleted_at').eq('id', id).single<{ is_public: boolean; deleted_at: string | null }>()
  if (result.error) throw result.error
  return result.data
}

test('select many, tag, verify, make public and delete them offline; online the server has it all and a stranger sees the public ones', async ({ browser }) => {
  test.setTimeout(120_000)
  const owner = await createUser({ displayName: 'Batch Reviewer' })
  const items = await seedWardrobe(owner, [...fromOutfit(6), { name: 'Already checked', tags: [{ type: 'category', value: 'top' }] }])
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } })
  await signInContext(context, owner)
  const page = await context.newPage()
  await page.goto(`/${owner.username}`)
  await waitForServiceWorker(page)

  await expect(reviewTab(page)).toHaveText('To review6')
  await reviewTab(page).click()
  await expect(inbox(page).getByTestId('review-card')).toHaveCount(6)
  // Oldest first, with the AI's confidence on each tag.
  await expect(inbox(page).getByRole('heading', { level: 3 })).toHaveText(['Garment 1', 'Garment 2', 'Garment 3', 'Garment 4', 'Garment 5', 'Garment 6'])
  await expect(reviewCard(page, 'Garment 1').getByTestId('confidence').first()).toContainText('90%')

  await context.setOffline(true)
  // A click selects, a shift-click selects the range up to it.
  await inbox(page).getByText(messages.reviewHint).click()
  await reviewCard(page, 'Garment 1').click()
  await reviewCard(page, 'Garment 4').click({ modifiers: ['Shift'] })
  await expect(bar(page)).toContainText('4 selected')
  await expect(reviewCard(page, 'Garment 3').getByRole('checkbox')).toBeChecked()
  // Cards, not the page's text: with the caret left in the hint above, even a shift-click that misses,
  // landing between two cards, extends no text selection over the cards to the bar's label.
  const second = (await reviewCard(page, 'Garment 2').boundingBox())!
  await page.keyboard.down('Shift')
  await page.mouse.click(second.x + second.width + 7, second.y + second.height / 2)
  await page.keyboard.up('Shift')
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe('')
  await expect(bar(page)).toContainText('4 selected')
  await page.screenshot({ path: `${SHOTS}/desktop-selected.png` })

  // Set the season on the four, replacing the AI's guess.
  await bar(page).getByRole('button', { name: 'Tag…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tag 4 items' })
  await dialog.getByRole('button', { name: 'Season' }).click()
  await dialog.getByRole('button', { name: 'Winter' }).click()
  await dialog.getByRole('checkbox', { name: 'Replace their other season tags' }).check()
  await page.screenshot({ path: `${SHOTS}/desktop-tag-dialog.png` })
  await expectNoSeriousA11yIssues(page, 'bulk tag dialog')
  await dialog.getByRole('button', { name: 'Tag 4 items' }).click()
  await expect(dialog).toBeHidden()
  await expect(reviewCard(page, 'Garment 2').getByRole('list', { name: 'Tags' })).toContainText('Winter')
  await expect(reviewCard(page, 'Garment 2').getByRole('list', { name: 'Tags' })).not.toContainText('Summer')

  await bar(page).getByRole('button', { name: 'Make public' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Made 4 items public.' })).toBeVisible()
  await bar(page).getByRole('button', { name: 'Verify tags' }).click()
  // Verified items leave the inbox.
  await expect(inbox(page).getByTestId('review-card')).toHaveCount(2)
  await expect(reviewTab(page)).toHaveText('To review2')
  await expect(bar(page)).toBeHidden()

  // Delete the other two; Undo brings them back, nothing sent.
  await inbox(page).getByRole('checkbox', { name: 'Select all 2' }).check()
  await bar(page).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Nothing to review')).toBeVisible()
  await page.getByTestId('toast').getByRole('button', { name: 'Undo' }).click()
  await expect(inbox(page).getByTestId('review-card')).toHaveCount(2)
  await inbox(page).getByRole('checkbox', { name: 'Select all 2' }).check()
  await bar(page).getByRole('button', { name: 'Delete' }).click()
  await expect(area(page).getByTestId('products-counts')).toHaveText('5 items · 13 tags')

  // Each edit is one entry in the outbox (the delete also removes each picture, best effort).
  await expect.poll(() => outboxOps(page, owner.id), { timeout: 15_000 }).toEqual(['batch', 'batch', 'batch', 'batch', 'removeObject', 'removeObject'])

  // A reload offline keeps it all.
  await page.reload()
  await expect(reviewTab(page)).toHaveText('To review')
  await expect(area(page).getByTestId('products-counts')).toHaveText('5 items · 13 tags')

  await context.setOffline(false)
  const [first, , , fourth, fifth, sixth] = items
  await eventually(() => serverItem(sixth!.id), (row) => row.deleted_at !== null, 30_000)
  expect((await serverItem(fifth!.id)).deleted_at).not.toBeNull()
  for (const item of [first!, fourth!]) {
    expect(await serverItem(item.id)).toMatchObject({ is_public: true, deleted_at: null })
    const tags = await serverTags(item.id)
    expect(tags.every((t) => t.is_verified)).toBe(true)
    expect(tags.filter((t) => t.tag_type === 'season').map((t) => t.tag_value)).toEqual(['Winter'])
  }
  await expect.poll(() => outboxOps(page, owner.id), { timeout: 15_000 }).toEqual([])

  // Another user sees the four public items, and not the private one.
  const stranger = await browser.newContext()
  await signInContext(stranger, await createUser())
  const strangerPage = await stranger.newPage()
  await strangerPage.goto(`/${owner.username}`)
  await expect(area(strangerPage).getByTestId('product-name')).toHaveText(['Garment 4', 'Garment 3', 'Garment 2', 'Garment 1'], { timeout: 20_000 })
  await stranger.close()
  await context.close()
})

test('a bulk edit the server refuses is undone on the device for every item in it', async ({ browser }) => {
  test.setTimeout(90_000)
  const owner = await createUser()
  const [kept, gone] = await seedWardrobe(owner, fromOutfit(2))
  const context = await browser.newContext()
  await signInContext(context, owner)
  const page = await context.newPage()
  await page.goto(`/${owner.username}`)
  await waitForServiceWorker(page)
  await reviewTab(page).click()
  await expect(inbox(page).getByTestId('review-card')).toHaveCount(2)

  await context.setOffline(true)
  await inbox(page).getByRole('checkbox', { name: 'Select all 2' }).check()
  await bar(page).getByRole('button', { name: 'Tag…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tag 2 items' })
  await dialog.getByRole('button', { name: 'Style' }).click()
  await dialog.getByLabel('Or your own style').fill('Gorpcore')
  await dialog.getByRole('button', { name: 'Tag 2 items' }).click()
  await expect(reviewCard(page, 'Garment 1').getByRole('list', { name: 'Tags' })).toContainText('Gorpcore')
  // Meanwhile the owner deletes one of them on another device.
  const deletedAt = new Date().toISOString()
  await admin.from('clothing_tags').update({ deleted_at: deletedAt }).eq('wardrobe_item_id', gone!.id)
  await admin.from('wardrobe_items').update({ deleted_at: deletedAt }).eq('id', gone!.id)

  await context.setOffline(false)
  await expect(page.getByTestId('toast').filter({ hasText: 'Failed to update item' })).toBeVisible({ timeout: 30_000 })
  // All or nothing: the item that still exists did not get the style either, on the server or here.
  expect((await serverTags(kept!.id)).map((t) => t.tag_value)).not.toContain('Gorpcore')
  await expect(reviewCard(page, 'Garment 1').getByRole('list', { name: 'Tags' })).not.toContainText('Gorpcore')
  await expect(reviewCard(page, 'Garment 2')).toHaveCount(0)
  await context.close()
})

test('one by one with the keyboard; on a phone a tap opens an item and the checkboxes select', async ({ browser }) => {
  test.setTimeout(90_000)
  const owner = await createUser()
  await seedWardrobe(owner, fromOutfit(4))
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 860 } })
  await signInContext(desktop, owner)
  const page = await desktop.newPage()
  await page.goto(`/${owner.username}`)
  await reviewTab(page).click()
  await inbox(page).getByRole('button', { name: 'Review one by one' }).click()
  const stepper = page.getByTestId('review-stepper')
  await expect(stepper.getByText('1 of 4')).toBeVisible()
  await expect(stepper.getByRole('heading', { name: 'Garment 1' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/desktop-one-by-one.png` })
  await expectNoSeriousA11yIssues(page, 'one by one')
  await page.keyboard.press('v')
  await expect(stepper.getByText('2 of 4')).toBeVisible()
  await page.keyboard.press('s')
  await expect(stepper.getByText('3 of 4')).toBeVisible()
  await page.keyboard.press('ArrowLeft')
  await expect(stepper.getByRole('heading', { name: 'Garment 2' })).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('v')
  await expect(stepper.getByRole('heading', { name: 'Garment 4' })).toBeVisible()
  await page.keyboard.press('v')
  await expect(stepper.getByRole('status')).toContainText('3 verified, 1 skipped.')
  await stepper.getByRole('button', { name: 'Back to the inbox' }).click()
  await expect(inbox(page).getByRole('heading', { level: 3 })).toHaveText(['Garment 2'])
  await desktop.close()

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  await signInContext(phone, owner)
  const mobile = await phone.newPage()
  const more = await seedWardrobe(owner, fromOutfit(3, 10))
  await mobile.goto(`/${owner.username}`)
  await reviewTab(mobile).tap()
  await expect(inbox(mobile).getByTestId('review-card')).toHaveCount(4)
  // The first sync has settled: nothing rewrites the list under the taps.
  await waitForLiveScope(mobile, owner.id, 'me')
  // With nothing selected, a tap opens the item one by one.
  await reviewCard(mobile, 'Garment 2').tap()
  const oneByOne = mobile.getByTestId('review-stepper')
  await expect(oneByOne.getByRole('heading', { name: 'Garment 2' })).toBeVisible()
  await mobile.screenshot({ path: `${SHOTS}/phone-one-by-one.png` })
  await mobile.getByRole('dialog', { name: 'Review one by one' }).getByRole('button', { name: 'Close' }).tap()
  await expect(oneByOne).toBeHidden()
  // The checkboxes select on a phone too.
  await reviewCard(mobile, more[0]!.name).getByRole('checkbox').tap()
  await expect(bar(mobile)).toContainText('1 selected')
  await reviewCard(mobile, more[1]!.name).getByRole('checkbox').tap()
  await expect(bar(mobile)).toContainText('2 selected')
  await mobile.screenshot({ path: `${SHOTS}/phone-selected.png` })
  await expectNoSeriousA11yIssues(mobile, 'inbox on a phone')
  await bar(mobile).getByRole('button', { name: 'Verify tags' }).tap()
  await expect(inbox(mobile).getByTestId('review-card')).toHaveCount(2)
  await phone.close()
})
