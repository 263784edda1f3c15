// The Products area of a profile (spec §2, §5, §6, §9; issue 12): counts and the owner's buttons, 3 tags
// in grid view and 5 in list view then '+N more', search and filters (AND across types, OR within),
// the eye button and what strangers see, delete with its question, the review modal's tag work done
// offline and synced later, the outfit analysis modal's boxes, outfit job states with Retry, and axe
// plus screenshots of the area and both modals on a phone and a desktop.
import { mkdirSync } from 'node:fs'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoSeriousA11yIssues, imagesSettled } from '../screens-i/helpers'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { admin } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { eventually } from '../support/walls'
import { seedWardrobe, serverTags, showcase, type SeedItem } from './wardrobeSeed'

const SHOTS = 'test-results/products-look'
mkdirSync(SHOTS, { recursive: true })

const area = (page: Page) => page.getByTestId('products-area')
const cards = (page: Page) => area(page).getByTestId('product-card')
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByTestId('product-name').getByText(name, { exact: true }) })
const shownNames = (page: Page) => area(page).getByTestId('product-name').allTextContents()

async function expectShown(page: Page, names: string[]): Promise<void> {
  await expect.poll(async () => (await shownNames(page)).sort()).toEqual([...names].sort())
}

async function serverItem(id: string) {
  const result = await admin
    .from('wardrobe_items')
    .select('name, description, is_public, deleted_at, job_id')
    .eq('id', id)
    .single<{ name: string; description: string | null; is_public: boolean; deleted_at: string | null; job_id: string | null }>()
  if (result.error) throw result.error
  return result.data
}

