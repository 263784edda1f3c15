// The main thread owns the session; when the server says the worker's token is no longer good (401),
// the engine asks for a fresh one and retries, for pushes and pulls alike.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser } from '../../support/users'
import { startDevice } from '../../support/syncedReplica'
import { serverRowCount } from '../../support/serverState'
import { issueAccessToken } from '../../../supabase/local/accessToken'
import { createWall } from '../../../src/data/mutations/walls'
import { wallScope } from '../../../src/data/model/scopes'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack()
})

afterAll(async () => {
  await stack.close()
})

it('refreshes an expired token through its owner and retries', async () => {
  const user = await createTestUser(stack, { username: 'refresher' })
  const expired = await issueAccessToken(
    { secret: stack.context.config.jwtSecret, issuer: `${stack.url}/auth/v1`, expiresIn: -60 },
    { id: user.id, email: user.email },
    randomUUID(),
  )
  let current = expired.accessToken
  let refreshes = 0
  const device = await startDevice(stack, user, {
    tokens: {
      get: () => Promise.resolve(current),
      refresh: () => {
        refreshes += 1
        current = user.accessToken
        return Promise.resolve(current)
      },
    },
  })
  try {
    const wallId = await createWall(device.replica, { name: 'After a refresh' })
    expect((await device.engine.flush()).status).toBe('done')
    expect(refreshes).toBeGreaterThan(0)
    expect(await serverRowCount(stack, 'walls', 'id = $1', [wallId])).toBe(1)

    current = expired.accessToken
    const before = refreshes
    await device.engine.pull(wallScope(wallId))
    expect(refreshes).toBe(before + 1)
    expect(await device.replica.db.scopes.get(wallScope(wallId))).toMatchObject({ status: 'ready' })
  } finally {
    await device.close()
  }
})
