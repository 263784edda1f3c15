// Serves the local inbox: /inbox for people (HTML) and /inbox/messages for tests and tools (JSON).
// Like the inbox of the Supabase CLI it needs no key, but it answers only same-origin requests from
// this machine (inboxAccess), never with CORS headers, and only on a stack run for local development:
// otherwise both paths answer 404 (and never fall through to the app's pages).
import type { Hono, MiddlewareHandler } from 'hono'
import { inboxRefusal } from './inboxAccess'
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

const onlyFromHere: MiddlewareHandler = async (c, next) => {
  const refusal = inboxRefusal(c)
  if (refusal) return c.json({ message: refusal }, 403, { 'Cache-Control': 'no-store' })
  await next()
}

export const INBOX_OFF_MESSAGE =
  'The inbox is a development tool: it is off on a stack set up to be reached from elsewhere'

export function mountInbox(app: Hono, mailbox: Mailbox, options: { enabled: boolean }): void {
  if (!options.enabled) {
    const off: MiddlewareHandler = (c) =>
      Promise.resolve(c.json({ message: INBOX_OFF_MESSAGE }, 404, { 'Cache-Control': 'no-store' }))
    app.all('/inbox', off)
    app.all('/inbox/*', off)
    return
  }
  app.use('/inbox', onlyFromHere)
  app.use('/inbox/*', onlyFromHere)
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
