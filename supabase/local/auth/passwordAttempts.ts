// Password sign-in limits, after Auth0's brute-force protection. Each attempt is counted in the same
// synchronous step as its check, before the password is looked at, so guesses sent together cannot all
// pass the check before any of them is counted:
// - an account from one address: refused (429) past `maxFailures`; the guesser stops, an owner elsewhere does not;
// - one address across accounts: refused past `maxFailuresPerAddress` (credential stuffing), with room
//   for many people's typos behind one proxy that is not listed as trusted;
// - an account from every address: never refused (anyone could then lock its owner out), only slowed:
//   past its free failures each attempt waits, doubling to a ceiling, attempts still in flight counted.
// A right password takes its counts back and clears the account's failures.
import { createRateLimiter } from './rateLimiter'
import { backoffDelayMs } from './signInBackoff'

export interface PasswordLimitOptions {
  maxFailures: number
  maxFailuresPerAddress: number
  windowSeconds: number
  firstDelayMs: number
  maxDelayMs: number
  /** Replaceable so tests can see the delays without waiting them out. */
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

/** An attempt let through: counted as a failure unless it is reported right. */
interface PasswordAttempt {
  /** Milliseconds it waited before the check. */
  waitedMs: number
  /** The password was right: its counts are taken back and the account's failures cleared. */
  succeeded(): void
}

export type PasswordAdmission = { retryAfter: number } | { attempt: PasswordAttempt }

export interface PasswordAttempts {
  /** Counts an attempt at `email` from `address` (both normalised); refused, or let through after the account's delay. */
  begin(email: string, address: string): Promise<PasswordAdmission>
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function createPasswordAttempts(options: PasswordLimitOptions): PasswordAttempts {
  const { windowSeconds, now } = options
  const perPair = createRateLimiter({ max: options.maxFailures, windowSeconds, now })
  const perAddress = createRateLimiter({ max: options.maxFailuresPerAddress, windowSeconds, now })
  // Only counted, never refused: its count sets the delay.
  const perAccount = createRateLimiter({ max: options.maxFailures, windowSeconds, now })
  const sleep = options.sleep ?? realSleep
  const backoff = { ...options, freeFailures: options.maxFailures }

  return {
    async begin(email, address) {
      const pairKey = `account:${email}|address:${address}`
      const addressKey = `address:${address}`
      const accountKey = `account:${email}`
      // Check and count in one step (nothing awaits in between); a refusal counts nothing.
      const retryAfter = Math.max(perPair.retryAfter([pairKey]), perAddress.retryAfter([addressKey]))
      if (retryAfter > 0) return { retryAfter }
      perPair.record([pairKey])
      perAddress.record([addressKey])
      const delay = backoffDelayMs(perAccount.count(accountKey), backoff)
      perAccount.record([accountKey])
      if (delay > 0) await sleep(delay)
      return {
        attempt: {
          waitedMs: delay,
          succeeded() {
            perPair.reset(pairKey)
            perAddress.release(addressKey)
            perAccount.reset(accountKey)
          },
        },
      }
    },
  }
}
