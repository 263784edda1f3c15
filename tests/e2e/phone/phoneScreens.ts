// Every screen of the app as a phone test visits it: who looks at it, where it is, and what to wait
// for (opening its dialog, sheet or menu), plus the people and walls they need. Shared by the
// phone tour (reachability.spec.ts) and the installed-app helper.
import { expect, type Page } from '@playwright/test'
import { seedWardrobe, showcase } from '../wardrobe/wardrobeSeed'
import { admin } from '../support/stack'
import { createUser, type E2EUser } from '../support/users'
import { STAND_IN_ENGINE } from '../support/wardrobe'
import { card, centre, seedWall, type SeededWall } from '../support/walls'
import { longPress } from './phoneKit'

export type Role = 'visitor' | 'owner' | 'noProfile'

export interface Screen {
  name: string
  as: Role
  path: (f: Fixtures) => string
  /** Waits for the screen (and opens its dialog, sheet or menu). */
  ready: (page: Page, f: Fixtures) => Promise<void>
  /** Checked in landscape too (the wall's controls). */
  landscape?: boolean
}

export interface Fixtures {
  owner: E2EUser
  noProfile: E2EUser
  wall: SeededWall
  empty: SeededWall
  /** An outfit photo half way through processing (held by the stand-in engine). */
  processingJob: string
}

/** Keeps the job processing at 50 %, claimed by the stand-in engine, so the stack's runner leaves it. */
async function holdProcessing(jobId: string): Promise<void> {
  const { error } = await admin
    .from('processing_jobs')
    .update({
      status: 'processing',
      progress: 50,
      error: null,
      claimed_by: STAND_IN_ENGINE,
      heartbeat_at: new Date().toISOString(),
    })
    .eq('id', jobId)
  if (error) throw error
}

const dialog = (page: Page, name: string) => expect(page.getByRole('dialog', { name })).toBeVisible()
const canvasReady = (page: Page, count: number) =>
  expect(page.locator('[data-canvas-item]')).toHaveCount(count)

