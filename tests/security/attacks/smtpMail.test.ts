// Issue 23: a self-hosted stack sends real email. With MOORI_SMTP_URL every email (sign-up
// confirmation, magic link, recovery, "you already have an account") goes through a real SMTP server
// (smtp-server on loopback), with a text and an HTML part whose links point at the site URL; the test
// follows the link from the received message, the way the proxy in front of the stack would pass it
// on, and finishes the flow. A refused delivery is logged (the address masked) and tried again; a mail
// server that never answers holds up no HTTP answer, and registered and unknown addresses are answered
// alike.
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack'
import { send, type Answer } from '../support/http'
import { startSmtpCatcher, type ReceivedMail, type SmtpCatcher } from '../support/smtpCatcher'

const SITE = 'https://moori.example'
const setUp = (smtpUrl: string) => ({
  host: '127.0.0.1',
  siteUrl: SITE,
  trustedProxies: ['127.0.0.1'],
  jwtSecret: `smtp-test-secret-${'m'.repeat(32)}`,
  autoConfirm: false,
  passwordHashCost: 12,
  smtpUrl,
  smtpFrom: 'Moori <no-reply@moori.example>',
  mailAttempts: 4,
  mailRetryDelayMs: 50,
})

let catcher: SmtpCatcher
let stack: TestStack
let next = 0
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++next}@example.test`

beforeAll(async () => {
  catcher = await startSmtpCatcher()
  stack = await startTestStack(setUp(catcher.url))
})

afterAll(async () => {
  await stack?.close()
  await catcher?.close()
})

/** A request as the proxy passes it on: Host is the site's, the client's address forwarded. */
function viaProxy(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    Host: 'moori.example',
    'X-Forwarded-For': '198.51.100.7',
    apikey: stack.anonKey,
  }
  if (init.body !== undefined) headers['Content-Type'] = 'application/json'
  if (init.token) headers.Authorization = `Bearer ${init.token}`
  return send(stack.port, {
    method: init.method ?? 'GET',
    path,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

/** The one link of a received email, checked in both parts, opened through the proxy: the fragment of
 * the 303 (tokens) back on the site. */
async function followLink(mail: ReceivedMail): Promise<URLSearchParams> {
  const links = [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0])
  const link = links.find((l) => l.includes('/auth/v1/'))
  expect(link, mail.text).toBeDefined()
  const url = new URL(link!)
  expect(url.origin).toBe(SITE)
  expect(mail.html).toContain(url.search.replaceAll('&', '&amp;'))
  const answer = await viaProxy(`${url.pathname}${url.search}`)
  expect(answer.status).toBe(303)
  const location = new URL(String(answer.headers.location))
  expect(location.origin).toBe(SITE)
  return new URLSearchParams(location.hash.slice(1))
}

async function emailOf(token: string): Promise<string> {
  const answer = await viaProxy('/auth/v1/user', { token })
  expect(answer.status).toBe(200)
  return (JSON.parse(answer.body) as { email: string }).email
}

describe('email over SMTP', () => {
  it('confirms a sign-up through the link in the received message', async () => {
    const email = uniqueEmail('signup')
    const answer = await viaProxy('/auth/v1/signup', {
      method: 'POST',
      body: { email, password: 'signup-pass-1' },
    })
    expect(answer.status).toBe(200)
    const mail = await catcher.waitFor(email, (m) => m.subject === 'Confirm your Moori account')
    expect(mail.from).toBe('no-reply@moori.example')
    expect(mail.text).toMatch(/Your code: \d{6}/)
    expect(mail.html).toMatch(/<a href="https:\/\/moori\.example\/auth\/v1\/verify\?/)
    const fragment = await followLink(mail)
    expect(fragment.get('type')).toBe('signup')
    expect(await emailOf(fragment.get('access_token')!)).toBe(email)
  })

  it('signs in with a magic link from the received message', async () => {
    const email = uniqueEmail('magic')
    expect((await viaProxy('/auth/v1/otp', { method: 'POST', body: { email } })).status).toBe(200)
    const mail = await catcher.waitFor(email, (m) => m.subject === 'Your Moori sign-in link')
    const fragment = await followLink(mail)
    expect(fragment.get('type')).toBe('magiclink')
    expect(await emailOf(fragment.get('access_token')!)).toBe(email)
  })

  it('recovers a password through the link in the received message', async () => {
    const email = uniqueEmail('recover')
    await viaProxy('/auth/v1/signup', { method: 'POST', body: { email, password: 'old-password-1' } })
    await followLink(await catcher.waitFor(email, (m) => m.subject === 'Confirm your Moori account'))
    expect((await viaProxy('/auth/v1/recover', { method: 'POST', body: { email } })).status).toBe(200)
    const fragment = await followLink(
      await catcher.waitFor(email, (m) => m.subject === 'Reset your Moori password'),
    )
    expect(fragment.get('type')).toBe('recovery')
    const token = fragment.get('access_token')!
    const changed = await viaProxy('/auth/v1/user', {
      method: 'PUT',
      body: { password: 'new-password-2' },
      token,
    })
    expect(changed.status).toBe(200)
    const signIn = await viaProxy('/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: { email, password: 'new-password-2' },
    })
    expect(signIn.status).toBe(200)
  })

  it('tells the owner of an existing account by email, and the answer looks like any sign-up', async () => {
    const email = uniqueEmail('exists')
    await viaProxy('/auth/v1/signup', { method: 'POST', body: { email, password: 'exists-pass-1' } })
    await followLink(await catcher.waitFor(email, (m) => m.subject === 'Confirm your Moori account'))
    const again = await viaProxy('/auth/v1/signup', {
      method: 'POST',
      body: { email, password: 'other-pass-1' },
    })
    expect(again.status).toBe(200)
    const mail = await catcher.waitFor(email, (m) => m.subject === 'You already have a Moori account')
    expect(mail.text).toContain(`${SITE}/`)
  })

  it('logs a refused delivery with the address masked and delivers on a later try', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const email = uniqueEmail('retry')
      catcher.refuseNext(2)
      expect((await viaProxy('/auth/v1/otp', { method: 'POST', body: { email } })).status).toBe(200)
      const mail = await catcher.waitFor(email)
      expect(mail.subject).toBe('Your Moori sign-in link')
      const lines = logged.mock.calls.map((call) => String(call[0]))
      expect(lines.filter((l) => l.startsWith('[mail] could not send'))).toHaveLength(2)
      expect(lines.join('\n')).toContain('r…@example.test')
      expect(lines.join('\n')).not.toContain(email)
    } finally {
      logged.mockRestore()
    }
  })
})

describe('a mail server that never answers', () => {
  let silent: net.Server
  let quiet: TestStack

  beforeAll(async () => {
    // Accepts connections and says nothing: a delivery waits on it until nodemailer's own timeout.
    silent = net.createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const port = (silent.address() as AddressInfo).port
    quiet = await startTestStack({ ...setUp(`smtp://127.0.0.1:${port}`), mailAttempts: 1 })
  })

  afterAll(async () => {
    await quiet?.close()
    silent.close()
  })

  it('holds up no answer, and answers a registered and an unknown address alike', async () => {
    const ask = (path: string, body: unknown) =>
      send(quiet.port, {
        method: 'POST',
        path,
        headers: { Host: 'moori.example', apikey: quiet.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    const known = uniqueEmail('known')
    expect((await ask('/auth/v1/signup', { email: known, password: 'known-pass-1' })).status).toBe(200)
    const forKnown = await ask('/auth/v1/recover', { email: known })
    const forUnknown = await ask('/auth/v1/recover', { email: uniqueEmail('nobody') })
    expect([forKnown.status, forKnown.body]).toEqual([200, '{}'])
    expect([forUnknown.status, forUnknown.body]).toEqual([200, '{}'])
    const magicKnown = await ask('/auth/v1/otp', { email: known })
    const magicUnknown = await ask('/auth/v1/otp', { email: uniqueEmail('stranger') })
    expect([magicKnown.status, magicKnown.body]).toEqual([magicUnknown.status, magicUnknown.body])
  })
})
