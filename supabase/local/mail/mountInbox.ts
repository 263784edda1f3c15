// Serves the local inbox: /inbox for people (HTML) and /inbox/messages for tests and tools (JSON).
// Like the inbox of the Supabase CLI it needs no key: it only runs on a developer's machine.
import type { Hono } from 'hono'
import type { Mailbox } from './mailbox'
import { renderInboxPage } from './inboxPage'

const pageSecurityHeaders = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
}

function limitOf(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined
  return Number(value)
}

export function mountInbox(app: Hono, mailbox: Mailbox): void {
  app.get('/inbox/messages', async (c) => {
    const messages = await mailbox.list({ to: c.req.query('to'), limit: limitOf(c.req.query('limit')) })
    c.header('Cache-Control', 'no-store')
    return c.json(messages)
  })
  app.get('/inbox', async (c) => {
    const to = c.req.query('to')?.trim() || undefined
    const messages = await mailbox.list({ to, limit: limitOf(c.req.query('limit')) })
    return c.html(renderInboxPage(messages, to), 200, pageSecurityHeaders)
  })
}
