// Getting in (spec §2, §4, §8): sign-up confirmed through the inbox, first profile with a taken and
// then a free username, magic link, Google through the local stand-in, password recovery, and a stored
// session the server no longer accepts.
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { admin, emailLink } from '../support/stack'
import { STORAGE_KEY, createUser, uniqueName } from '../support/users'
import { signInThroughDialog } from './helpers'

test.describe.configure({ mode: 'serial' })

test('sign up, confirm by email, set up a profile (taken username first), land home', async ({ page }) => {
  const email = `${uniqueName('signup-')}@example.test`
  const password = 'first-secret-1'
  const taken = await createUser()

  await page.goto('/')
  await page.getByRole('button', { name: 'Get Started' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create your account' })
  await dialog.getByLabel('Email').fill('not-an-email')
  await dialog.getByLabel('Password').fill('123')
  await dialog.getByRole('button', { name: 'Sign Up' }).click()
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible()
  await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Sign Up' }).click()
  await expect(dialog.getByText('Check your email to confirm your account!')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()

  await page.goto(await emailLink(email, /Confirm/))
  // Signed in without a profile: after 2 s the guard sends the user to profile setup.
  await expect(page.getByTestId('user-chip')).toBeVisible()
  await expect(page).toHaveURL(/\/setup-profile$/, { timeout: 10_000 })

  const form = page.locator('form')
  const username = form.getByLabel('Username')
  const create = form.getByRole('button', { name: 'Create Profile' })
  const takenMessage = form.getByText('Username is already taken')
  await expect(create).toBeDisabled()
  await username.fill('ADA')
  await create.click()
  await expect(takenMessage).toBeVisible()
  await expect(page).toHaveURL(/\/setup-profile$/)

  // Taken on the server only (this device has never seen that person): the server says no.
  await username.fill(taken.username!.toUpperCase())
  await expect(takenMessage).toHaveCount(0)
  await create.click()
  await expect(takenMessage).toBeVisible({ timeout: 10_000 })
  await expect(page).toHaveURL(/\/setup-profile$/)
  await expect(username).toBeVisible()

  // A big picture is shrunk to fit 800 px and re-encoded as JPEG before it is stored.
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer()
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo })
  await expect(form.getByText('Looking good!')).toBeVisible()

  const free = uniqueName('newbie_')
  await username.fill(free)
  await page.getByLabel('Display name (optional)').fill('  New Person  ')
  await create.click()
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 })
  await expect(page.getByRole('link', { name: 'Your profile, New Person' })).toBeVisible()

  const { data: profile } = await admin
    .from('profiles')
    .select('id, username, display_name, bio, avatar_path')
    .eq('username', free)
    .single()
  expect(profile).toMatchObject({ username: free, display_name: 'New Person', bio: null })
  const avatarPath = (profile as { id: string; avatar_path: string }).avatar_path
  expect(avatarPath).toMatch(/^polaroid-images\/[\w-]+\/avatars\/.+\.jpg$/)
  const stored = await admin.storage
    .from('polaroid-images')
    .download(avatarPath.slice('polaroid-images/'.length))
  const meta = await sharp(Buffer.from(await stored.data!.arrayBuffer())).metadata()
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
    format: 'jpeg',
    width: 800,
    height: 600,
  })
})

test('a magic link from the inbox signs in', async ({ page }) => {
  const user = await createUser({ displayName: 'Magic Mia' })
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign In' })
  await dialog.getByRole('button', { name: 'Email me a magic link instead' }).click()
  const magic = page.getByRole('dialog', { name: 'Sign in with a magic link' })
  await expect(magic.getByLabel('Password')).toHaveCount(0)
  await magic.getByRole('button', { name: 'Back to Sign In' }).click()
  await expect(page.getByRole('dialog', { name: 'Sign In' }).getByLabel('Password')).toBeVisible()
  await page
    .getByRole('dialog', { name: 'Sign In' })
    .getByRole('button', { name: 'Email me a magic link instead' })
    .click()
  await magic.getByLabel('Email').fill(user.email)
  await magic.getByRole('button', { name: 'Send Magic Link' }).click()
  await expect(
    magic.getByText('Magic link sent! Check your inbox and click the link to sign in.'),
  ).toBeVisible()

  await page.goto(await emailLink(user.email, /sign-in link/))
  await expect(page.getByRole('link', { name: 'Your profile, Magic Mia' })).toBeVisible()
})

test('Google sign-in through the local stand-in consent page', async ({ page }) => {
  const email = `${uniqueName('google-')}@example.test`
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page.getByRole('heading', { name: /Sign in with Google/ })).toBeVisible()
  await page.getByLabel('Google account email').fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
  // Back on the site, signed in as a new person without a profile yet.
  await expect(page.getByTestId('user-chip')).toBeVisible()
  await expect(page).toHaveURL(/\/setup-profile$/, { timeout: 10_000 })
})

test('password recovery through the inbox, then sign in with the new password', async ({ page, browser }) => {
  const user = await createUser({ displayName: 'Forgetful Fred' })
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/reset-password$/)
  await page.getByLabel('Email').fill(user.email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Password reset email sent! Check your inbox.' }),
  ).toBeVisible()

  await page.goto(await emailLink(user.email, /Reset/))
  await expect(page).toHaveURL(/\/create-password#.*type=recovery/)
  const field = page.getByLabel('New password', { exact: true })
  await field.fill('short')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible()
  const newPassword = 'brand-new-secret-2'
  await field.fill(newPassword)
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Password updated! You can now sign in with your new password.' }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 })

  const fresh = await browser.newContext()
  const other = await fresh.newPage()
  await other.goto('/')
  await signInThroughDialog(other, user.email, newPassword)
  await expect(other.getByRole('link', { name: 'Your profile, Forgetful Fred' })).toBeVisible()
  await fresh.close()
})

test('a password page without a recovery link says so', async ({ page }) => {
  await page.goto('/create-password')
  await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible()
  await page.getByRole('link', { name: 'Go Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('a stored session whose refresh token the server refuses ends with the session-expired alert', async ({ context, page }) => {
  const user = await createUser()
  // What auth-js would have stored: an access token past its expiry and a refresh token the server never issued.
  const stored = {
    access_token: 'expired-access-token',
    refresh_token: 'refresh-token-nobody-issued',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) - 600,
    user: { id: user.id, email: user.email, aud: 'authenticated' },
  }
  await context.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        sessionStorage.setItem('e2e-seeded', '1')
        localStorage.setItem(key, value)
      }
    },
    [STORAGE_KEY, JSON.stringify(stored)] as const,
  )
  await page.goto('/')
  const alert = page.getByRole('dialog', { name: 'Session expired' })
  await expect(alert.getByRole('alert')).toHaveText('Your session has expired or could not be refreshed. Please log in again.')
  await alert.getByRole('button', { name: 'OK' }).click()
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull()
})
