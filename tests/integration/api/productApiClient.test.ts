// The app's one product API client (`src/data/wardrobe/productApi.ts`) against the real stack: what the
// screens get back from moodboards and account deletion, and that every refusal and a dead network come
// back as an ApiCallError with the status and the words the screens show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../../src/lib/messages'
import { ApiCallError, createProductApi, type ProductApi } from '../../../src/data/wardrobe/productApi'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { addPolaroid, addWall } from './apiFixtures'

let stack: TestStack
let alice: TestUser

function clientOf(user: TestUser | null, fetch?: typeof globalThis.fetch): ProductApi {
  return createProductApi({ apiUrl: `${stack.url}/api`, accessToken: () => Promise.resolve(user?.accessToken ?? null), fetch }, user?.id ?? null)
}

const failure = (call: Promise<unknown>) => call.then(() => null, (error: unknown) => error)

beforeAll(async () => {
  stack = await startTestStack()
  alice = await createTestUser(stack)
  const wall = await addWall(alice, 'Linen days', { private: false })
  await addPolaroid(alice, wall, { name: 'Linen shirt', message: 'Cool in July' })
})

afterAll(async () => {
  await stack?.close()
})

describe('the product API client on the real stack', () => {
  it('makes a moodboard and answers its id', async () => {
    const wallId = await clientOf(alice).generateWall({ prompt: 'linen', ownerId: alice.id })
    const { rows } = await stack.db.query<{ owner_id: string }>('select owner_id from public.walls where id = $1', [wallId])
    expect(rows).toEqual([{ owner_id: alice.id }])
  })

  it("brings back the server's refusal, with its status", async () => {
    const forOther = await failure(clientOf(alice).generateWall({ prompt: 'linen', ownerId: crypto.randomUUID() }))
    expect(forOther).toBeInstanceOf(ApiCallError)
    expect(forOther).toMatchObject({ status: 403, message: 'owner_id must be your own user id' })
    const anonymous = await failure(clientOf(null).deleteAccount())
    expect(anonymous).toBeInstanceOf(ApiCallError)
    expect((anonymous as ApiCallError).status).toBe(401)
  })

  it('says it needs a connection when the server cannot be reached', async () => {
    const noNetwork: typeof fetch = () => Promise.reject(new TypeError('fetch failed'))
    expect(await failure(clientOf(alice, noNetwork).deleteAccount())).toMatchObject({ status: 0, message: messages.needsConnection })
  })

  it('deletes the account', async () => {
    const bob = await createTestUser(stack)
    await clientOf(bob).deleteAccount()
    const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from auth.users where id = $1', [bob.id])
    expect(rows[0]!.n).toBe(0)
  })
})
