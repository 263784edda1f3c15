// The local inbox: every email kept in PGlite (so it survives a restart with a data directory), listed
// newest first as JSON and as an escaped, readable HTML page with clickable links.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../support/stack'
import type { MailMessage } from '../../../../supabase/local/mail/mailbox'
import { inbox, uniqueEmail } from './authTestKit'

let dataDir: string
let stack: TestStack

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'moori-inbox-'))
  stack = await startTestStack({ passwordHashCost: 12, autoConfirm: false, dataDir })
})
afterAll(async () => {
  await stack.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('inbox', () => {
  it('lists emails newest first with their links, filtered by recipient', async () => {
    const email = uniqueEmail('Reader')
    await stack.client().auth.signUp({ email, password: 'hunter22' })
    await stack.client().auth.signInWithOtp({ email })
    const mails = await inbox(stack, email.toUpperCase())
    expect(mails.map((m) => m.subject)).toEqual(['Your Moori sign-in link', 'Confirm your Moori account'])
    const [newest, oldest] = mails as [MailMessage, MailMessage]
    expect(newest.to).toBe(email.toLowerCase())
    expect(Date.parse(newest.created_at)).toBeGreaterThanOrEqual(Date.parse(oldest.created_at))
    expect(newest.links).toHaveLength(1)
    expect(newest.html).toContain('Moori')
    expect(newest.id).not.toBe(oldest.id)

    const other = uniqueEmail('other')
    await stack.client().auth.signUp({ email: other, password: 'hunter22' })
    const everything = (await (await fetch(`${stack.url}/inbox/messages`)).json()) as MailMessage[]
    expect(everything[0]?.to).toBe(other)
    expect(everything.some((m) => m.to === email.toLowerCase())).toBe(true)
    expect((await inbox(stack, email)).every((m) => m.to === email.toLowerCase())).toBe(true)
  })

  it('renders an escaped HTML page with clickable links', async () => {
    const email = `o'brien&co-${Date.now()}@example.test`
    await stack.client().auth.signUp({ email, password: 'hunter22' })
    const response = await fetch(`${stack.url}/inbox?to=${encodeURIComponent(email)}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await response.text()
    expect(html).toContain('<title>Moori local inbox</title>')
    expect(html).toContain('o&#39;brien&amp;co')
    expect(html).not.toContain("o'brien&co")
    expect(html).toContain('Confirm your Moori account')
    expect(html).toMatch(
      /<a href="http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify\?token=[0-9a-f]+&amp;type=signup&amp;redirect_to=/,
    )
    expect(html).toContain('<label for="to">')

    const injected = await fetch(`${stack.url}/inbox?to=${encodeURIComponent('"><script>alert(1)</script>')}`)
    const page = await injected.text()
    expect(page).not.toContain('<script>alert(1)')
    expect(page).toContain('&lt;script&gt;')
  })

  it('keeps emails across a restart of the stack', async () => {
    const email = uniqueEmail('durable')
    await stack.client().auth.signUp({ email, password: 'hunter22' })
    const before = await inbox(stack, email)
    await stack.close()
    stack = await startTestStack({ passwordHashCost: 12, autoConfirm: false, dataDir })
    const after = await inbox(stack, email)
    expect(after.map((m) => m.id)).toEqual(before.map((m) => m.id))
    expect(after[0]?.subject).toBe('Confirm your Moori account')
  })
})
