// Only one tab syncs a user's replica at a time (a Web Lock per database); the others read the replica.
// When the syncing tab closes, another takes over.
import { expect, test, type Page } from '@playwright/test'
import { createUser, signInContext } from '../support/users'

async function lockState(page: Page, name: string) {
  return page.evaluate(async (lock) => {
    const state = await navigator.locks.query()
    return {
      held: (state.held ?? []).filter((l) => l.name === lock).length,
      pending: (state.pending ?? []).filter((l) => l.name === lock).length,
    }
  }, name)
}

test('one tab syncs, and another takes over when it closes', async ({ browser }) => {
  const user = await createUser()
  const context = await browser.newContext()
  await signInContext(context, user)
  const lock = `moori-sync:moori-${user.id}`
  const first = await context.newPage()
  await first.goto('/')
  await expect.poll(() => lockState(first, lock)).toEqual({ held: 1, pending: 0 })
  const second = await context.newPage()
  await second.goto('/')
  await expect.poll(() => lockState(second, lock)).toEqual({ held: 1, pending: 1 })
  await first.close()
  await expect.poll(() => lockState(second, lock)).toEqual({ held: 1, pending: 0 })
  await context.close()
})
