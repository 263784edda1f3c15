// Profile pages (spec §2, §4, §6): what strangers and the owner see, search, filters and layouts, edits,
// the not-found page, signing out with unsaved changes, and deleting an account for real.
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { admin, nodeClient } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { ada, milo } from './helpers'

test.describe.configure({ mode: 'serial' })

const BUCKETS = ['polaroid-images', 'wardrobe-images', 'ootd-images', 'wardrobe-stickers']

test('strangers see only public walls; Ada sees her private one too', async ({ page, browser }) => {
  await page.goto('/ada')
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Okafor' })).toBeVisible()
  await expect(page.getByText('@ada')).toBeVisible()
  await expect(page.getByText('Thrift hunter, linen evangelist.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Wedding Guest Outfits' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Birthday gift ideas' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0)
  await expect(page.getByTestId('products-area').getByText('Sign in to access your products')).toBeVisible()

  // The other form of the route, as another signed-in person.
  const miloContext = await browser.newContext()
  await signInContext(miloContext, milo)
  const miloPage = await miloContext.newPage()
  await miloPage.goto('/profile/ada')
  await expect(miloPage.getByRole('link', { name: 'Wedding Guest Outfits' })).toBeVisible()
  await expect(miloPage.getByRole('link', { name: 'Birthday gift ideas' })).toHaveCount(0)
  await expect(miloPage.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
  await miloContext.close()

  const adaContext = await browser.newContext()
  await signInContext(adaContext, ada)
  const adaPage = await adaContext.newPage()
  await adaPage.goto('/ada')
  await expect(adaPage.getByRole('link', { name: 'Birthday gift ideas' })).toBeVisible()
  await expect(adaPage.getByRole('link', { name: 'Wedding Guest Outfits' })).toBeVisible()
  await expect(adaPage.getByRole('button', { name: 'Edit Profile' })).toBeVisible()
  await expect(adaPage.getByTestId('products-counts')).toHaveText(/\d+ items? · \d+ tags?/)

  const show = adaPage.getByRole('group', { name: 'Show' })
  await show.getByRole('button', { name: 'Private' }).click()
  await expect(adaPage.getByTestId('wall-card')).toHaveCount(1)
  await expect(adaPage.getByRole('link', { name: 'Birthday gift ideas' })).toBeVisible()
  await show.getByRole('button', { name: 'All' }).click()
  await adaPage.getByRole('searchbox', { name: 'Search Mooris' }).fill('WEDDING')
  await expect(adaPage.getByTestId('wall-card')).toHaveCount(1)
  const wallLayout = adaPage.getByRole('group', { name: 'Layout', exact: true })
  await wallLayout.getByRole('button', { name: 'List view' }).click()
  await expect(wallLayout.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true')
  await adaPage.getByRole('searchbox', { name: 'Search Mooris' }).fill('zzz-nothing')
  await expect(adaPage.getByText('No Mooris match')).toBeVisible()
  await adaContext.close()
})

test('an unknown username shows Profile Not Found with Go Home', async ({ page }) => {
  await page.goto('/nobody-by-this-name')
  await expect(page.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible()
  await page.getByRole('link', { name: 'Go Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('the owner edits the profile; limits are counted', async ({ page, context }) => {
  const user = await createUser({ displayName: 'Before Name' })
  await signInContext(context, user)
  await page.goto(`/${user.username}`)
  await page.getByRole('button', { name: 'Edit Profile' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' })
  await dialog.getByLabel('Display name').fill('n'.repeat(51))
  await expect(dialog.getByText('51/50')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled()
  await dialog.getByLabel('Display name').fill('After Name')
  await dialog.getByLabel('Bio').fill('Collects scarves.')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: 'After Name' })).toBeVisible()
  await expect
    .poll(
      async () => (await admin.from('profiles').select('display_name, bio').eq('id', user.id).single()).data,
    )
    .toEqual({ display_name: 'After Name', bio: 'Collects scarves.' })

  // A new avatar shows at once and is stored (shrunk, as JPEG) in the user's folder.
  const header = page.getByRole('region', { name: 'After Name' })
  await expect(header.locator('img')).toHaveCount(0)
  const photo = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#a35' } })
    .png()
    .toBuffer()
  await header
    .locator('input[type="file"]')
    .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: photo })
  await expect(header.locator('img')).toHaveCount(1)
  const avatarPattern = new RegExp(`^polaroid-images/${user.id}/avatars/.+\\.jpg$`)
  await expect
    .poll(async () => (await admin.from('profiles').select('avatar_path').eq('id', user.id).single()).data, {
      timeout: 15_000,
    })
    .toEqual({ avatar_path: expect.stringMatching(avatarPattern) as unknown })
})

test.describe(() => {
  test.use(ALLOW_SERVICE_WORKERS)

  test('signing out with unsaved changes warns first, then signs out anyway', async ({ page, context }) => {
    const user = await createUser({ displayName: 'Offline Olga' })
    await signInContext(context, user)
    // Start at home and walk to the profile; go offline once the service worker holds the app's code
    // (signing out needs the auth client, which loads after the first screen; 'networkidle' alone came
    // before it on a busy machine).
    await page.goto('/')
    await page.getByRole('link', { name: 'Your profile, Offline Olga' }).click()
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible()
    await waitForServiceWorker(page)
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    await page.getByRole('dialog', { name: 'Edit Profile' }).getByLabel('Bio').fill('Written offline')
    await page.getByRole('dialog', { name: 'Edit Profile' }).getByRole('button', { name: 'Save' }).click()
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    const warning = page.getByRole('dialog', { name: 'Some changes are not saved yet' })
    await expect(warning).toBeVisible({ timeout: 15_000 })
    await expect(warning.getByText(/1 change has not reached the server yet/)).toBeVisible()
    await warning.getByRole('button', { name: 'Sign out anyway' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign In' }),
    ).toBeVisible()
    await context.setOffline(false)
  })
})

test('deleting an account leaves nothing of it on the server', async ({ page, context }) => {
  const user = await createUser({ displayName: 'Short Stay' })
  // Some things of theirs: a wall with a polaroid and its image, a wardrobe photo.
  const client = nodeClient()
  await client.auth.signInWithPassword({ email: user.email, password: user.password })
  const bytes = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex')
  const wallId = `wall_${user.id.slice(0, 8)}`
  expect(
    (await client.from('walls').insert({ id: wallId, name: 'Soon gone', owner_id: user.id })).error,
  ).toBeNull()
  const upload = await client.storage
    .from('polaroid-images')
    .upload(`${user.id}/polaroids/p1.jpg`, bytes, { contentType: 'image/jpeg' })
  expect(upload.error).toBeNull()
  const polaroid = await client.from('polaroids').insert({
    id: `pol_${user.id.slice(0, 8)}`,
    wall_id: wallId,
    name: 'Bye',
    image_path: `polaroid-images/${user.id}/polaroids/p1.jpg`,
    created_by: user.id,
  })
  expect(polaroid.error).toBeNull()
  const wardrobe = await client.storage
    .from('wardrobe-images')
    .upload(`${user.id}/wardrobe/w1.jpg`, bytes, { contentType: 'image/jpeg' })
  expect(wardrobe.error).toBeNull()

  await signInContext(context, user)
  await page.goto(`/${user.username}`)
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Delete My Account' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' })
  await confirm.getByRole('button', { name: 'Yes, Delete' }).click()
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 })
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign In' }),
  ).toBeVisible()

  const { data: authUser } = await admin.auth.admin.getUserById(user.id)
  expect(authUser.user).toBeNull()
  for (const [table, column] of [
    ['profiles', 'id'],
    ['walls', 'owner_id'],
    ['polaroids', 'created_by'],
    ['wall_stickers', 'created_by'],
    ['wardrobe_items', 'user_id'],
  ] as const) {
    const { data } = await admin.from(table).select('id').eq(column, user.id)
    expect(data, table).toEqual([])
  }
  for (const bucket of BUCKETS) {
    const { data } = await admin.storage.from(bucket).list(user.id)
    expect(data, bucket).toEqual([])
  }
})
