// Where the stack's emails go. With MOORI_SMTP_URL they are sent over SMTP (smtpMailer.ts) and the
// request that caused one never waits for delivery; without it they are kept in the local inbox
// (mailbox.ts), which only a stack run for local development serves at /inbox.
import type { StackConfig } from '../config'
import type { Mailbox, OutgoingMail } from './mailbox'
import { createSmtpMailer } from './smtpMailer'

export interface Mailer {
  /** Hands the email over. An SMTP mailer resolves at once and delivers (and retries) afterwards. */
  send(mail: OutgoingMail): Promise<void>
  /** Waits briefly for deliveries under way (retries still waiting are dropped) and closes connections. */
  close(): Promise<void>
}

export function createMailer(
  config: Pick<StackConfig, 'smtpUrl' | 'smtpFrom' | 'mailAttempts' | 'mailRetryDelayMs'>,
  mailbox: Mailbox,
): Mailer {
  if (config.smtpUrl) {
    return createSmtpMailer({
      url: config.smtpUrl,
      from: config.smtpFrom,
      attempts: config.mailAttempts,
      retryDelayMs: config.mailRetryDelayMs,
    })
  }
  return {
    async send(mail) {
      await mailbox.send(mail)
    },
    async close() {},
  }
}