test('the owner sees Products with counts and their buttons; grid shows 3 tags, list 5, then +N more', async ({ browser }) => {
  const owner = await createUser({ displayName: 'Tag Counter' })
  await seedWardrobe(owner, [
    {
      name: 'Seven tags',
      tags: [
        { type: 'category', value: 'top', ai: 0.92 },
        { type: 'color', value: 'White', ai: 0.65 },
        { type: 'style', value: 'Minimalist', ai: 0.41 },
        { type: 'material', value: 'Linen' },
        { type: 'brand', value: 'Arket' },
        { type: 'season', value: 'Summer' },
        { type: 'occasion', value: 'Casual' },
      ],
    },
    { name: 'Two tags', tags: [{ type: 'category', value: 'bottom' }, { type: 'color', value: 'Navy' }] },
  ])
  const context = await browser.newContext()
  await signInContext(context, owner)
  const page = await context.newPage()
  const logs: string[] = []
  page.on('console', (message) => logs.push(message.text()))
  await page.goto(`/${owner.username}`)

  await expect(area(page).getByRole('heading', { level: 2, name: 'Products' })).toBeVisible()
  await expect(area(page).getByTestId('products-counts')).toHaveText('2 items · 9 tags')
  await expect(area(page).getByRole('button', { name: 'Upload Product' })).toBeVisible()

  const seven = card(page, 'Seven tags')
  await expect(area(page).getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true')
  await expect(seven.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['top', 'White', 'Minimalist', '+4 more'].map((t) => new RegExp(`^${t.replace('+', '\\+')}`)))
  await expect(card(page, 'Two tags').getByTestId('more-tags')).toHaveCount(0)
  // AI confidence in text and by level, not colour alone.
  await expect(seven.getByTestId('confidence').first()).toHaveText(/92%/)
  await expect(seven.getByTestId('confidence').first()).toHaveAttribute('data-level', 'high')
  await expect(seven.getByTestId('confidence').nth(1)).toHaveAttribute('data-level', 'medium')
  await expect(seven.getByTestId('confidence').nth(2)).toHaveAttribute('data-level', 'low')
  await expect(seven.getByTestId('confidence').nth(2)).toContainText('AI confidence 41% (low)')

  await area(page).getByRole('button', { name: 'List view' }).click()
  await expect(area(page).getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true')
  await expect(area(page).getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'false')
  await expect(seven.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveCount(6)
  await expect(seven.getByTestId('more-tags')).toHaveText('+2 more')

  await area(page).getByRole('button', { name: 'Sync Spreadsheet' }).click()
  await expect.poll(() => logs.some((l) => l.includes('Sync Spreadsheet'))).toBe(true)
  await context.close()
})

test('search and filters combine as specified: AND across types, OR within one', async ({ browser }) => {
  const owner = await createUser()
  await seedWardrobe(owner, [
    { name: 'Linen shirt', isPublic: true, tags: [{ type: 'category', value: 'top' }, { type: 'color', value: 'White' }, { type: 'season', value: 'Summer' }] },
    { name: 'Navy jeans', tags: [{ type: 'category', value: 'bottom' }, { type: 'color', value: 'Navy' }, { type: 'season', value: 'All Season' }] },
    {
      name: 'Navy tee',
      description: 'From the beach photo',
      tags: [{ type: 'category', value: 'top' }, { type: 'color', value: 'Navy', ai: 0.7 }, { type: 'style', value: 'OOTD Extracted', ai: 0.99 }],
    },
    {
      name: 'Beach outfit',
      isPublic: true,
      tags: [{ type: 'category', value: 'complete_outfit' }, { type: 'style', value: 'OOTD Complete' }, { type: 'season', value: 'Summer' }],
    },
  ])
  const context = await browser.newContext()
  await signInContext(context, owner)
  const page = await context.newPage()
  await page.goto(`/${owner.username}`)
  const all = ['Linen shirt', 'Navy jeans', 'Navy tee', 'Beach outfit']
  await expectShown(page, all)

  const search = area(page).getByRole('searchbox', { name: 'Search products' })
  await search.fill('NAVY')
  await expectShown(page, ['Navy jeans', 'Navy tee'])
  await search.fill('beach') // name or description
  await expectShown(page, ['Navy tee', 'Beach outfit'])
  await search.fill('summer') // a tag value
  await expectShown(page, ['Linen shirt', 'Beach outfit'])
  await search.fill('')

  await area(page).getByRole('button', { name: 'Filters' }).click()
  const group = (name: string) => area(page).getByRole('group', { name })
  const chip = (groupName: string, value: string) => group(groupName).getByRole('button', { name: value, exact: true })

  await chip('Color', 'White').click()
  await chip('Color', 'Navy').click() // OR within colours
  await expectShown(page, ['Linen shirt', 'Navy jeans', 'Navy tee'])
  await expect(area(page).getByTestId('products-result-count')).toHaveText('Showing 3 of 4 products')
  await chip('Category', 'top').click() // AND with categories
  await expectShown(page, ['Linen shirt', 'Navy tee'])
  await chip('Show only', 'Private').click() // AND with the public flag
  await expectShown(page, ['Navy tee'])
  await chip('Show only', 'Public').click() // public OR private
  await expectShown(page, ['Linen shirt', 'Navy tee'])
  await expect(area(page).getByTestId('active-filter-count')).toContainText('5')
  await area(page).getByRole('button', { name: 'Clear', exact: true }).click()
  await expectShown(page, all)
  await expect(area(page).getByTestId('products-result-count')).toBeHidden()

  await chip('Show only', 'OOTD items').click() // 'OOTD Extracted' or 'OOTD Complete'
  await expectShown(page, ['Navy tee', 'Beach outfit'])
  await chip('Season', 'Summer').click()
  await expectShown(page, ['Beach outfit'])
  await chip('Style', 'OOTD Extracted').click()
  await expect(area(page).getByText('No products match these filters.')).toBeVisible()
  await chip('Style', 'OOTD Complete').click()
  await expectShown(page, ['Beach outfit'])

  // The search narrows the filtered list too.
  await search.fill('shirt')
  await expect(area(page).getByText('No products match “shirt” with these filters.')).toBeVisible()
  await area(page).getByRole('button', { name: 'Clear filters' }).click()
  await expect(search).toHaveValue('')
  await expectShown(page, all)
  await context.close()
})

test('the eye button shows or hides an item; strangers see only public ones; delete asks first', async ({ browser, page }) => {
  const owner = await createUser({ displayName: 'Vera Visible' })
  const [hidden, shown, doomed] = await seedWardrobe(owner, [
    { name: 'Hidden coat', isPublic: false, tags: [{ type: 'category', value: 'outerwear' }] },
    { name: 'Shown scarf', isPublic: true, tags: [{ type: 'category', value: 'accessory' }] },
    { name: 'Old socks', isPublic: false },
  ])
  const context = await browser.newContext()
  await signInContext(context, owner)
  const ownerPage = await context.newPage()
  await ownerPage.goto(`/${owner.username}`)
  await expectShown(ownerPage, ['Hidden coat', 'Shown scarf', 'Old socks'])
  await expect(card(ownerPage, 'Hidden coat').getByTestId('private-badge')).toBeVisible()
  await expect(card(ownerPage, 'Shown scarf').getByTestId('private-badge')).toHaveCount(0)

  // Make public, and back.
  const eye = card(ownerPage, 'Hidden coat').getByRole('button', { name: 'Make public' })
  await expect(eye).toHaveAttribute('title', 'Make public')
  await eye.click()
  await expect(card(ownerPage, 'Hidden coat').getByRole('button', { name: 'Make private' })).toBeVisible()
  await expect(card(ownerPage, 'Hidden coat').getByTestId('private-badge')).toHaveCount(0)
  await eventually(() => serverItem(hidden!.id), (item) => item.is_public)
  await card(ownerPage, 'Shown scarf').getByRole('button', { name: 'Make private' }).click()
  await eventually(() => serverItem(shown!.id), (item) => !item.is_public)

  // Delete asks 'Are you sure you want to delete this item?'; Cancel keeps it.
  await card(ownerPage, 'Old socks').getByRole('button', { name: 'Delete Old socks' }).click()
  const confirm = ownerPage.getByRole('dialog', { name: 'Delete item?' })
  await expect(confirm).toContainText('Are you sure you want to delete this item?')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(card(ownerPage, 'Old socks')).toBeVisible()
  await card(ownerPage, 'Old socks').getByRole('button', { name: 'Delete Old socks' }).click()
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(card(ownerPage, 'Old socks')).toHaveCount(0)
  await expect(area(ownerPage).getByTestId('products-counts')).toHaveText('2 items · 2 tags')
  await eventually(() => serverItem(doomed!.id), (item) => item.deleted_at !== null)

  // A stranger sees the public item only, with no owner controls.
  const stranger = await createUser()
  const strangerContext = await browser.newContext()
  await signInContext(strangerContext, stranger)
  const strangerPage = await strangerContext.newPage()
  await strangerPage.goto(`/${owner.username}`)
  await expectShown(strangerPage, ['Hidden coat'])
  await expect(area(strangerPage).getByTestId('products-counts')).toHaveText('1 item · 1 tag')
  await expect(area(strangerPage).getByRole('button', { name: /Make (public|private)/ })).toHaveCount(0)
  await expect(area(strangerPage).getByRole('button', { name: /^Delete/ })).toHaveCount(0)
  await expect(area(strangerPage).getByRole('button', { name: 'Upload Product' })).toHaveCount(0)
  await expect(area(strangerPage).getByRole('button', { name: 'Sync Spreadsheet' })).toHaveCount(0)
  // Their view of an item is read-only.
  await card(strangerPage, 'Hidden coat').getByTestId('product-name').click()
  const readOnly = strangerPage.getByRole('dialog', { name: 'Hidden coat' })
  await expect(readOnly.getByText('outerwear')).toBeVisible()
  await expect(readOnly.getByRole('textbox')).toHaveCount(0)
  await expect(readOnly.getByRole('button', { name: /^(Verify|Edit|Remove)/ })).toHaveCount(0)
  await strangerContext.close()

  // Signed out: the prompt.
  await page.goto(`/${owner.username}`)
  await expect(area(page).getByText('Sign in to access your products')).toBeVisible()
  await expect(area(page).getByRole('button', { name: 'Sign In' })).toBeVisible()
  await expect(cards(page)).toHaveCount(0)
  await context.close()
})

test.describe(() => {
  test.use(ALLOW_SERVICE_WORKERS)

  test('the review modal works offline: verify, edit, remove and add tags; a reload keeps them; online, the server has them', async ({ browser }) => {
    test.setTimeout(120_000)
    const owner = await createUser()
    const [item] = await seedWardrobe(owner, [
      {
        name: 'Navy tee',
        description: 'Found in the beach photo.',
        tags: [
          { type: 'category', value: 'top', ai: 0.91 },
          { type: 'color', value: 'Navy', ai: 0.55 },
          { type: 'material', value: 'Cotton', ai: 0.62 },
          { type: 'brand', value: 'Uniqlo' },
        ],
      },
    ])
    const context = await browser.newContext()
    await signInContext(context, owner)
    const page = await context.newPage()
    await page.goto(`/${owner.username}`)
    await waitForServiceWorker(page)
    await expectShown(page, ['Navy tee'])

    await context.setOffline(true)
    await card(page, 'Navy tee').getByTestId('product-name').click()
    const dialog = page.getByRole('dialog', { name: 'Review and edit' })
    await expect(dialog.getByLabel('Name')).toHaveValue('Navy tee')
    const category = dialog.getByTestId('tag-group-category')
    await expect(category.getByTestId('confidence')).toContainText('AI confidence 91% (high)')
    await expect(dialog.getByTestId('tag-group-color').getByTestId('confidence')).toHaveAttribute('data-level', 'low')
    await expect(dialog.getByRole('button', { name: 'Verify Brand Uniqlo' })).toHaveCount(0) // the owner's own tag

    await dialog.getByRole('button', { name: 'Verify Category top' }).click()
    await expect(category.getByText('Verified')).toBeVisible()
    await dialog.getByRole('button', { name: 'Edit Color Navy' }).click()
    await dialog.getByRole('combobox', { name: 'Edit color Navy' }).fill('Black')
    await dialog.getByRole('button', { name: 'Done editing Color Navy' }).click()
    await expect(dialog.getByTestId('tag-group-color').getByTestId('tag-row')).toHaveText(/^Black/)
    await dialog.getByRole('button', { name: 'Remove Material Cotton' }).click()
    await expect(dialog.getByTestId('tag-group-material').getByTestId('tag-row')).toHaveCount(0)
    await dialog.getByRole('combobox', { name: 'Add season' }).selectOption('Summer')
    await dialog.getByRole('button', { name: 'Add season tag' }).click()
    await dialog.getByRole('combobox', { name: 'Add occasion' }).selectOption('Beach') // typed but not added: Save keeps it
    await dialog.getByRole('combobox', { name: 'Add style' }).fill('   ') // empty: not saved
    await dialog.getByLabel('Name').fill('  Navy tee (mine)  ')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()

    const tee = card(page, 'Navy tee (mine)')
    await area(page).getByRole('button', { name: 'List view' }).click()
    await expect(tee.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([/^top/, /^Black/, /^Uniqlo/, /^Summer/, /^Beach/])

    // Still offline, a reload keeps every edit.
    const reloaded = await page.reload()
    expect(reloaded?.fromServiceWorker()).toBe(true)
    await expect(card(page, 'Navy tee (mine)')).toBeVisible()
    await expect(area(page).getByTestId('products-counts')).toHaveText('1 item · 5 tags')
    await card(page, 'Navy tee (mine)').getByTestId('product-name').click()
    await expect(dialog.getByTestId('tag-group-category').getByText('Verified')).toBeVisible()
    await expect(dialog.getByTestId('tag-group-material').getByTestId('tag-row')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    // Online again: the server has them.
    await context.setOffline(false)
    const tags = await eventually(
      () => serverTags(item!.id),
      (rows) => rows.length === 5 && rows.some((r) => r.tag_value === 'Black'),
      30_000,
    )
    const byType = Object.fromEntries(tags.map((t) => [t.tag_type, t]))
    expect(byType.category).toMatchObject({ tag_value: 'top', is_ai_generated: true, is_verified: true })
    expect(byType.color).toMatchObject({ tag_value: 'Black', is_ai_generated: false, is_verified: true, confidence_score: 1 })
    expect(byType.material).toBeUndefined()
    expect(byType.brand).toMatchObject({ tag_value: 'Uniqlo' })
    expect(byType.season).toMatchObject({ tag_value: 'Summer', is_ai_generated: false, is_verified: true })
    expect(byType.occasion).toMatchObject({ tag_value: 'Beach' })
    expect(await serverItem(item!.id)).toMatchObject({ name: 'Navy tee (mine)', description: 'Found in the beach photo.' })
    await context.close()
  })
})

test('the review modal works from the keyboard: Enter adds a tag, Escape cancels an edit without closing', async ({ browser }) => {
  const owner = await createUser()
  await seedWardrobe(owner, [{ name: 'Knit cardigan', tags: [{ type: 'color', value: 'Cream', ai: 0.83 }] }])
  const context = await browser.newContext()
  await signInContext(context, owner)
  const page = await context.newPage()
  await page.goto(`/${owner.username}`)
  await card(page, 'Knit cardigan').getByTestId('product-name').focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Review and edit' })
  await expect(dialog).toBeVisible()

  const addColor = dialog.getByRole('combobox', { name: 'Add color' })
  await addColor.focus()
  await page.keyboard.type('Olive')
  await page.keyboard.press('Enter')
  await expect(dialog.getByTestId('tag-group-color').getByTestId('tag-row')).toHaveText([/^Cream/, /^Olive/])
  await expect(addColor).toHaveValue('')
  await expect(dialog).toBeVisible() // Enter added the tag; it did not submit the form

  await dialog.getByRole('button', { name: 'Edit Color Cream' }).press('Enter')
  const editor = dialog.getByRole('combobox', { name: 'Edit color Cream' })
  await expect(editor).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(editor).toHaveCount(0)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Edit Color Cream' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Remove Color Olive' }).press('Enter')
  await expect(addColor).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(card(page, 'Knit cardigan').getByTestId('product-name')).toBeFocused()
  await context.close()
})

test('the outfit analysis modal draws the boxes on the photo and links them to the list; failed jobs offer Retry', async ({ browser }) => {
  const owner = await createUser()
  const outfit = showcase[0]!
  const [, , failed] = await seedWardrobe(owner, [
    outfit,
    {
      name: 'Unfinished outfit',
      tags: [{ type: 'style', value: 'OOTD Complete', ai: 0.99 }],
      job: { status: 'failed', error: 'Processing failed. Please try again.' },
    },
    { name: 'Rainy city look', job: { status: 'failed', error: 'No garments found in the photo.' } },
  ] satisfies SeedItem[])
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await signInContext(context, owner)
  const page = await context.newPage()
  await page.goto(`/${owner.username}`)

  // A failed job says so on its card, with its error and Retry.
  const rainy = card(page, 'Rainy city look')
  await expect(rainy.getByTestId('job-status')).toHaveAttribute('data-state', 'failed')
  await expect(rainy.getByTestId('job-status')).toContainText('Processing failed')
  await expect(rainy.getByTestId('job-status')).toContainText('No garments found in the photo.')
  const oldJob = (await serverItem(failed!.id)).job_id
  await rainy.getByRole('button', { name: 'Retry' }).click()
  await eventually(() => serverItem(failed!.id), (item) => item.job_id !== null && item.job_id !== oldJob, 20_000)

  // An outfit whose analysis failed says so in the modal.
  await card(page, 'Unfinished outfit').getByRole('button', { name: 'Outfit analysis' }).click()
  const dialog = page.getByRole('dialog', { name: 'Outfit analysis' })
  await expect(dialog.getByTestId('no-analysis')).toContainText('The analysis of this outfit failed')
  await expect(dialog.getByTestId('job-status')).toContainText('Processing failed. Please try again.')
  await dialog.getByRole('button', { name: 'Close' }).first().click()

  // The review modal offers the analysis too.
  await card(page, 'Beach day outfit').getByTestId('product-name').click()
  await page.getByRole('dialog', { name: 'Review and edit' }).getByRole('button', { name: 'Outfit analysis' }).click()
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('outfit-summary')).toContainText('Relaxed coastal')
  await expect(dialog.getByTestId('outfit-summary')).toContainText('Summer')
  await expect(dialog.getByTestId('outfit-summary')).toContainText('Beach')
  await expect(dialog.getByTestId('outfit-summary')).toContainText('2.4 s')
  await expect(dialog.getByTestId('detected-item')).toHaveCount(3)
  await expect(dialog.getByTestId('detected-item').first()).toContainText('White linen shirt, relaxed fit')
  await expect(dialog.getByTestId('detected-item').first()).toContainText('White')

  // Each box sits where its percentages put it on the picture's real (letterboxed) content.
  const boxes = dialog.getByTestId('analysis-box')
  await expect(boxes).toHaveCount(3)
  const image = dialog.getByTestId('analysis-photo').locator('img')
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  // The picture and its boxes are measured in one frame, once the dialog's opening animation is over
  // (measured apart, a frame of the pop animation in between moved the boxes by a few pixels).
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)))
  const expected = outfit.outfit!.boxes.map((detected) => ({ category: detected.category, box: detected.box }))
  const misplacement = () =>
    dialog.evaluate((el, wanted) => {
      const img = el.querySelector<HTMLImageElement>('[data-testid="analysis-photo"] img')!
      const frame = img.getBoundingClientRect()
      const scale = Math.min(frame.width / img.naturalWidth, frame.height / img.naturalHeight)
      const content = {
        x: frame.x + (frame.width - img.naturalWidth * scale) / 2,
        y: frame.y + (frame.height - img.naturalHeight * scale) / 2,
        width: img.naturalWidth * scale,
        height: img.naturalHeight * scale,
      }
      const boxes = [...el.querySelectorAll<HTMLElement>('[data-testid="analysis-box"]')]
      return wanted.map(({ category, box }) => {
        const rect = boxes.find((b) => b.textContent?.includes(category))!.getBoundingClientRect()
        const off = Math.max(
          Math.abs(rect.x - (content.x + (box.x / 100) * content.width)),
          Math.abs(rect.y - (content.y + (box.y / 100) * content.height)),
          Math.abs(rect.width - (box.width / 100) * content.width),
          Math.abs(rect.height - (box.height / 100) * content.height),
        )
        return `${category} ${off < 1.5 ? 'in place' : `off by ${off.toFixed(1)} px`}`
      })
    }, expected)
  await expect.poll(misplacement).toEqual(expected.map(({ category }) => `${category} in place`))
  await expect(boxes.filter({ hasText: 'top' })).toHaveText('1 · top 91%')

  // Hover or focus on a box lights its row; a click keeps it lit.
  const rows = dialog.getByTestId('detected-item')
  await boxes.filter({ hasText: 'bottom' }).hover()
  await expect(rows.nth(1)).toHaveAttribute('data-highlighted', 'true')
  await expect(rows.nth(0)).not.toHaveAttribute('data-highlighted', 'true')
  await boxes.filter({ hasText: 'footwear' }).focus()
  await expect(rows.nth(2)).toHaveAttribute('data-highlighted', 'true')
  await rows.nth(0).hover()
  await expect(boxes.filter({ hasText: 'top' })).toHaveAttribute('data-highlighted', 'true')
  await context.close()
})

