// Create a Moori (spec §2, §5): the limits and their messages, creating offline (the wall opens at once
// and reaches the server once online), visitors going on to the preview, and a Moori from a prompt.
import { expect, test } from '@playwright/test'
import { admin } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { seedWall } from '../support/walls'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'

test.describe.configure({ mode: 'serial' })

async function serverWall(id: string) {
  const { data } = await admin
    .from('walls')
    .select('id, name, description, owner_id, private')
    .eq('id', id)
    .maybeSingle()
  return data
}

test('limits: 81 characters say Name is too long and disable the button', async ({ page, context }) => {
  const user = await createUser()
  await signInContext(context, user)
  await page.goto('/create-wall')
  const create = page.getByRole('button', { name: 'Create Moori' })
  await expect(create).toBeDisabled()
  const name = page.getByLabel('Name')
  await name.fill('x'.repeat(81))
  await expect(page.getByText('Name is too long')).toBeVisible()
  await expect(page.getByText('81/80')).toBeVisible()
  await expect(create).toBeDisabled()
  await name.fill('x'.repeat(80))
  await expect(page.getByText('Name is too long')).toHaveCount(0)
  await expect(create).toBeEnabled()
  await page.getByLabel('Description (optional)').fill('d'.repeat(251))
  await expect(page.getByText('Description is too long')).toBeVisible()
  await expect(create).toBeDisabled()
  await expect(
    page.getByLabel('Make this Moori private (only people with the link can view)'),
  ).not.toBeChecked()
})

test.describe(() => {
  test.use(ALLOW_SERVICE_WORKERS)

  test('creating offline opens the new wall at once; it reaches the server when back online', async ({
    page,
    context,
  }) => {
    const user = await createUser()
    await signInContext(context, user)
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto('/create-wall')
    await expect(page.getByRole('heading', { name: 'Create a Moori' })).toBeVisible()
    // Offline-ready means the service worker holds the app's code (the wall screen's included); 'networkidle'
    // alone came before the idle-time prefetch and the worker's registration on a busy machine. How soon a
    // first visit is offline-ready is issue 27's to shorten.
    await waitForServiceWorker(page)

    await context.setOffline(true)
    await page.getByLabel('Name').fill('Offline picnic')
    await page.getByLabel('Description (optional)').fill('Made on a train')
    await page.getByLabel('Make this Moori private (only people with the link can view)').check()
    await page.getByRole('button', { name: 'Create Moori' }).click()
    await expect(page).toHaveURL(/\/wall\/[\w-]+$/, { timeout: 3000 })
    const wallId = new URL(page.url()).pathname.split('/').pop()!
    await expect(page.getByText('Offline picnic').first()).toBeVisible()
    expect(await serverWall(wallId)).toBeNull()

    await context.setOffline(false)
    await expect
      .poll(() => serverWall(wallId), { timeout: 20_000 })
      .toEqual({
        id: wallId,
        name: 'Offline picnic',
        description: 'Made on a train',
        owner_id: user.id,
        private: true,
      })
    expect(errors).toEqual([])
  })
})

test('visitors go on to the preview with what they typed', async ({ page }) => {
  await page.goto('/create-wall')
  await page.getByLabel('Name').fill('  Guest board ')
  await page.getByLabel('Description (optional)').fill('Trying things out')
  await page.getByLabel('Make this Moori private (only people with the link can view)').check()
  await page.getByRole('button', { name: 'Preview & Sign Up' }).click()
  await expect(page).toHaveURL(/\/create-preview$/)
  const state = await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr)
  expect(state).toEqual({ name: 'Guest board', description: 'Trying things out', private: true })
})

test.describe(() => {
  test.use(ALLOW_SERVICE_WORKERS)

  test('a Moori generated from a prompt opens with matching polaroids', async ({ page, context }) => {
    // Its own public card with a word no other test uses: other suites' public cards match 'linen' and
    // 'summer' too, and the best matches win, newest first, so a card of the seed could be crowded out.
    const word = `marram${Date.now().toString(36)}`
    const friend = await createUser()
    await seedWall(friend, {
      name: `Summer wedding ${word}`,
      polaroids: [{ name: `Linen suit ${word}`, x: 0, y: 0 }],
    })
    const user = await createUser()
    await signInContext(context, user)
    await page.goto('/create-wall')
    await page.getByRole('textbox', { name: 'Describe your Moori' }).fill(`linen ${word} for a summer wedding`)
    await page.getByRole('button', { name: 'Generate Moori' }).click()
    await expect(page).toHaveURL(/\/wall\/[\w-]+$/, { timeout: 15_000 })
    const wallId = new URL(page.url()).pathname.split('/').pop()!
    expect(await serverWall(wallId)).toMatchObject({
      name: `linen ${word} for a summer wedding`,
      owner_id: user.id,
    })
    const { data } = await admin.from('polaroids').select('name, created_by').eq('wall_id', wallId)
    const rows = (data ?? []) as Array<{ name: string; created_by: string }>
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThanOrEqual(12)
    expect(rows.map((p) => p.name)).toContain(`Linen suit ${word}`)
    expect(rows.every((p) => p.created_by === user.id)).toBe(true)

    // Offline, it says plainly that it needs a connection.
    await page.goto('/create-wall')
    await expect(page.getByRole('button', { name: 'Generate Moori' })).toBeVisible()
    await context.setOffline(true)
    await expect(
      page.getByText('Generating a Moori needs an internet connection.', { exact: false }),
    ).toBeVisible()
    await page.getByRole('textbox', { name: 'Describe your Moori' }).fill('anything')
    await expect(page.getByRole('button', { name: 'Generate Moori' })).toBeDisabled()
    await context.setOffline(false)
  })
})
