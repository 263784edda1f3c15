// The wall page for its owner and for others: inline name and description editing, privacy, share,
// deleting items and the wall, keyboard moves, the polaroid modal (previous/next, the owner's editor),
// the assistant panel for owners only, and the not-found states.
import { expect, test } from '@playwright/test'
import { admin } from '../support/stack'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { card, eventually, openWall, position, seedWall, serverPolaroid } from '../support/walls'

let owner: E2EUser

test.beforeAll(async () => {
  owner = await createUser()
})

interface ServerWall {
  name: string
  description: string | null
  private: boolean
  deleted_at: string | null
}

async function serverWall(id: string): Promise<ServerWall | null> {
  return (await admin.from('walls').select('*').eq('id', id).maybeSingle<ServerWall>()).data
}

test('the owner renames, describes, shares, changes privacy, moves by keyboard and deletes', async ({ context, page }) => {
  const wall = await seedWall(owner, {
    name: 'Before',
    description: 'Old words',
    polaroids: [
      { name: 'Keep me', x: 60, y: 60, zIndex: 1 },
      { name: 'Bin me', x: 400, y: 60, zIndex: 2 },
    ],
  })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInContext(context, owner)
  await openWall(page, wall.id, 2)
  await expect(page.getByRole('complementary', { name: 'Assistant' })).toBeVisible()

  // Name: click the text, type, Enter saves; Escape cancels; unchanged saves nothing.
  await page.getByRole('heading', { name: 'Before' }).click()
  await page.getByLabel('Moori name').fill('After')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'After' })).toBeVisible()
  await eventually(() => serverWall(wall.id), (w) => w?.name === 'After')
  await page.getByRole('button', { name: 'Edit moori name' }).click()
  await page.getByLabel('Moori name').fill('Never mind')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { name: 'After' })).toBeVisible()

  // Description: leaving the field saves.
  await page.getByText('Old words').click()
  await page.getByLabel('Description').fill('New words')
  await page.getByRole('heading', { name: 'After' }).click()
  await page.keyboard.press('Escape')
  await expect(page.getByText('New words')).toBeVisible()
  await eventually(() => serverWall(wall.id), (w) => w?.description === 'New words')

  // Privacy and share.
  await expect(page.getByTestId('privacy-badge')).toHaveText('Public')
  await page.getByRole('button', { name: 'Make Private' }).click()
  await expect(page.getByTestId('privacy-badge')).toHaveText('Private')
  await expect(page.getByRole('button', { name: 'Make Public' })).toBeEnabled()
  await eventually(() => serverWall(wall.id), (w) => w?.private === true)
  await page.getByRole('button', { name: 'Share' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Share link copied to clipboard!' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/wall/${wall.id}`)

  // Arrow keys move a focused card and save like a drop.
  await card(page, 'Keep me').focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Shift+ArrowDown')
  await expect.poll(() => position(card(page, 'Keep me'))).toMatchObject({ x: 70, y: 110 })
  // Raised to the top, the card keeps the focus.
  await expect(card(page, 'Keep me')).toBeFocused()
  await eventually(() => serverPolaroid(wall.polaroids[0]!.id), (p) => p?.x === 70 && p.y === 110)

  // Deleting an item asks first.
  await page.getByRole('button', { name: 'Delete Bin me' }).click({ force: true })
  const confirm = page.getByRole('dialog', { name: 'Delete this image?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(card(page, 'Bin me')).toHaveCount(1)
  await page.getByRole('button', { name: 'Delete Bin me' }).click({ force: true })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Image deleted successfully!' })).toBeVisible()
  await expect(card(page, 'Bin me')).toHaveCount(0)
  await eventually(() => serverPolaroid(wall.polaroids[1]!.id), (p) => p?.deleted_at !== null)

  // Deleting the wall.
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await page.getByRole('dialog', { name: 'Delete this Moori?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Moori "After" deleted successfully.' })).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await eventually(() => serverWall(wall.id), (w) => w?.deleted_at !== null)
})

test('the polaroid modal pages through the wall, and only the owner edits', async ({ browser, context, page }) => {
  const names = ['Oldest', 'Middle', 'Newest']
  const wall = await seedWall(owner, {
    name: 'Modal walk',
    polaroids: names.map((name, i) => ({ name, x: 40 + i * 260, y: 60, timestamp: 1_700_000_000_000 + i * 60_000 })),
  })
  await signInContext(context, owner)
  await openWall(page, wall.id, 3)
  await card(page, 'Newest').getByRole('button', { name: 'Open Newest' }).click({ force: true })
  let modal = page.getByRole('dialog', { name: 'Newest' })
  await expect(modal.getByRole('button', { name: 'Previous polaroid' })).toBeDisabled()
  await modal.getByRole('button', { name: 'Next polaroid' }).click()
  modal = page.getByRole('dialog', { name: 'Middle' })
  await modal.getByRole('button', { name: 'Next polaroid' }).click()
  modal = page.getByRole('dialog', { name: 'Oldest' })
  await expect(modal.getByRole('button', { name: 'Next polaroid' })).toBeDisabled()
  await expect(page).toHaveURL(new RegExp(`/wall/${wall.id}/polaroid/${wall.polaroids[0]!.id}$`))

  await modal.getByLabel('Name').fill('Oldest, renamed')
  await modal.getByLabel('Message').fill('A new message')
  await modal.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('dialog', { name: 'Oldest, renamed' }).getByText('Saved')).toBeVisible()
  await eventually(() => serverPolaroid(wall.polaroids[0]!.id), (p) => p?.name === 'Oldest, renamed')
  await page.getByRole('dialog', { name: 'Oldest, renamed' }).getByRole('button', { name: 'Close' }).click()
  await expect(page).toHaveURL(new RegExp(`/wall/${wall.id}$`))
  await expect(card(page, 'Oldest, renamed')).toBeVisible()

  // Someone else: the modal has no editor, the wall no assistant, no owner buttons.
  const visitor = await createUser()
  const other = await browser.newContext()
  await signInContext(other, visitor)
  const visitorPage = await other.newPage()
  await visitorPage.goto(`/wall/${wall.id}/polaroid/${wall.polaroids[1]!.id}`)
  const visitorModal = visitorPage.getByRole('dialog', { name: 'Middle' })
  await expect(visitorModal.getByText('Message for Middle')).toBeVisible()
  await expect(visitorModal.getByLabel('Name')).toHaveCount(0)
  await expect(visitorModal.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await visitorModal.getByRole('button', { name: 'Close' }).click()
  await expect(visitorPage).toHaveURL(new RegExp(`/wall/${wall.id}$`))
  await expect(visitorPage.getByRole('complementary', { name: 'Assistant' })).toHaveCount(0)
  await expect(visitorPage.getByRole('button', { name: 'Make Private' })).toHaveCount(0)
  await expect(visitorPage.getByRole('button', { name: 'Upload' })).toBeVisible()
  await expect(visitorPage.getByRole('button', { name: 'Edit moori name' })).toHaveCount(0)
  await other.close()
})

test('missing, private and id-less walls say Moori Not Found', async ({ browser, page }) => {
  const hidden = await seedWall(owner, { name: 'Secret', private: true })
  await page.goto('/wall')
  await expect(page.getByRole('heading', { name: 'Moori Not Found' })).toBeVisible()
  await page.goto('/wall/nope-nope-nope')
  await expect(page.getByRole('heading', { name: 'Moori Not Found' })).toBeVisible()
  await page.goto(`/wall/${hidden.id}`)
  await expect(page.getByRole('heading', { name: 'Moori Not Found' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL(/\/$/)

  const context = await browser.newContext()
  await signInContext(context, owner)
  const ownerPage = await context.newPage()
  await openWall(ownerPage, hidden.id)
  await expect(ownerPage.getByTestId('privacy-badge')).toHaveText('Private')
  await expect(ownerPage.getByRole('heading', { name: 'This Moori is empty!' })).toBeVisible()
  await context.close()
})
