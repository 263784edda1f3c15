// Requests that create accounts or send email (sign-up, magic link or code, password recovery) are
// limited per client address and per email address, so nobody can flood an inbox or mass-create
// accounts. The count is the same whether or not the address has an account, so the limit's answer
// says nothing about who is registered.
import type { Context } from 'hono'
import type { StackConfig } from '../config'
import { tooManyRequests } from './authError'
import { createRateLimiter, type RateLimiter } from './rateLimiter'

export interface EmailRequestLimits {
  perAddress: RateLimiter
  perEmail: RateLimiter
}

export function createEmailRequestLimits(config: StackConfig): EmailRequestLimits {
  const windowSeconds = config.emailRequestWindowSeconds
  return {
    perAddress: createRateLimiter({ max: config.emailRequestsPerAddress, windowSeconds }),
    perEmail: createRateLimiter({ max: config.emailRequestsPerEmail, windowSeconds }),
  }
}

/** Counts one request; throws 429 over_email_send_rate_limit (GoTrue's code) when over either limit. */
export function admitEmailRequest(
  limits: EmailRequestLimits,
  c: Context,
  email: string,
  address: string,
): void {
  const wait = Math.max(
    limits.perAddress.retryAfter([`address:${address}`]),
    limits.perEmail.retryAfter([`email:${email}`]),
  )
  if (wait > 0) {
    throw tooManyRequests(
      c,
      wait,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    )
  }
  limits.perAddress.record([`address:${address}`])
  limits.perEmail.record([`email:${email}`])
}
