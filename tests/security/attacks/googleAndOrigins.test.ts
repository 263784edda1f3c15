// Issue 13, must-fix 1 and 2, tried exactly as the probe did. (1) The Google stand-in signed anyone in
// as anyone: GET /authorize handed out a signed state without an API key, and POST /callback with
// state=…&email=<victim>&action=continue returned the victim's session. (2) A page on another origin
// took over a running stack: CORS echoed any Origin, so it could ask for a magic link, read it from
// /inbox/messages and verify it; a DNS name rebound to 127.0.0.1 reached everything too.
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeOAuthState } from '../../../supabase/local/auth/oauthState'
import { startTestStack, type TestStack } from '../../support/stack'
import { createTestUser, type TestUser } from '../../support/users'
import { send, type Answer } from '../support/http'

const APP = 'http://localhost:4173'
const EVIL = 'https://evil.example'
// A loopback origin: a public one makes the stack a deployment (its own secret, no inbox), and this
// suite tries the inbox of a stack run for local development.
const CONFIGURED = 'http://app.localhost:5180'

let stack: TestStack
let victim: TestUser

beforeAll(async () => {
  // As `npm start` runs it: the stand-in off, confirmation on; one extra allowed origin.
  stack = await startTestStack({ autoConfirm: false, passwordHashCost: 12, allowedOrigins: [CONFIGURED] })
  victim = await createTestUser(stack)
})

afterAll(async () => {
  await stack?.close()
})

async function sessionsOf(user: TestUser): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>(
    'select count(*)::int as n from auth.sessions where user_id = $1',
    [user.id],
  )
  return rows[0]!.n
}

async function mailsTo(email: string): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>(
    'select count(*)::int as n from _local.mail_messages where to_address = $1',
    [email],
  )
  return rows[0]!.n
}

const acao = (answer: Answer) => answer.headers['access-control-allow-origin']

describe('1. the Google stand-in cannot sign in as anyone', () => {
  it('hands out no state: /authorize without an API key sends the browser back with an error', async () => {
    const answer = await send(stack.port, {
      path: `/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(`${APP}/auth/callback`)}`,
    })
    expect(answer.status).toBe(303)
    const location = new URL(String(answer.headers.location))
    expect(`${location.origin}${location.pathname}`).toBe(`${APP}/auth/callback`)
    expect(new URLSearchParams(location.hash.slice(1)).get('error_code')).toBe('provider_disabled')
    expect(answer.body).not.toContain('state')
  })

  it('signs nobody in from /callback, not even with a state forged with the stack’s own secret', async () => {
    const before = await sessionsOf(victim)
    const state = encodeOAuthState(stack.context.config.jwtSecret, {
      provider: 'google',
      redirectTo: APP,
      pkce: null,
    })
    const answer = await send(stack.port, {
      method: 'POST',
      path: '/auth/v1/callback',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, email: victim.email, action: 'continue' }).toString(),
    })
    expect(answer.status).toBe(404)
    expect(`${String(answer.headers.location)}${answer.body}`).not.toContain('access_token')
    expect(await sessionsOf(victim)).toBe(before)
  })
})

describe('2. a page on another origin cannot take over the stack', () => {
  it('gets no CORS preflight for asking a magic link', async () => {
    const answer = await send(stack.port, {
      method: 'OPTIONS',
      path: '/auth/v1/otp',
      headers: {
        Origin: EVIL,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey,content-type',
      },
    })
    expect(answer.status).toBe(403)
    expect(acao(answer)).toBeUndefined()
  })

  it('cannot send the magic link request as a "simple" request either (apikey in the query)', async () => {
    const before = await mailsTo(victim.email)
    const answer = await send(stack.port, {
      method: 'POST',
      path: `/auth/v1/otp?apikey=${stack.anonKey}`,
      headers: { Origin: EVIL, 'Content-Type': 'text/plain' },
      body: JSON.stringify({ email: victim.email }),
    })
    expect(answer.status).toBe(403)
    expect(acao(answer)).toBeUndefined()
    expect(await mailsTo(victim.email)).toBe(before)
  })

  it('cannot read the inbox: not with CORS, not as a cross-site request, not through a rebound DNS name', async () => {
    await stack.client().auth.signInWithOtp({ email: victim.email })
    const path = `/inbox/messages?to=${encodeURIComponent(victim.email)}`
    const attempts: Array<Record<string, string>> = [
      { Origin: EVIL },
      { Origin: CONFIGURED },
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' },
      { Host: `evil.example:${stack.port}` },
      { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
    ]
    for (const headers of attempts) {
      const answer = await send(stack.port, { path, headers })
      expect(answer.status, JSON.stringify(headers)).toBe(403)
      expect(acao(answer), JSON.stringify(headers)).toBeUndefined()
      expect(answer.body).not.toContain('/auth/v1/verify')
    }
    // The same request from this machine's own page (or a tool) still works.
    const own = await send(stack.port, { path, headers: { 'Sec-Fetch-Site': 'same-origin' } })
    expect(own.status).toBe(200)
    expect(own.body).toContain('/auth/v1/verify')
    expect(acao(own)).toBeUndefined()
  })

  it('refuses a DNS name rebound to this machine on every service', async () => {
    for (const path of [
      '/rest/v1/walls?select=*',
      '/auth/v1/settings',
      '/storage/v1/bucket',
      '/api/health',
      '/',
    ]) {
      const answer = await send(stack.port, {
        path,
        headers: { Host: `evil.example:${stack.port}`, apikey: stack.anonKey },
      })
      expect(answer.status, path).toBe(403)
    }
  })

  it('answers CORS only for the stack’s own origin, the site and configured origins', async () => {
    const read = (origin: string, host?: string) =>
      send(stack.port, {
        path: '/rest/v1/walls?select=id',
        headers: { Origin: origin, apikey: stack.anonKey, ...(host ? { Host: host } : {}) },
      })
    expect(acao(await read(APP))).toBe(APP)
    expect(acao(await read(CONFIGURED))).toBe(CONFIGURED)
    expect(acao(await read(`http://127.0.0.1:${stack.port}`))).toBe(`http://127.0.0.1:${stack.port}`)
    expect(acao(await read(CONFIGURED, 'app.localhost:5180'))).toBe(CONFIGURED)
    const evil = await read(EVIL)
    expect(evil.status).toBe(403)
    expect(acao(evil)).toBeUndefined()
    expect((await read('http://localhost:9999')).status).toBe(403)
  })

  it('refuses realtime sockets from another origin or a rebound host', async () => {
    const url = `ws://127.0.0.1:${stack.port}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`
    const statusOf = (options: WebSocket.ClientOptions) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, options)
        ws.on('open', () => {
          ws.close()
          resolve(101)
        })
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
        ws.on('error', () => resolve(0))
      })
    expect(await statusOf({ origin: EVIL })).toBe(403)
    expect(await statusOf({ headers: { Host: `evil.example:${stack.port}` } })).toBe(403)
    expect(await statusOf({ origin: APP })).toBe(101)
  })
})
