// Issue 42, item 1: the password limiter checked before it recorded, so 40 wrong passwords sent
// together were all checked (40 × 400) where one after another got 429 after 10; and it locked the
// whole address, so right after one person's burst everyone behind that address got 429. Now each
// attempt is counted in the same step as the check, per account and address (the guesser stops there),
// per address across accounts (with room for many people's typos), and per account across addresses
// (slowed, never refused: the owner's right password from another address still gets in).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { send, type Answer } from '../support/http'

const LIMIT = 10
const BACKOFF_MS = 3000
let stack: TestStack
let next = 0
const freshAddress = () => `198.51.100.${++next}`

beforeAll(async () => {
  stack = await startTestStack({
    maxFailedSignIns: LIMIT,
    signInBackoffMs: BACKOFF_MS,
    signInBackoffMaxMs: BACKOFF_MS,
    passwordHashCost: 12,
    // Each request names its address through a proxy the stack trusts (a deployment: own secret).
    trustedProxies: ['127.0.0.1'],
    jwtSecret: `password-burst-secret-${'s'.repeat(32)}`,
  })
})

afterAll(async () => {
  await stack?.close()
})

async function account(label: string): Promise<string> {
  const email = `${label}-${Date.now()}-${++next}@example.test`
  const { error } = await stack
    .admin()
    .auth.admin.createUser({ email, password: 'right-password', email_confirm: true })
  expect(error).toBeNull()
  return email
}

function signIn(email: string, password: string, address: string): Promise<Answer> {
  return send(stack.port, {
    method: 'POST',
    path: '/auth/v1/token?grant_type=password',
    headers: { apikey: stack.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ email, password }),
  })
}

const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length

/**
 * Sends the requests together while the database is held busy (as a real PostgreSQL under load would
 * be), released once `releaseAfter` have been answered or after a second: a limit that counts only after
 * the database answered lets every one of them through.
 */
async function whileDatabaseBusy<T>(asks: (() => Promise<T>)[], releaseAfter: number): Promise<T[]> {
  let answered = 0
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const holding = stack.db.transaction(async () => {
    await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 1000))])
  })
  const answers = await Promise.all(
    asks.map(async (ask) => {
      const answer = await ask()
      if (++answered >= releaseAfter) release()
      return answer
    }),
  )
  await holding
  return answers
}

it('40 parallel wrong passwords from one address: the limit tried, the rest refused; others there still get in', async () => {
  const target = await account('burst')
  const neighbour = await account('neighbour')
  const address = freshAddress()
  const answers = await whileDatabaseBusy(
    Array.from({ length: 40 }, (_, i) => () => signIn(target, `wrong-${i}`, address)),
    40 - LIMIT,
  )
  const tried = count(answers, 400)
  const refused = count(answers, 429)
  console.info(`[password burst] 40 parallel guesses from one address: ${tried} tried, ${refused} refused`)
  expect(tried + refused).toBe(40)
  expect(tried).toBe(LIMIT)
  // The lock is on this account from this address, not on everyone behind the address.
  const other = await signIn(neighbour, 'right-password', address)
  expect(other.status).toBe(200)
  // The owner, from anywhere else, still gets in.
  expect((await signIn(target, 'right-password', freshAddress())).status).toBe(200)
})

it('guesses at one account from many addresses are slowed, and the owner still gets in', async () => {
  const target = await account('spread')
  const started = Date.now()
  const timed = await whileDatabaseBusy(
    Array.from({ length: 3 * LIMIT }, (_, i) => async () => {
      const answer = await signIn(target, `wrong-${i}`, freshAddress())
      return { answer, ms: Date.now() - started }
    }),
    3 * LIMIT,
  )
  const quick = timed.filter((t) => t.ms < BACKOFF_MS).length
  console.info(
    `[password burst] ${timed.length} parallel guesses from as many addresses: ${quick} answered within ${BACKOFF_MS} ms`,
  )
  expect(
    count(
      timed.map((t) => t.answer),
      400,
    ),
  ).toBe(timed.length)
  // Past the free failures every attempt waits, those still in flight counted: a burst is slowed as a
  // sequence is, not let through at once.
  expect(quick).toBeLessThanOrEqual(LIMIT)
  const owner = await signIn(target, 'right-password', freshAddress())
  expect(owner.status).toBe(200)
  expect(JSON.parse(owner.body)).toHaveProperty('access_token')
})
