// Issue 23, medium: the 6-digit email code limiter counted a failure only after the database had
// checked the code, so guesses sent together all passed the check before any was counted (on a real
// PostgreSQL, or a second instance). Each try is now counted in the same step as the check, before the
// code is looked at: 200 parallel guesses see at most the limit tried, and the right code is then
// refused too until the window passes.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { send } from '../support/http'

const LIMIT = 10
let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ maxFailedSignIns: LIMIT, passwordHashCost: 12 })
})

afterAll(async () => {
  await stack?.close()
})

it('counts every guess before checking it: 200 parallel guesses, at most the limit tried', async () => {
  const email = `guessed-${Date.now()}@example.test`
  const headers = {
    Host: `127.0.0.1:${stack.port}`,
    apikey: stack.anonKey,
    'Content-Type': 'application/json',
  }
  const asked = await send(stack.port, {
    method: 'POST',
    path: '/auth/v1/otp',
    headers,
    body: JSON.stringify({ email }),
  })
  expect(asked.status).toBe(200)
  const code = /Your code: (\d{6})/.exec((await stack.mailbox.list({ to: email }))[0]!.text)![1]!
  const guesses = Array.from({ length: 200 }, (_, i) => String(100_000 + i)).filter((g) => g !== code)
  // The database is held busy while the guesses arrive, as a real PostgreSQL under load (or a second
  // instance) would be: a check that counts only after the database answered lets all of them through.
  let answered = 0
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  const holding = stack.db.transaction(async () => {
    await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 3000))])
  })
  const answers = await Promise.all(
    guesses.map(async (token) => {
      const answer = await send(stack.port, {
        method: 'POST',
        path: '/auth/v1/verify',
        headers,
        body: JSON.stringify({ email, token, type: 'email' }),
      })
      if (++answered >= guesses.length - LIMIT) release()
      return answer
    }),
  )
  await holding
  const tried = answers.filter((a) => a.status === 403).length
  const refused = answers.filter((a) => a.status === 429).length
  expect(tried + refused).toBe(guesses.length)
  expect(tried).toBeLessThanOrEqual(LIMIT)
  expect(answers.every((a) => !a.body.includes('access_token'))).toBe(true)
  const right = await send(stack.port, {
    method: 'POST',
    path: '/auth/v1/verify',
    headers,
    body: JSON.stringify({ email, token: code, type: 'email' }),
  })
  expect(right.status).toBe(429)
  expect(Number(right.headers['retry-after'])).toBeGreaterThan(0)
})
