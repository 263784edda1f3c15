// Every Screens I screen on a desktop (1440×900): a screenshot kept under /tmp/screens-i for a human
// look, and an axe-core scan that fails on serious or critical violations. On a phone every screen gets
// the same scan and screenshot in the phone tour (phone/reachability.spec.ts), with touch on.
import { expect, test, type Page } from '@playwright/test'
import { createUser, signInContext, type E2EUser } from '../support/users'
import { DESKTOP, ada, expectNoSeriousA11yIssues, imagesSettled, screenshot } from './helpers'

interface Screen {
  name: string
  as?: 'ada' | 'noProfile'
  path: string
  ready: (page: Page) => Promise<void>
}

let noProfile: E2EUser

const screens: Screen[] = [
  {
    name: 'home-discover-visitor',
    path: '/',
    ready: (page) => expect(page.getByRole('article').first()).toBeVisible(),
  },
  {
    name: 'home-mooris-visitor',
    path: '/?tab=mooris',
    ready: (page) => expect(page.getByTestId('wall-card').first()).toBeVisible(),
  },
  {
    name: 'home-signed-in',
    as: 'ada',
    path: '/?tab=mooris',
    ready: (page) => expect(page.getByText('Birthday gift ideas')).toBeVisible(),
  },
  {
    name: 'sign-in-dialog',
    path: '/',
    ready: async (page) => {
      await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign In' }).click()
      await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
    },
  },
  {
    name: 'discover-modal',
    path: '/',
    ready: async (page) => {
      await page.getByRole('article').first().locator('button').first().click()
      await expect(page.getByTestId('discover-price')).toBeVisible()
    },
  },
  {
    name: 'create-wall-signed-in',
    as: 'ada',
    path: '/create-wall',
    ready: (page) => expect(page.getByRole('button', { name: 'Generate Moori' })).toBeVisible(),
  },
  {
    name: 'create-wall-visitor',
    path: '/create-wall',
    ready: (page) => expect(page.getByRole('button', { name: 'Preview & Sign Up' })).toBeVisible(),
  },
  {
    name: 'profile-visitor',
    path: '/ada',
    ready: (page) => expect(page.getByTestId('wall-card').first()).toBeVisible(),
  },
  {
    name: 'profile-owner',
    as: 'ada',
    path: '/ada',
    ready: (page) => expect(page.getByText('Birthday gift ideas')).toBeVisible(),
  },
  {
    name: 'profile-edit-dialog',
    as: 'ada',
    path: '/ada',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Edit Profile' }).click()
      await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible()
    },
  },
  {
    name: 'profile-delete-confirm',
    as: 'ada',
    path: '/ada',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Account menu' }).click()
      await page.getByRole('menuitem', { name: 'Delete My Account' }).click()
      await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible()
    },
  },
  {
    name: 'profile-not-found',
    path: '/no-such-person-here',
    ready: (page) => expect(page.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible(),
  },
  {
    name: 'setup-profile',
    as: 'noProfile',
    path: '/setup-profile',
    ready: (page) => expect(page.getByRole('heading', { name: 'Set up your profile' })).toBeVisible(),
  },
  {
    name: 'reset-password',
    path: '/reset-password',
    ready: (page) => expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible(),
  },
  {
    name: 'create-password',
    path: '/create-password#type=recovery',
    ready: (page) => expect(page.getByRole('button', { name: 'Update Password' })).toBeVisible(),
  },
  {
    name: 'create-password-invalid',
    path: '/create-password',
    ready: (page) => expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible(),
  },
]

type Role = 'visitor' | 'ada' | 'noProfile'

const roleOf = (screen: Screen): Role => screen.as ?? 'visitor'

test.beforeAll(async () => {
  noProfile = await createUser({ username: null })
})

// One browser context per role and size: the app boots once, then each screen is opened in turn.
for (const [label, viewport] of [['1440', DESKTOP]] as const) {
  for (const role of ['visitor', 'ada', 'noProfile'] as const) {
    test(`${role} screens at ${label} px: a look, and no serious accessibility issues`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport })
      if (role === 'ada') await signInContext(context, ada)
      if (role === 'noProfile') await signInContext(context, noProfile)
      const page = await context.newPage()
      for (const screen of screens.filter((s) => roleOf(s) === role)) {
        await page.goto(screen.path)
        await screen.ready(page)
        await imagesSettled(page)
        await screenshot(page, `${screen.name}-${label}`)
        await expectNoSeriousA11yIssues(page, `${screen.name} at ${label}`)
      }
      await context.close()
    })
  }
}
