// A picture that could not load while the network was gone loads by itself when it returns: nobody
// should have to press Retry on every card of a wall after a train tunnel.
import { expect, test } from '@playwright/test'
import { createUser, signInContext } from '../support/users'
import { card, openWall, seedWall } from '../support/walls'

test('pictures that failed offline load again by themselves when the network comes back', async ({ browser }) => {
  const owner = await createUser()
  const wall = await seedWall(owner, { name: 'Tunnel', polaroids: [{ name: 'Before', x: 60, y: 60 }, { name: 'After', x: 400, y: 60 }] })
  const context = await browser.newContext()
  await signInContext(context, owner)
  // The photos' requests fail as they do with no network, the rest of the app loads.
  const noPhotos = '**/storage/v1/**'
  await context.route(noPhotos, (route) => route.abort('internetdisconnected'))
  const page = await context.newPage()
  await openWall(page, wall.id, 2)
  for (const name of ['Before', 'After']) {
    await expect(card(page, name).getByTestId('stored-image')).toHaveAttribute('data-state', 'failed')
  }
  await expect(page.getByText('Image unavailable')).toHaveCount(2)

  // The network goes and comes back: both load, with no Retry pressed.
  await context.setOffline(true)
  await context.unroute(noPhotos)
  await context.setOffline(false)
  for (const name of ['Before', 'After']) {
    await expect(card(page, name).getByTestId('stored-image')).toHaveAttribute('data-state', 'loaded')
  }
  await expect(page.getByText('Image unavailable')).toHaveCount(0)
  await context.close()
})
