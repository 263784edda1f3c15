// A first visit to a wall does not wait for the sync worker (issue 27): the entry asks the server for
// the wall's rows in one REST request and the wall renders from them. Here the worker's pull of the wall
// is held until the cards are on screen, so they can only have come from that request; then the pull
// goes through and the replica takes over (a change on the server shows, by sync), and offline after a
// reload the wall still opens, from the replica. A visitor who is not signed in, as most first visits
// are (a signed-in person's first screen also waits for their profile, which the worker's pulls bring in
// turn); that RLS gives a private wall to its owner only is tests/integration/sync/earlyRest.test.ts.
import { expect, test, type BrowserContext } from '@playwright/test'
import { admin } from '../support/stack'
import { createUser, signInContext } from '../support/users'
import { ALLOW_SERVICE_WORKERS, waitForServiceWorker } from '../support/serviceWorker'
import { card, newId, position, seedWall } from '../support/walls'

test.use(ALLOW_SERVICE_WORKERS)

test("a first visit shows the wall's cards from one REST request, then from the replica, and offline", async ({ browser }) => {
  test.setTimeout(90_000)
  const owner = await createUser()
  const wall = await seedWall(owner, {
    name: 'First visit',
    polaroids: [
      { name: 'Linen shirt', x: 60, y: 60 },
      { name: 'Espadrilles', x: 400, y: 60 },
    ],
  })
  const context = await browser.newContext()

  // The worker's pull of this wall waits until the test lets it go; its other pulls pass.
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let heldPulls = 0
  await context.route('**/rest/v1/rpc/sync_pull', async (route) => {
    const body = route.request().postDataJSON() as { scope?: string }
    if (body.scope === `wall:${wall.id}`) {
      heldPulls += 1
      await released
    }
    await route.continue()
  })
  const page = await context.newPage()
  const earlyRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/rest/v1/walls') earlyRequests.push(request.url())
  })

  await page.goto(`/wall/${wall.id}`)
  await expect(card(page, 'Linen shirt')).toBeVisible()
  await expect(card(page, 'Espadrilles')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'First visit' })).toBeVisible()
  expect(earlyRequests).toHaveLength(1)
  const early = await position(card(page, 'Espadrilles'))
  expect(early).toMatchObject({ x: 400, y: 60 })

  // The pull goes through: the same rows, so the cards stay where they are.
  release()
  await expect.poll(() => heldPulls).toBeGreaterThan(0)
  const edited = await admin.from('polaroids').update({ name: 'Linen shirt, ironed' }).eq('id', wall.polaroids[0]!.id)
  expect(edited.error).toBeNull()
  await expect(card(page, 'Linen shirt, ironed')).toBeVisible({ timeout: 20_000 })
  expect(await position(card(page, 'Espadrilles'))).toEqual(early)

  // Offline after a reload, the wall opens from the replica (no REST request can answer now).
  await waitForServiceWorker(page)
  await context.setOffline(true)
  await page.reload()
  await expect(card(page, 'Linen shirt, ironed')).toBeVisible()
  await expect(card(page, 'Espadrilles')).toBeVisible()
  expect(earlyRequests).toHaveLength(1)
  await context.close()
})

test("a first visit to the home page shows Discover's newest cards from one REST request", async ({ browser }) => {
  const owner = await createUser()
  await seedWall(owner, { name: 'Fresh on Discover', polaroids: [{ name: 'Newest linen' }] })
  const context = await browser.newContext()
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await context.route('**/rest/v1/rpc/sync_pull', async (route) => {
    const body = route.request().postDataJSON() as { scope?: string }
    if (body.scope === 'discover') await released
    await route.continue()
  })
  const page = await context.newPage()
  await page.goto('/')
  const newest = page.getByRole('button', { name: 'Newest linen' })
  await expect(newest).toBeVisible()
  // The pull brings the same window: the card stays.
  release()
  await expect(newest).toBeVisible()
  await context.close()
})

