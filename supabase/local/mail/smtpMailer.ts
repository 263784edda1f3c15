// Sends the stack's emails over SMTP with nodemailer: a plain-text and an HTML part, from the
// configured address. `send` only queues: the HTTP answer that caused an email neither waits for nor
// depends on its delivery, so it cannot tell whether an address exists or whether the mail server is
// up. A failed delivery is logged (the recipient masked) and tried again with a doubling wait, a few
// times, then given up.
import nodemailer from 'nodemailer'
import type { Mailer } from './mailer'
import type { OutgoingMail } from './mailbox'

export interface SmtpMailerOptions {
  /** `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  url: string
  from: string
  attempts: number
  retryDelayMs: number
  log?: (line: string) => void
}

/** `alice@example.com` → `a…@example.com`: enough to match a log line to a complaint, no more. */
function maskAddress(address: string): string {
  const at = address.lastIndexOf('@')
  if (at <= 0) return '…'
  return `${address[0]}…${address.slice(at)}`
}

export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const log = options.log ?? ((line: string) => console.error(line))
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  })
  const underWay = new Set<Promise<void>>()
  const waits = new Set<() => void>()
  let closed = false

  /** Resolves after `ms`, or at once when the mailer closes. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        waits.delete(done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      waits.add(done)
    })

  async function deliver(mail: OutgoingMail): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })
        return
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        const last = attempt >= options.attempts || closed
        log(
          `[mail] could not send "${mail.subject}" to ${maskAddress(mail.to)} (try ${attempt} of ${options.attempts}): ` +
            `${reason}${last ? '; giving up' : ''}`,
        )
        if (last) return
        await pause(options.retryDelayMs * 2 ** (attempt - 1))
        if (closed) return
      }
    }
  }

  return {
    send(mail) {
      if (closed) return Promise.resolve()
      const job = deliver(mail).finally(() => underWay.delete(job))
      underWay.add(job)
      return Promise.resolve()
    },
    async close() {
      closed = true
      for (const done of [...waits]) done()
      // A delivery stuck on a silent server is not waited for past a short grace.
      let grace: ReturnType<typeof setTimeout> | undefined
      await Promise.race([
        Promise.allSettled([...underWay]),
        new Promise<void>((resolve) => (grace = setTimeout(resolve, 2000))),
      ])
      clearTimeout(grace)
      transport.close()
    },
  }
}
