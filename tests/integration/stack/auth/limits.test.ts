// Guessing limits and expiry: failed password sign-ins are refused per account from one address and
// per address across accounts, and slowed (never refused) per account, wrong 6-digit codes are limited
// per email and address, and email links stop working
// after their lifetime. The clients look like they come from their own addresses through a proxy the
// stack is told to trust (127.0.0.1); tests/security shows X-Forwarded-For is ignored otherwise. With a
// trusted proxy the stack counts as a deployment, so the emails are read from its store, not /inbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { startTestStack, type TestStack } from '../../../support/stack'
import { codeOf, fragmentOf, linkOf, openLink, storedMail, uniqueEmail } from './authTestKit'

let stack: TestStack
let addressCounter = 0

beforeAll(async () => {
  stack = await startTestStack({
    autoConfirm: true,
    maxFailedSignIns: 3,
    maxFailedSignInsPerAddress: 5,
    signInWindowSeconds: 60,
    signInBackoffMs: 5,
    signInBackoffMaxMs: 20,
    emailLinkLifetimeSeconds: 1,
    passwordHashCost: 12,
    trustedProxies: ['127.0.0.1'],
    // A trusted proxy means a deployment: the public development secret is refused, /inbox is off.
    jwtSecret: `limits-test-secret-${'s'.repeat(32)}`,
  })
})
afterAll(async () => {
  await stack.close()
})

/** A client that looks like it comes from its own address (through a proxy's X-Forwarded-For). */
function clientFrom(address = `203.0.113.${++addressCounter}`) {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'X-Forwarded-For': address } },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

async function user(password = 'right-pass') {
  const email = uniqueEmail('limited')
  const { error } = await clientFrom().auth.signUp({ email, password })
  expect(error).toBeNull()
  return email
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('failed sign-in limits', () => {
  it('never refuses an email: past its limit it is slowed, and the owner still gets in', async () => {
    const email = await user()
    for (let i = 0; i < 8; i++) {
      const { error } = await clientFrom().auth.signInWithPassword({ email, password: 'wrong-pass' })
      expect(error?.code).toBe('invalid_credentials')
    }
    const owner = await clientFrom().auth.signInWithPassword({ email, password: 'right-pass' })
    expect(owner.error).toBeNull()
    expect(owner.data.session).not.toBeNull()
    // (The growing delay itself is unit-tested in supabase/local/auth/passwordAttempts.test.ts.)
  })

  it('refuses an account from one address after its failures, with Retry-After; others there get in', async () => {
    const [target, neighbour] = [await user(), await user()]
    const address = '198.51.100.98'
    for (let i = 0; i < 3; i++) {
      const { error } = await clientFrom(address).auth.signInWithPassword({
        email: target,
        password: 'wrong-pass',
      })
      expect(error?.code).toBe('invalid_credentials')
    }
    const blocked = await clientFrom(address).auth.signInWithPassword({
      email: target,
      password: 'right-pass',
    })
    expect(blocked.error?.status).toBe(429)
    const neighbourThere = await clientFrom(address).auth.signInWithPassword({
      email: neighbour,
      password: 'right-pass',
    })
    expect(neighbourThere.error).toBeNull()
  })

  it('refuses a client address after its failures, across emails, with Retry-After', async () => {
    const emails = [await user(), await user(), await user(), await user(), await user(), await user()]
    const address = '198.51.100.99'
    for (const email of emails.slice(0, 5)) {
      const { error } = await clientFrom(address).auth.signInWithPassword({ email, password: 'wrong-pass' })
      expect(error?.code).toBe('invalid_credentials')
    }
    const blocked = await clientFrom(address).auth.signInWithPassword({
      email: emails[5]!,
      password: 'right-pass',
    })
    expect(blocked.error?.status).toBe(429)
    expect(blocked.error?.code).toBe('over_request_rate_limit')
    expect(blocked.error?.message).toBe('Too many failed sign-in attempts. Please try again later.')
    const raw = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email: emails[5], password: 'right-pass' }),
    })
    expect(raw.status).toBe(429)
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0)
    const elsewhere = await clientFrom().auth.signInWithPassword({
      email: emails[5]!,
      password: 'right-pass',
    })
    expect(elsewhere.error).toBeNull()
  })

  it('limits wrong 6-digit codes per email and address', async () => {
    const email = await user()
    await clientFrom().auth.signInWithOtp({ email })
    const code = codeOf(await storedMail(stack, email))
    const wrong = code === '123456' ? '654321' : '123456'
    const guesser = '198.51.100.77'
    for (let i = 0; i < 3; i++) {
      const { error } = await clientFrom(guesser).auth.verifyOtp({ email, token: wrong, type: 'email' })
      expect(error?.code).toBe('otp_expired')
    }
    const blocked = await clientFrom(guesser).auth.verifyOtp({ email, token: code, type: 'email' })
    expect(blocked.error?.status).toBe(429)
    expect(blocked.error?.code).toBe('over_request_rate_limit')
    // (The right code from another address still works: tests/security/attacks/codeEntryLock.test.ts;
    // codes here expire after a second.)
  })
})

describe('email link lifetime', () => {
  it('expires links and codes after emailLinkLifetimeSeconds', async () => {
    const email = await user()
    await clientFrom().auth.signInWithOtp({ email })
    const mail = await storedMail(stack, email)
    expect(mail.text).toContain('expire in 1 second')
    await sleep(1200)
    // The link names the site URL (a deployment); the proxy there would pass it on to the stack.
    const link = new URL(linkOf(mail))
    const location = await openLink(`${stack.url}${link.pathname}${link.search}`)
    expect(fragmentOf(location).get('error_code')).toBe('otp_expired')
    const { error } = await clientFrom().auth.verifyOtp({ email, token: codeOf(mail), type: 'email' })
    expect(error?.status).toBe(403)
    expect(error?.code).toBe('otp_expired')
  })
})
