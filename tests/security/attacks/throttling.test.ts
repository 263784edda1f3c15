// Issue 13: throttling that never locks the real owner out, limits on sign-up, recovery and magic
// links per address and per email, sign-up and OTP answers that do not tell who is registered, and
// the Google stand-in switched on (as in the e2e server) still never signing in to an account that
// has a password. The stack trusts 127.0.0.1 as a proxy here, so each request can name its address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { send, type Answer } from '../support/http'

let stack: TestStack
let next = 0
const freshAddress = () => `198.51.100.${++next}`

beforeAll(async () => {
  stack = await startTestStack({
    autoConfirm: false,
    passwordHashCost: 12,
    trustedProxies: ['127.0.0.1'],
    // A trusted proxy means a deployment: the public development secret is refused there.
    jwtSecret: `throttling-test-secret-${'s'.repeat(32)}`,
    maxFailedSignIns: 3,
    signInBackoffMs: 5,
    signInBackoffMaxMs: 20,
    emailRequestsPerAddress: 5,
    emailRequestsPerEmail: 2,
    googleStandIn: true,
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

async function confirmedUser(label: string, password = 'right-password'): Promise<string> {
  const email = `${label}-${Date.now()}-${++next}@example.test`
  const { error } = await stack.admin().auth.admin.createUser({ email, password, email_confirm: true })
  expect(error).toBeNull()
  return email
}

async function sessionsOf(email: string): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>(
    'select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1',
    [email],
  )
  return rows[0]!.n
}

/** The answer's shape: every string and number replaced by its type. */
function shapeOf(answer: Answer): string {
  return `${answer.status} ${JSON.stringify(JSON.parse(answer.body || '{}'), (_key, value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? typeof value : value,
  )}`
}

describe('password guessing', () => {
  it('never refuses the email: after many failures from many addresses the owner’s password still gets in', async () => {
    const email = await confirmedUser('owner')
    for (let i = 0; i < 12; i++) {
      const wrong = await auth(
        '/token?grant_type=password',
        { email, password: `guess-${i}` },
        freshAddress(),
      )
      expect(wrong.status).toBe(400)
    }
    const owner = await auth(
      '/token?grant_type=password',
      { email, password: 'right-password' },
      freshAddress(),
    )
    expect(owner.status).toBe(200)
    expect(JSON.parse(owner.body)).toHaveProperty('access_token')
  })

  it('refuses an address that keeps failing, with Retry-After, while the owner elsewhere gets in', async () => {
    const email = await confirmedUser('target')
    const guesser = freshAddress()
    for (let i = 0; i < 3; i++)
      await auth('/token?grant_type=password', { email, password: `guess-${i}` }, guesser)
    const blocked = await auth('/token?grant_type=password', { email, password: 'right-password' }, guesser)
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect(
      (await auth('/token?grant_type=password', { email, password: 'right-password' }, freshAddress()))
        .status,
    ).toBe(200)
  })
})

describe('sign-up, magic links and recovery are limited', () => {
  it('per client address', async () => {
    const address = freshAddress()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const path = ['/signup', '/otp', '/recover'][i % 3]!
      const answer = await auth(
        path,
        { email: `many-${i}-${Date.now()}@example.test`, password: 'hunter22' },
        address,
      )
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })

  it('per email address, whoever asks, with GoTrue’s code', async () => {
    const email = `flooded-${Date.now()}@example.test`
    const statuses: number[] = []
    for (const path of ['/otp', '/recover', '/otp'])
      statuses.push((await auth(path, { email }, freshAddress())).status)
    expect(statuses).toEqual([200, 200, 429])
    const refused = await auth('/signup', { email, password: 'hunter22' }, freshAddress())
    expect(refused.status).toBe(429)
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'over_email_send_rate_limit' })
  })
})

describe('who is registered stays private', () => {
  it('sign-up answers alike for a registered and a new address', async () => {
    const registered = await confirmedUser('known')
    const known = await auth('/signup', { email: registered, password: 'another-pass' }, freshAddress())
    const fresh = await auth(
      '/signup',
      { email: `new-${Date.now()}@example.test`, password: 'another-pass' },
      freshAddress(),
    )
    expect(shapeOf(known)).toBe(shapeOf(fresh))
    expect(known.body).not.toContain('already')
  })

  it('magic links and recovery answer alike for a registered and an unknown address', async () => {
    const registered = await confirmedUser('known-otp')
    const unknown = `nobody-${Date.now()}@example.test`
    for (const [path, extra] of [
      ['/otp', { create_user: false }],
      ['/otp', {}],
      ['/recover', {}],
    ] as const) {
      const a = await auth(path, { email: registered, ...extra }, freshAddress())
      const b = await auth(path, { email: unknown, ...extra }, freshAddress())
      expect(`${a.status} ${a.body}`, path).toBe(`${b.status} ${b.body}`)
    }
  })
})

describe('1. the Google stand-in, switched on, and an account with a password', () => {
  it('never signs in: the owner gets an email, the attacker a "check your email" page', async () => {
    const victim = await confirmedUser('victim')
    const before = await sessionsOf(victim)
    const authorize = await send(stack.port, {
      path: `/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent('http://localhost:4173/')}`,
    })
    expect(authorize.status).toBe(200)
    const state = /name="state" value="([^"]+)"/.exec(authorize.body)![1]!
    const callback = await send(stack.port, {
      method: 'POST',
      path: '/auth/v1/callback',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, email: victim, action: 'continue' }).toString(),
    })
    expect(callback.status).toBe(200)
    expect(callback.body).toContain('Check your email')
    expect(`${String(callback.headers.location)}${callback.body}`).not.toMatch(/access_token|code=/)
    expect(await sessionsOf(victim)).toBe(before)
    const { rows } = await stack.db.query('select subject from _local.mail_messages where to_address = $1', [
      victim,
    ])
    expect(rows).toEqual([{ subject: 'Link Google sign-in to your Moori account?' }])
    // Without the emailed link there is nothing to finish with.
    const guess = await send(stack.port, { path: '/auth/v1/google/link?token=deadbeef' })
    expect(String(guess.headers.location)).toContain('error_code=otp_expired')
    expect(await sessionsOf(victim)).toBe(before)
  })
})
