// Reviewing new items (issue 25), counted: 20 items as an outfit job leaves them (category, colour and
// style guessed by the AI, none verified, no season) are reviewed to the same end twice, each time by a
// fresh user: every tag verified and the season 'Winter' on all. Once in the To review inbox (select
// all, tag, verify) and once item by item in the review modal as before the inbox (open, verify each
// tag, add the season, save). Every click, key and choice Playwright makes is one user action; the
// time runs from the first action until the server holds the result.
import type { Browser, Locator, Page } from 'playwright'
import { benchUser, cardImages, newId, signedInContext, type BenchUser } from './dragKit'
import { round, type BenchTable } from './types'

const ITEMS = 20
const AI_TAGS = [
  ['category', 'top', 0.82],
  ['color', 'Navy', 0.64],
  ['style', 'Minimalist', 0.47],
] as const

interface Review {
  actions: number
  deviceMs: number
  serverMs: number
}

async function seedNewItems(user: BenchUser, images: Buffer[]): Promise<string[]> {
  const ids: string[] = []
  for (const [i, image] of images.entries()) {
    const id = newId()
    const path = `${user.id}/wardrobe/${id}.jpg`
    const stored = await user.client.storage.from('wardrobe-images').upload(path, image, { contentType: 'image/jpeg' })
    if (stored.error) throw stored.error
    const item = await user.client.from('wardrobe_items').insert({
      id,
      user_id: user.id,
      image_path: `wardrobe-images/${path}`,
      name: `Garment ${i + 1}`,
      upload_source: 'ootd',
      created_at: new Date(Date.now() - (ITEMS - i) * 1000).toISOString(),
    })
    if (item.error) throw item.error
    const tags = await user.client.from('clothing_tags').insert(
      AI_TAGS.map(([type, value, confidence]) => ({
        id: newId(),
        wardrobe_item_id: id,
        tag_type: type,
        tag_value: value,
        confidence_score: confidence,
        is_ai_generated: true,
        is_verified: false,
      })),
    )
    if (tags.error) throw tags.error
    ids.push(id)
  }
  return ids
}

/** The server holds every tag verified and a Winter season on each item. */
async function serverDone(user: BenchUser, ids: string[]): Promise<boolean> {
  const { data, error } = await user.client
    .from('clothing_tags')
    .select('wardrobe_item_id, tag_type, tag_value, is_verified')
    .in('wardrobe_item_id', ids)
    .is('deleted_at', null)
  if (error) throw error
  const rows = data as Array<{ wardrobe_item_id: string; tag_type: string; tag_value: string; is_verified: boolean }>
  const winter = new Set(rows.filter((r) => r.tag_type === 'season' && r.tag_value === 'Winter').map((r) => r.wardrobe_item_id))
  return winter.size === ids.length && rows.every((r) => r.is_verified)
}

async function untilServerDone(user: BenchUser, ids: string[]): Promise<void> {
  const deadline = Date.now() + 120_000
  while (!(await serverDone(user, ids))) {
    if (Date.now() > deadline) throw new Error('The review never reached the server')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Counts each user action it performs. */
function counter() {
  let actions = 0
  return {
    get actions() {
      return actions
    },
    click: async (target: Locator) => {
      actions += 1
      await target.click()
    },
    check: async (target: Locator) => {
      actions += 1
      await target.check()
    },
    select: async (target: Locator, value: string) => {
      actions += 1
      await target.selectOption(value)
    },
  }
}

async function inboxWay(page: Page): Promise<number> {
  const user = counter()
  await user.click(page.getByRole('tab', { name: /^To review/ }))
  await user.check(page.getByRole('checkbox', { name: `Select all ${ITEMS}` }))
  await user.click(page.getByRole('button', { name: 'Tag…' }))
  const dialog = page.getByRole('dialog', { name: `Tag ${ITEMS} items` })
  await user.click(dialog.getByRole('button', { name: 'Season' }))
  await user.click(dialog.getByRole('button', { name: 'Winter' }))
  await user.click(dialog.getByRole('button', { name: `Tag ${ITEMS} items` }))
  await dialog.waitFor({ state: 'hidden' })
  await user.click(page.getByTestId('bulk-actions').getByRole('button', { name: 'Verify tags' }))
  await page.getByText('Nothing to review').waitFor()
  return user.actions
}

async function itemByItemWay(page: Page): Promise<number> {
  const user = counter()
  for (let i = 1; i <= ITEMS; i += 1) {
    const card = page.getByTestId('product-card').filter({ has: page.getByTestId('product-name').getByText(`Garment ${i}`, { exact: true }) })
    await user.click(card.getByTestId('product-name'))
    const dialog = page.getByRole('dialog', { name: 'Review and edit' })
    const verify = dialog.getByRole('button', { name: /^Verify / })
    await verify.first().waitFor()
    for (let left = await verify.count(); left > 0; left -= 1) await user.click(verify.first())
    await user.select(dialog.getByRole('combobox', { name: 'Add season' }), 'Winter')
    await user.click(dialog.getByRole('button', { name: 'Add season tag' }))
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    await dialog.waitFor({ state: 'hidden' })
  }
  return user.actions
}

async function review(browser: Browser, url: string, anonKey: string, serviceKey: string, way: (page: Page) => Promise<number>): Promise<Review> {
  const user = await benchUser(url, anonKey, serviceKey)
  const profile = await user.client.from('profiles').select('username').eq('id', user.id).single()
  if (profile.error) throw profile.error
  const ids = await seedNewItems(user, await cardImages(ITEMS))
  const context = await signedInContext(browser, user.session)
  const page = await context.newPage()
  await page.goto(`${url}/${profile.data.username as string}`)
  await page.getByTestId('product-card').nth(ITEMS - 1).waitFor()
  const started = Date.now()
  const actions = await way(page)
  const deviceMs = Date.now() - started
  await untilServerDone(user, ids)
  const serverMs = Date.now() - started
  await context.close()
  return { actions, deviceMs, serverMs }
}

export async function reviewTable(browser: Browser, stack: { url: string; anonKey: string; serviceRoleKey: string }): Promise<BenchTable> {
  const rows: BenchTable['rows'] = []
  for (const [way, steps] of [
    ['To review inbox (select all, tag, verify)', inboxWay],
    ['item by item (review modal, as before)', itemByItemWay],
  ] as const) {
    const run = await review(browser, stack.url, stack.anonKey, stack.serviceRoleKey, steps)
    rows.push({
      way,
      items: ITEMS,
      'user actions': run.actions,
      'done on the device, s': round(run.deviceMs / 1000, 1),
      'on the server, s': round(run.serverMs / 1000, 1),
    })
    console.log(JSON.stringify(rows.at(-1)))
  }
  return {
    title: `Reviewing ${ITEMS} new items: every AI tag verified and the season set on all`,
    rows,
    notes: [
      `each item as an outfit job leaves it: ${AI_TAGS.length} AI tags (category, colour, style), none verified, no season`,
      'a user action is one click, check or choice; the inbox way opens the To review tab, selects all, tags the season (dialog: type, value, apply) and verifies; item by item opens each item, verifies each tag, adds the season and saves',
      'times are Playwright driving the UI with no human pauses: the gap between the ways is the count of actions, not the seconds',
    ],
  }
}
