// The guest preview: a visitor builds a trial wall (kept on the device across reloads), signs up
// through the inbox, sets up a profile, and lands on a real wall holding the same polaroids, which the
// server has too.
import { expect, test, type Page } from '@playwright/test'
import { admin, emailLink } from '../support/stack'
import { createUser, uniqueName } from '../support/users'
import { card, eventually, photo, seedWall } from '../support/walls'
import { STACK_URL } from '../support/stack'

async function addImage(page: Page, name: string, message: string, image: { file?: Buffer; url?: string }) {
  await page.getByRole('button', { name: 'Add image' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add an image' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Message').fill(message)
  if (image.file) await dialog.getByLabel('Image', { exact: true }).setInputFiles({ name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: image.file })
  if (image.url) await dialog.getByLabel('…or an image URL').fill(image.url)
  await dialog.getByRole('button', { name: 'Add to preview' }).click()
  await expect(dialog).toBeHidden()
  await expect(card(page, name)).toBeVisible()
}

test('a guest preview survives a reload and becomes a real wall after sign-up', async ({ page }) => {
  test.setTimeout(90_000)
  // A public image elsewhere on the stack, to add one polaroid by URL.
  const someone = await createUser()
  const source = await seedWall(someone, { name: 'Source', polaroids: [{ name: 'Shared pic' }] })
  const { data: sourceRow } = await admin.from('polaroids').select('image_path').eq('id', source.polaroids[0]!.id).single()
  const imageUrl = `${STACK_URL}/storage/v1/object/public/${(sourceRow as { image_path: string }).image_path}`

  await page.goto('/create-wall')
  await page.getByLabel('Name').fill('Guest party')
  await page.getByLabel('Description (optional)').fill('Outfits for the garden party')
  await page.getByRole('button', { name: 'Preview & Sign Up' }).click()
  await expect(page).toHaveURL(/\/create-preview$/)
  await expect(page.getByRole('heading', { name: 'Guest party' })).toBeVisible()

  // The form's rules.
  await page.getByRole('button', { name: 'Add image' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add an image' })
  await dialog.getByRole('button', { name: 'Add to preview' }).click()
  await expect(dialog.getByText('Name is required')).toBeVisible()
  await expect(dialog.getByText('Message is required')).toBeVisible()
  await expect(dialog.getByText('Image is required')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()

  await addImage(page, 'Floral dress', 'For the afternoon', { file: await photo(330, 1200, 900) })
  await addImage(page, 'Straw hat', 'Sun protection', { file: await photo(45) })
  await addImage(page, 'Borrowed look', 'From another Moori', { url: imageUrl })
  const zs = await page.locator('[data-canvas-item]').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-z'))))
  expect(zs.sort()).toEqual([1, 2, 3])
  for (const el of await page.locator('[data-canvas-item]').all()) {
    const [x, y] = [Number(await el.getAttribute('data-x')), Number(await el.getAttribute('data-y'))]
    expect(x).toBeGreaterThanOrEqual(0)
    expect(x).toBeLessThanOrEqual(200)
    expect(y).toBeGreaterThanOrEqual(0)
    expect(y).toBeLessThanOrEqual(200)
  }

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Guest party' })).toBeVisible()
  await expect(page.locator('[data-canvas-item]')).toHaveCount(3)
  await expect(card(page, 'Floral dress').locator('img')).toHaveAttribute('src', /^blob:/)

  // Sign up through the inbox, then set up the profile.
  const email = `${uniqueName('guest-')}@example.test`
  await page.getByRole('button', { name: 'Sign Up to Save & Continue' }).click()
  const signUp = page.getByRole('dialog', { name: 'Create your account' })
  await signUp.getByLabel('Email').fill(email)
  await signUp.getByLabel('Password').fill('guest-password-1')
  await signUp.getByRole('button', { name: 'Sign Up' }).click()
  await expect(signUp.getByText('Check your email to confirm your account!')).toBeVisible()
  await page.goto(await emailLink(email, /Confirm your Moori account/))
  await expect(page).toHaveURL(/\/setup-profile$/, { timeout: 15_000 })
  const username = uniqueName('guest_')
  await page.getByLabel('Username').fill(username)
  await page.getByRole('button', { name: 'Create Profile' }).click()

  await expect(page).toHaveURL(/\/wall\/[A-Za-z0-9_-]+$/, { timeout: 20_000 })
  const wallId = page.url().split('/wall/')[1]!
  await expect(page.getByRole('heading', { name: 'Guest party' })).toBeVisible()
  await expect(page.locator('[data-canvas-item]')).toHaveCount(3)
  for (const name of ['Floral dress', 'Straw hat', 'Borrowed look']) await expect(card(page, name)).toBeVisible()

  const { data: wallRow } = await admin.from('walls').select('name, description, private, owner_id').eq('id', wallId).single()
  expect(wallRow).toMatchObject({ name: 'Guest party', description: 'Outfits for the garden party', private: false })
  const rows = await eventually(
    async () => (await admin.from('polaroids').select('name, message, image_path, external_url').eq('wall_id', wallId)).data ?? [],
    (list) => list.length === 3,
    20_000,
  )
  const byName = new Map(rows.map((r) => [r.name as string, r]))
  expect(byName.get('Borrowed look')).toMatchObject({ external_url: imageUrl, image_path: null })
  for (const name of ['Floral dress', 'Straw hat']) {
    const path = (byName.get(name)!.image_path as string).replace(/^polaroid-images\//, '')
    await eventually(async () => (await admin.storage.from('polaroid-images').download(path)).data, (b) => b !== null, 20_000)
  }

  // The preview is gone from the device.
  await page.goto('/create-preview')
  await expect(page.getByRole('heading', { name: 'Start your Moori' })).toBeVisible()
  await expect(page.locator('[data-canvas-item]')).toHaveCount(0)
})
