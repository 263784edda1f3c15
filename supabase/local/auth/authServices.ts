// What the auth routes share: the stack context, the mailer and the failure counters. Built once per
// stack in mountAuth and handed to each group of routes.
import type { PGlite } from '@electric-sql/pglite'
import type { StackContext } from '../context'
import type { Mailer } from '../mail/mailer'
import type { PasswordHasher } from './passwords'
import type { EmailRequestLimits } from './emailRequestLimits'
import type { PasswordAttempts } from './passwordAttempts'
import type { RateLimiter } from './rateLimiter'

export interface AuthServices {
  ctx: StackContext
  db: PGlite
  /** Sends emails: over SMTP when configured, else into the local inbox. */
  mailer: Mailer
  passwords: PasswordHasher
  /** Password attempts, counted before the check: per account and address, per address, per account. */
  passwordAttempts: PasswordAttempts
  /** Sign-ups and emails asked for, per client address and per email address. */
  emailRequests: EmailRequestLimits
  /** 6-digit codes tried (counted before the check), per email and address and per address: a
   * stranger's wrong codes do not block the owner's, as with passwords. */
  otpLimiter: RateLimiter
  /** The same per email from anywhere, with ten times the room: a code has only a million values. */
  otpPerEmail: RateLimiter
}

export function issuerOf(ctx: StackContext): string {
  return `${ctx.publicUrl()}/auth/v1`
}