export const screens: Screen[] = [
  {
    name: 'home',
    as: 'visitor',
    path: () => '/',
    ready: (p) => expect(p.getByRole('article').first()).toBeVisible(),
  },
  {
    name: 'home-mooris',
    as: 'visitor',
    path: () => '/?tab=mooris',
    ready: (p) => expect(p.getByTestId('wall-card').first()).toBeVisible(),
  },
  {
    name: 'sign-in',
    as: 'visitor',
    path: () => '/',
    ready: async (p) => {
      await p.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign In' }).click()
      await dialog(p, 'Sign In')
    },
  },
  {
    name: 'discover-modal',
    as: 'visitor',
    path: () => '/',
    ready: async (p) => {
      await p.getByRole('article').first().locator('button').first().click()
      await expect(p.getByTestId('discover-price')).toBeVisible()
    },
  },
  {
    name: 'create-wall-visitor',
    as: 'visitor',
    path: () => '/create-wall',
    ready: (p) => expect(p.getByRole('button', { name: 'Preview & Sign Up' })).toBeVisible(),
  },
  {
    name: 'preview',
    as: 'visitor',
    path: () => '/create-preview',
    ready: (p) => expect(p.getByRole('button', { name: 'Add image' })).toBeVisible(),
    landscape: true,
  },
  {
    name: 'preview-add',
    as: 'visitor',
    path: () => '/create-preview',
    ready: async (p) => {
      await p.getByRole('button', { name: 'Add image' }).click()
      await dialog(p, 'Add an image')
    },
  },
  {
    name: 'wall-visitor',
    as: 'visitor',
    path: (f) => `/wall/${f.wall.id}`,
    ready: (p) => canvasReady(p, 3),
    landscape: true,
  },
  {
    name: 'wall-not-found',
    as: 'visitor',
    path: () => '/wall/no-such-moori',
    ready: (p) => expect(p.getByRole('heading', { name: 'Moori Not Found' })).toBeVisible(),
  },
  {
    name: 'submit-visitor',
    as: 'visitor',
    path: (f) => `/wall/${f.wall.id}/submit`,
    ready: (p) => expect(p.getByRole('heading', { name: 'Authentication Required' })).toBeVisible(),
  },
  {
    name: 'profile-visitor',
    as: 'visitor',
    path: () => '/ada',
    ready: (p) => expect(p.getByTestId('wall-card').first()).toBeVisible(),
  },
  {
    name: 'profile-not-found',
    as: 'visitor',
    path: () => '/no-such-person-here',
    ready: (p) => expect(p.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible(),
  },
  {
    name: 'reset-password',
    as: 'visitor',
    path: () => '/reset-password',
    ready: (p) => expect(p.getByRole('button', { name: 'Send Reset Link' })).toBeVisible(),
  },
  {
    name: 'create-password',
    as: 'visitor',
    path: () => '/create-password#type=recovery',
    ready: (p) => expect(p.getByRole('button', { name: 'Update Password' })).toBeVisible(),
  },

  {
    name: 'home-signed-in',
    as: 'owner',
    path: () => '/?tab=mooris',
    ready: (p) => expect(p.getByTestId('wall-card').first()).toBeVisible(),
  },
  {
    name: 'sync-details',
    as: 'owner',
    path: () => '/',
    ready: async (p) => {
      await p.getByTestId('sync-status').click()
      await dialog(p, 'Sync status')
    },
  },
  {
    name: 'processing',
    as: 'owner',
    path: () => '/',
    ready: async (p, f) => {
      await holdProcessing(f.processingJob)
      await p.reload()
      await p.getByTestId('processing-pill').click()
      await dialog(p, 'Processing your photo')
    },
  },
  {
    name: 'create-wall',
    as: 'owner',
    path: () => '/create-wall',
    ready: (p) => expect(p.getByRole('button', { name: 'Generate Moori' })).toBeVisible(),
  },
  {
    name: 'wall-owner',
    as: 'owner',
    path: (f) => `/wall/${f.wall.id}`,
    ready: (p) => canvasReady(p, 3),
    landscape: true,
  },
  {
    name: 'wall-empty',
    as: 'owner',
    path: (f) => `/wall/${f.empty.id}`,
    ready: (p) => expect(p.getByRole('heading', { name: 'This Moori is empty!' })).toBeVisible(),
    landscape: true,
  },
  {
    name: 'wall-more',
    as: 'owner',
    path: (f) => `/wall/${f.wall.id}`,
    ready: async (p) => {
      await canvasReady(p, 3)
      await p.getByRole('button', { name: 'More actions' }).click()
      await dialog(p, 'Moori actions')
    },
    landscape: true,
  },
  {
    name: 'wall-card-actions',
    as: 'owner',
    path: (f) => `/wall/${f.wall.id}`,
    ready: async (p) => {
      await canvasReady(p, 3)
      const cdp = await p.context().newCDPSession(p)
      await longPress(p, cdp, await centre(card(p, 'Tweed blazer')))
      await dialog(p, 'Tweed blazer')
    },
  },
  {
    name: 'wall-assistant',
    as: 'owner',
    path: (f) => `/wall/${f.wall.id}`,
    ready: async (p) => {
      await canvasReady(p, 3)
      await p.getByRole('button', { name: 'Assistant' }).click()
      await dialog(p, 'Assistant')
    },
  },
  {
    name: 'wall-upload',
    as: 'owner',
    path: (f) => `/wall/${f.wall.id}`,
    ready: async (p) => {
      await canvasReady(p, 3)
      await p.getByRole('button', { name: 'Upload' }).click()
      await dialog(p, 'Upload an image')
    },
  },
  {
    name: 'wall-wardrobe-import',
    as: 'owner',
    path: (f) => `/wall/${f.wall.id}`,
    ready: async (p) => {
      await canvasReady(p, 3)
      await p.getByRole('button', { name: 'More actions' }).click()
      await p
        .getByRole('dialog', { name: 'Moori actions' })
        .getByRole('button', { name: 'Wardrobe import' })
        .click()
      await dialog(p, 'Wardrobe import')
      await expect(p.getByTestId('import-item').first()).toBeVisible()
    },
  },
  {
    name: 'polaroid',
    as: 'owner',
    path: (f) => `/wall/${f.wall.id}/polaroid/${f.wall.polaroids[0]!.id}`,
    ready: (p) => dialog(p, 'Tweed blazer'),
  },
  {
    name: 'submit',
    as: 'owner',
    path: (f) => `/wall/${f.wall.id}/submit`,
    ready: (p) => expect(p.getByRole('button', { name: 'Upload' })).toBeVisible(),
  },
  {
    name: 'profile-owner',
    as: 'owner',
    path: (f) => `/${f.owner.username}`,
    ready: (p) => expect(p.getByTestId('product-card').first()).toBeVisible(),
  },
  {
    name: 'account-menu',
    as: 'owner',
    path: (f) => `/${f.owner.username}`,
    ready: async (p) => {
      await p.getByRole('button', { name: 'Account menu' }).click()
      await expect(p.getByRole('menu', { name: 'Account menu' })).toBeVisible()
    },
  },
  {
    name: 'edit-profile',
    as: 'owner',
    path: (f) => `/${f.owner.username}`,
    ready: async (p) => {
      await p.getByRole('button', { name: 'Edit Profile' }).click()
      await dialog(p, 'Edit Profile')
    },
  },
  {
    name: 'upload-product',
    as: 'owner',
    path: (f) => `/${f.owner.username}`,
    ready: async (p) => {
      await p.getByTestId('products-area').getByRole('button', { name: 'Upload Product' }).click()
      await dialog(p, 'Upload Product')
    },
  },
  {
    name: 'product-review',
    as: 'owner',
    path: (f) => `/${f.owner.username}`,
    ready: async (p) => {
      await p
        .getByTestId('product-card')
        .filter({ hasText: 'White linen shirt' })
        .getByTestId('product-name')
        .click()
      await dialog(p, 'Review and edit')
    },
  },
  {
    name: 'outfit-analysis',
    as: 'owner',
    path: (f) => `/${f.owner.username}`,
    ready: async (p) => {
      await p
        .getByTestId('product-card')
        .filter({ hasText: 'Beach day outfit' })
        .getByRole('button', { name: 'Outfit analysis' })
        .click()
      await dialog(p, 'Outfit analysis')
    },
  },
  {
    name: 'setup-profile',
    as: 'noProfile',
    path: () => '/setup-profile',
    ready: (p) => expect(p.getByRole('heading', { name: 'Set up your profile' })).toBeVisible(),
  },
]

export async function seedFixtures(): Promise<Fixtures> {
  const owner = await createUser({ displayName: 'Rosa Lind' })
  const noProfile = await createUser({ username: null })
  const names = ['Tweed blazer', 'Pleated skirt', 'Silver flats']
  const wall = await seedWall(owner, {
    name: 'Autumn capsule with a name long enough to wrap',
    description: 'Ten pieces, thirty outfits. Add yours!',
    polaroids: names.map((name, i) => ({ name, x: 20 + i * 240, y: 30 })),
  })
  const empty = await seedWall(owner, { name: 'Blank page' })
  // The showcase was added well before (not in one batch with the photo under way, whose pill then
  // opens its own processing dialog).
  const seeded = await seedWardrobe(owner, [
    ...showcase.map((item, index) => ({ ...item, minutesAgo: 30 + index })),
    { name: 'Porto look', job: { status: 'processing', progress: 50 }, minutesAgo: 0 },
  ])
  const porto = seeded.find((item) => item.name === 'Porto look')!
  const { data, error } = await admin
    .from('wardrobe_items')
    .select('job_id')
    .eq('id', porto.id)
    .single<{ job_id: string }>()
  if (error) throw error
  await holdProcessing(data.job_id)
  return { owner, noProfile, wall, empty, processingJob: data.job_id }
}
