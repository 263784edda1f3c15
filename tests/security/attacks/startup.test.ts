// Issue 13, must-fix 4 and the inbox: the development JWT secret is public, so the stack refuses to
// listen beyond loopback with it and warns loudly on loopback; a stack that does listen on the network
// (with its own secret) refuses tokens made with the public one, and serves no inbox.
import os from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_JWT_SECRET, testConfig } from '../../../supabase/local/config'
import { makeApiKeys } from '../../../supabase/local/keys'
import { startLocalStack } from '../../../supabase/local/server'
import {
  UnsafeStartupError,
  checkStartupSecurity,
  formatWarnings,
} from '../../../supabase/local/startupSecurity'
import { startTestStack, type TestStack } from '../../support/stack'
import { send } from '../support/http'

/** An address of this machine that is not loopback, if it has one (the inbox test needs it). */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address

describe('the public development secret', () => {
  it('is refused beyond loopback, with a message that says what to do', async () => {
    for (const host of ['0.0.0.0', '192.0.2.10', '::']) {
      await expect(startLocalStack(testConfig({ host }))).rejects.toThrow(UnsafeStartupError)
    }
    await expect(startLocalStack(testConfig({ host: '0.0.0.0' }))).rejects.toThrow(/MOORI_JWT_SECRET/)
  })

  it('is announced loudly on loopback', () => {
    const warnings = checkStartupSecurity(testConfig({ host: '127.0.0.1' }))
    expect(warnings.join('\n')).toMatch(/public development JWT secret/)
    expect(formatWarnings(warnings)).toMatch(/^!{78}\n!! WARNING: /)
  })

  it('is not enough: a secret of its own must be long', () => {
    expect(() => checkStartupSecurity(testConfig({ host: '0.0.0.0', jwtSecret: 'short' }))).toThrow(
      /at least 32/,
    )
    expect(
      checkStartupSecurity(
        testConfig({ host: '0.0.0.0', jwtSecret: 'x'.repeat(40), smtpUrl: 'smtp://mail.example' }),
      ),
    ).toEqual([])
  })
})

describe.skipIf(!networkAddress)('a stack listening on the network', () => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack({ host: '0.0.0.0', jwtSecret: `test-secret-${'s'.repeat(40)}` })
  })

  afterAll(async () => {
    await stack?.close()
  })

  it('refuses keys and tokens made with the public development secret', async () => {
    const publicKeys = await makeApiKeys(LOCAL_JWT_SECRET)
    const answer = await send(stack.port, {
      path: '/rest/v1/walls?select=*',
      headers: {
        apikey: publicKeys.anonKey,
        Authorization: `Bearer ${publicKeys.serviceRoleKey}`,
        Host: `localhost:${stack.port}`,
      },
    })
    expect(answer.status).toBe(401)
  })

  it('serves no inbox, to this machine or anyone else, whatever X-Forwarded-For claims', async () => {
    // Issue 42: the inbox answers only on a stack bound to loopback (a proxy may add no header at all).
    const fromNetwork = await send(stack.port, {
      host: networkAddress,
      path: '/inbox/messages',
      headers: { Host: `localhost:${stack.port}`, 'X-Forwarded-For': '127.0.0.1' },
    })
    expect(fromNetwork.status).toBe(404)
    const here = await send(stack.port, {
      path: '/inbox/messages',
      headers: { Host: `localhost:${stack.port}` },
    })
    expect(here.status).toBe(404)
    expect(here.body).not.toContain('/auth/v1/verify')
  })
})
