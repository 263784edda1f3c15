// A real SMTP server on loopback (smtp-server) that keeps what it receives, for tests of the stack's
// email over SMTP. It asks for the credentials it was given, can refuse the next few messages (a mail
// server that is down or busy), and decodes the MIME nodemailer writes (multipart/alternative with
// quoted-printable or base64 parts) well enough to read the text and HTML bodies and follow links.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
  subject: string
  text: string
  html: string
}

export interface SmtpCatcher {
  url: string
  received: ReceivedMail[]
  /** Refuse the next `count` messages with a temporary error. */
  refuseNext(count: number): void
  /** Resolves with the first message to `to` that arrives (already or later). */
  waitFor(to: string, matching?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
  try {
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'))
  } catch {
    return bytes
  }
}

interface Part {
  headers: Record<string, string>
  body: string
}

function splitPart(raw: string): Part {
  const end = raw.search(/\r?\n\r?\n/)
  const head = end < 0 ? raw : raw.slice(0, end)
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '')
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase()
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body)
  return part.body
}

function leafParts(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part]
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leafParts(splitPart(chunk.replace(/^\r?\n/, ''))))
}

export function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const top = splitPart(raw)
  const leaves = leafParts(top)
  const ofType = (type: string) =>
    leaves
      .filter((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type))
      .map(decodeBody)
  return {
    from,
    to,
    raw,
    subject: top.headers.subject ?? '',
    text: ofType('text/plain').join('\n'),
    html: ofType('text/html').join('\n'),
  }
}

export async function startSmtpCatcher(
  credentials = { user: 'moori', pass: 'mail-pass' },
): Promise<SmtpCatcher> {
  const received: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  let refusals = 0
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) {
        callback(null, { user: auth.username })
      } else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1
          const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number }
          error.responseCode = 451
          callback(error)
          return
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        const to = session.envelope.rcptTo.map((r) => r.address)
        received.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to))
        for (const wake of waiters.splice(0)) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
    received,
    refuseNext(count) {
      refusals = count
    },
    async waitFor(to, matching = () => true, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = received.find((m) => m.to.includes(to) && matching(m))
        if (found) return found
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no email to ${to} within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
