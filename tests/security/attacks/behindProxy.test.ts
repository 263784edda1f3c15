// Issue 23, high: a stack set up as the README's "beyond localhost" steps say (its own secret, a public
// site URL, TLS from a reverse proxy on the same host, listed in MOORI_TRUSTED_PROXIES) is reached
// through that proxy, so every request's peer is 127.0.0.1. The inbox must not answer there (it would
// hand anyone the victim's recovery link), neither through the proxy nor directly: it is off outside
// local development. On a development stack it never answers a request carrying proxy headers. The
// public development secret is refused by any stack set up to be reached from elsewhere, and email
// links may not send the browser to a localhost port in a deployment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_JWT_SECRET, testConfig } from '../../../supabase/local/config'
import { INBOX_OFF_MESSAGE } from '../../../supabase/local/mail/mountInbox'
import { startLocalStack } from '../../../supabase/local/server'
import { UnsafeStartupError, checkStartupSecurity } from '../../../supabase/local/startupSecurity'
import { startTestStack, type TestStack } from '../../support/stack'
import { send } from '../support/http'
import { startReverseProxy, type ReverseProxy } from '../support/reverseProxy'

const SITE = 'https://moori.example'
const deployed = {
  host: '127.0.0.1',
  siteUrl: SITE,
  trustedProxies: ['127.0.0.1'],
  jwtSecret: `behind-proxy-secret-${'p'.repeat(32)}`,
  autoConfirm: false,
}

describe('a stack behind a same-host reverse proxy, set up as the README says', () => {
  let stack: TestStack
  let proxy: ReverseProxy
  const victim = `victim-${Date.now()}@example.test`

  beforeAll(async () => {
    stack = await startTestStack(deployed)
    proxy = await startReverseProxy(stack.port)
    const signUp = await send(proxy.port, {
      method: 'POST',
      path: '/auth/v1/signup',
      headers: { Host: 'moori.example', apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: victim, password: 'victim-password-1' }),
    })
    expect(signUp.status).toBe(200)
  })

  afterAll(async () => {
    await proxy?.close()
    await stack?.close()
  })

  async function askForRecovery(redirectTo?: string): Promise<void> {
    const query = redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : ''
    const answer = await send(proxy.port, {
      method: 'POST',
      path: `/auth/v1/recover${query}`,
      headers: { Host: 'moori.example', apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: victim }),
    })
    expect(answer.status).toBe(200)
  }

  it('does not serve the inbox through the proxy: the recovery link stays unread', async () => {
    await askForRecovery()
    const stored = await stack.mailbox.list({ to: victim })
    expect(stored.map((m) => m.subject)).toContain('Reset your Moori password')
    const token = new URL(stored[0]!.links[0]!).searchParams.get('token')!
    for (const path of [
      '/inbox',
      `/inbox?to=${encodeURIComponent(victim)}`,
      `/inbox/messages?to=${encodeURIComponent(victim)}`,
    ]) {
      const answer = await send(proxy.port, { path, headers: { Host: 'moori.example' } })
      expect(answer.status, path).toBe(404)
      expect(JSON.parse(answer.body)).toEqual({ message: INBOX_OFF_MESSAGE })
      expect(answer.body).not.toContain(token)
      expect(answer.body).not.toContain(victim)
    }
  })

  it('does not serve the inbox to this machine either: it is off in a deployment', async () => {
    const answer = await send(stack.port, {
      path: '/inbox/messages',
      headers: { Host: `127.0.0.1:${stack.port}` },
    })
    expect(answer.status).toBe(404)
  })

  it('points email links at the site URL and never at a localhost port', async () => {
    await askForRecovery('http://localhost:8999/steal')
    const mail = (await stack.mailbox.list({ to: victim }))[0]!
    const link = new URL(mail.links[0]!)
    expect(link.origin).toBe(SITE)
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/`)
  })
})

describe('the inbox of a development stack', () => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack()
  })

  afterAll(async () => {
    await stack?.close()
  })

  it('never answers a request that came through a proxy', async () => {
    const host = { Host: `127.0.0.1:${stack.port}` }
    const proxyHeaders: Array<Record<string, string>> = [
      { 'X-Forwarded-For': '203.0.113.9' },
      { 'X-Forwarded-Host': 'moori.example' },
      { 'X-Forwarded-Proto': 'https' },
      { Forwarded: 'for=203.0.113.9;proto=https' },
      { Via: '1.1 proxy' },
    ]
    for (const headers of proxyHeaders) {
      const answer = await send(stack.port, { path: '/inbox/messages', headers: { ...host, ...headers } })
      expect(answer.status, JSON.stringify(headers)).toBe(403)
      expect(JSON.parse(answer.body)).toEqual({ message: 'The inbox is not served through a proxy' })
    }
    const proxy = await startReverseProxy(stack.port)
    try {
      const through = await send(proxy.port, { path: '/inbox', headers: host })
      expect(through.status).toBe(403)
    } finally {
      await proxy.close()
    }
    expect((await send(stack.port, { path: '/inbox/messages', headers: host })).status).toBe(200)
  })

  it('lets email links return to a localhost port (local development only)', async () => {
    const email = `dev-${Date.now()}@example.test`
    const answer = await send(stack.port, {
      method: 'POST',
      path: `/auth/v1/otp?redirect_to=${encodeURIComponent('http://localhost:8999/')}`,
      headers: { Host: `127.0.0.1:${stack.port}`, apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    expect(answer.status).toBe(200)
    const mail = (await stack.mailbox.list({ to: email }))[0]!
    expect(new URL(mail.links[0]!).searchParams.get('redirect_to')).toBe('http://localhost:8999/')
  })
})

describe('the public development secret', () => {
  it('is refused by a stack set up to be reached from elsewhere, even on loopback', async () => {
    const setups = [
      { siteUrl: SITE },
      { trustedProxies: ['127.0.0.1'] },
      { siteUrl: SITE, trustedProxies: ['127.0.0.1'] },
    ]
    for (const setup of setups) {
      const config = testConfig({ host: '127.0.0.1', jwtSecret: LOCAL_JWT_SECRET, ...setup })
      expect(() => checkStartupSecurity(config), JSON.stringify(setup)).toThrow(UnsafeStartupError)
      await expect(startLocalStack(config)).rejects.toThrow(/MOORI_JWT_SECRET/)
    }
  })

  it('is still accepted, with a loud warning, for local development', () => {
    const warnings = checkStartupSecurity(testConfig({ host: '127.0.0.1', siteUrl: 'http://localhost:5173' }))
    expect(warnings.join('\n')).toMatch(/public development JWT secret/)
  })

  it('is not what a deployment without SMTP is told about alone: it hears that nobody gets email', () => {
    const warnings = checkStartupSecurity(testConfig({ ...deployed }))
    expect(warnings.join('\n')).toMatch(/MOORI_SMTP_URL/)
  })
})