async function screenshot(page: Page, name: string, target?: Locator) {
  await imagesSettled(page)
  if (target) await target.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 76))
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' })
}

// At 1440 px; on a phone the tour (phone/reachability.spec.ts) scans the Products area and its modals.
for (const [label, viewport] of [['1440', { width: 1440, height: 900 }]] as const) {
  test(`axe and screenshots at ${label} px: the Products area in both views and both modals`, async ({ browser }) => {
    const owner = await createUser({ displayName: 'Lena Park' })
    await seedWardrobe(owner, showcase)
    const context = await browser.newContext({ viewport })
    await signInContext(context, owner)
    const page = await context.newPage()
    await page.goto(`/${owner.username}`)
    await expect(cards(page)).toHaveCount(showcase.length)
    await screenshot(page, `products-grid-${label}`, area(page))
    await expectNoSeriousA11yIssues(page, `products grid ${label}`)
    await area(page).getByRole('button', { name: 'Filters' }).click()
    await area(page).getByRole('group', { name: 'Color' }).getByRole('button', { name: 'White' }).click()
    await expectNoSeriousA11yIssues(page, `products filters ${label}`)
    await screenshot(page, `products-filters-${label}`, area(page))
    await area(page).getByRole('button', { name: 'Clear', exact: true }).click()
    await area(page).getByRole('button', { name: 'Filters' }).click()
    await area(page).getByRole('button', { name: 'List view' }).click()
    await screenshot(page, `products-list-${label}`, area(page))
    await expectNoSeriousA11yIssues(page, `products list ${label}`)

    await card(page, 'White linen shirt').getByTestId('product-name').click()
    const review = page.getByRole('dialog', { name: 'Review and edit' })
    await expect(review).toBeVisible()
    await screenshot(page, `review-${label}`)
    await expectNoSeriousA11yIssues(page, `review modal ${label}`)
    await review.getByRole('button', { name: 'Edit Color White' }).click()
    await review.getByTestId('tag-group-color').scrollIntoViewIfNeeded()
    await screenshot(page, `review-editing-${label}`)
    await review.getByRole('button', { name: 'Cancel', exact: true }).click()

    await card(page, 'Beach day outfit').getByRole('button', { name: 'Outfit analysis' }).click()
    const analysis = page.getByRole('dialog', { name: 'Outfit analysis' })
    await expect(analysis.getByTestId('analysis-box')).toHaveCount(3)
    await analysis.getByTestId('analysis-box').first().hover()
    await screenshot(page, `analysis-${label}`)
    await expectNoSeriousA11yIssues(page, `analysis modal ${label}`)
    await context.close()
  })
}
