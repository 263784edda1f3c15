// Issue 42, low: the 6-digit code limiter was keyed by email alone, so anyone could type ten wrong
// codes for a person's address and block their code entry for five minutes. It is now keyed by email
// and address (and per address), as the password limiter is, with a wider cap per email that still
// bounds guessing one person's code from many addresses.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { send, type Answer } from '../support/http'

const LIMIT = 5
let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({
    maxFailedSignIns: LIMIT,
    // Each request names its address through a proxy the stack trusts (a deployment: own secret).
    trustedProxies: ['127.0.0.1'],
    jwtSecret: `code-entry-secret-${'s'.repeat(32)}`,
  })
})

afterAll(async () => {
  await stack?.close()
})

function auth(path: string, body: unknown, address: string): Promise<Answer> {
  return send(stack.port, {
    method: 'POST',
    path: `/auth/v1${path}`,
    headers: { apikey: stack.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify(body),
  })
}

it('a stranger’s wrong codes do not block the owner’s right code from their own address', async () => {
  const email = `code-owner-${Date.now()}@example.test`
  expect((await auth('/otp', { email }, '198.51.100.1')).status).toBe(200)
  const code = /Your code: (\d{6})/.exec((await stack.mailbox.list({ to: email }))[0]!.text)![1]!
  const wrong = code === '123456' ? '654321' : '123456'
  const stranger: number[] = []
  for (let i = 0; i < LIMIT + 2; i++) {
    stranger.push((await auth('/verify', { email, token: wrong, type: 'email' }, '203.0.113.9')).status)
  }
  console.info(`[code entry] stranger's ${stranger.length} wrong codes: ${stranger.join(' ')}`)
  expect(stranger.filter((s) => s === 403)).toHaveLength(LIMIT)
  expect(stranger.filter((s) => s === 429)).toHaveLength(2)
  const owner = await auth('/verify', { email, token: code, type: 'email' }, '198.51.100.1')
  console.info(`[code entry] the owner's right code then: ${owner.status}`)
  expect(owner.status).toBe(200)
  expect(JSON.parse(owner.body)).toHaveProperty('access_token')
})