test("a first visit to someone's profile shows who they are and their walls from one REST request", async ({ browser }) => {
  test.setTimeout(90_000)
  const owner = await createUser({ displayName: 'Mina Early' })
  const summer = await seedWall(owner, { name: 'Linen summer', polaroids: [{ name: 'Linen dress' }, { name: 'Straw hat' }] })
  await seedWall(owner, { name: 'Kept to myself', private: true })
  const context = await browser.newContext()
  const pulls = await holdPulls(context, [`profile:${owner.username!.toLowerCase()}`])
  const page = await context.newPage()
  const pageRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/rest/v1/profiles') pageRequests.push(request.url())
  })

  // Any case of the name finds the page, as the route does.
  await page.goto(`/${owner.username!.toUpperCase()}`)
  await expect(page.getByRole('heading', { name: 'Mina Early', level: 1 })).toBeVisible()
  await expect(page.getByText('Linen summer')).toBeVisible()
  await expect(page.getByText('2 images')).toBeVisible()
  await expect(page.getByText('Kept to myself')).toHaveCount(0)
  expect(pageRequests).toHaveLength(1)

  // A photo added meanwhile comes with the pull: the replica has taken over.
  const added = await admin.from('polaroids').insert({
    id: newId(),
    wall_id: summer.id,
    name: 'Espadrilles',
    message: 'New',
    image_path: `polaroid-images/${owner.id}/seed/${summer.polaroids[0]!.id}.jpg`,
    created_by: owner.id,
    x: 10,
    y: 10,
    z_index: 3,
    timestamp: Date.now(),
  })
  expect(added.error).toBeNull()
  pulls.release()
  await expect.poll(pulls.held).toBeGreaterThan(0)
  await expect(page.getByText('3 images')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('Kept to myself')).toHaveCount(0)
  expect(pageRequests).toHaveLength(1)
  await context.close()
})

/** Holds the worker's pulls of `scopes` until the returned function is called; the others pass. */
async function holdPulls(context: BrowserContext, scopes: string[]): Promise<{ release: () => void; held: () => number }> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let held = 0
  await context.route('**/rest/v1/rpc/sync_pull', async (route) => {
    const body = route.request().postDataJSON() as { scope?: string }
    if (body.scope && scopes.includes(body.scope)) {
      held += 1
      await released
    }
    await route.continue()
  })
  return { release, held: () => held }
}

test("a signed-in first visit shows the wall and the person's own chip before the worker pulls `me`", async ({ browser }) => {
  test.setTimeout(90_000)
  const owner = await createUser({ displayName: 'Ada Early' })
  const wall = await seedWall(owner, { name: 'Mine, first', polaroids: [{ name: 'Wool coat', x: 60, y: 60 }] })
  const context = await browser.newContext()
  await signInContext(context, owner)
  const pulls = await holdPulls(context, ['me', `wall:${wall.id}`])
  const page = await context.newPage()
  const profileRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/rest/v1/profiles') profileRequests.push(request.url())
  })

  await page.goto(`/wall/${wall.id}`)
  // Without the early profile the route guard would show "Loading your account" until `me` is pulled.
  await expect(page.getByRole('link', { name: 'Your profile, Ada Early' })).toBeVisible()
  await expect(card(page, 'Wool coat')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Mine, first' })).toBeVisible()
  expect(profileRequests).toHaveLength(1)
  expect(new URL(profileRequests[0]!).searchParams.get('id')).toBe(`eq.${owner.id}`)

  // The pulls go through and the replica takes over: a change on the server shows, by sync.
  pulls.release()
  await expect.poll(pulls.held).toBeGreaterThan(0)
  const renamed = await admin.from('profiles').update({ display_name: 'Ada Renamed' }).eq('id', owner.id)
  expect(renamed.error).toBeNull()
  await expect(page.getByRole('link', { name: 'Your profile, Ada Renamed' })).toBeVisible({ timeout: 20_000 })
  expect(profileRequests).toHaveLength(1)
  await context.close()
})

test("a signed-in first visit without a profile goes to set one up on the server's word, before `me` is pulled", async ({
  browser,
}) => {
  const newcomer = await createUser({ username: null })
  const context = await browser.newContext()
  await signInContext(context, newcomer)
  const pulls = await holdPulls(context, ['me'])
  const page = await context.newPage()
  await page.goto('/')
  await expect(page).toHaveURL(/\/setup-profile$/)
  // The redirect may come before the worker even asks for `me`: once it has asked (and is held), the
  // person is still on profile setup, so the server's early word was what sent them.
  await expect.poll(() => pulls.held()).toBeGreaterThan(0)
  await expect(page).toHaveURL(/\/setup-profile$/)
  pulls.release()
  await context.close()
})
