// Issue 42, item 3: "local development" was decided from the bind address, the site URL and trusted
// proxies, and a proxy was noticed only by the headers it adds. nginx's default proxy_pass, HAProxy
// without forwardfor, ssh -R or socat add none. So a stack started with only MOORI_ALLOWED_ORIGINS set
// to a public origin kept the public development secret, and answered /inbox to a request naming the
// public host that arrived from 127.0.0.1. Now any setting that says the stack is reached from
// elsewhere refuses the default secret, and the inbox answers only on a loopback-only stack, to
// requests whose Host is a loopback name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConfig } from '../../../supabase/local/config'
import { startLocalStack } from '../../../supabase/local/server'
import { UnsafeStartupError } from '../../../supabase/local/startupSecurity'
import { startTestStack, type TestStack } from '../../support/stack'
import { send } from '../support/http'

const PUBLIC = 'https://moori.example.com'

describe('the public development secret', () => {
  it('is refused when only MOORI_ALLOWED_ORIGINS names a public origin, or a redirect does', async () => {
    for (const setup of [{ allowedOrigins: [PUBLIC] }, { redirectAllowList: [`${PUBLIC}/welcome`] }]) {
      const started = await startLocalStack(testConfig(setup)).then(
        async (stack) => {
          await stack.close()
          return null
        },
        (error: unknown) => error,
      )
      expect(started, JSON.stringify(setup)).toBeInstanceOf(UnsafeStartupError)
      expect(String(started)).toMatch(/MOORI_JWT_SECRET/)
    }
  })

  it('is still accepted with loopback origins only (npm start, the e2e stack)', async () => {
    const stack = await startLocalStack(
      testConfig({ allowedOrigins: ['http://localhost:5173', 'http://app.localhost:5180'] }),
    )
    await stack.close()
  })
})

describe('the inbox of a stack reached through a proxy that adds no headers', () => {
  let exposed: TestStack
  let local: TestStack

  beforeAll(async () => {
    exposed = await startTestStack({ allowedOrigins: [PUBLIC], jwtSecret: `exposed-${'s'.repeat(40)}` })
    local = await startTestStack()
  })

  afterAll(async () => {
    await exposed?.close()
    await local?.close()
  })

  it('is off on a stack with a public origin configured, whatever Host a request names', async () => {
    for (const host of ['moori.example.com', `127.0.0.1:${exposed.port}`]) {
      const answer = await send(exposed.port, { path: '/inbox/messages', headers: { Host: host } })
      expect(answer.status, host).toBe(404)
    }
  })

  it('on a loopback stack, answers only requests whose Host is a loopback name', async () => {
    const here = await send(local.port, {
      path: '/inbox/messages',
      headers: { Host: `localhost:${local.port}` },
    })
    expect(here.status).toBe(200)
    const named = await send(local.port, {
      path: '/inbox/messages',
      headers: { Host: `moori.example.com` },
    })
    expect(named.status).not.toBe(200)
  })
})
