// Password guessing against one email is slowed, never stopped: refusing the email outright would lock
// its owner out along with the guesser. Once an email's recent failures reach the limit, every attempt
// on it waits before its password is checked: the first delay, doubled per further failure, up to a
// ceiling. A correct password still gets in (after the wait) and clears the email's failures. The
// hard refusal (429) is kept for client addresses, where it falls on the guesser.
import type { RateLimiter } from './rateLimiter'

export interface SignInBackoffOptions {
  /** Failures of an email that pass without delay. */
  freeFailures: number
  firstDelayMs: number
  maxDelayMs: number
  /** Replaceable so tests can see the delays without waiting them out. */
  sleep?: (ms: number) => Promise<void>
}

export function backoffDelayMs(failures: number, options: SignInBackoffOptions): number {
  if (failures < options.freeFailures) return 0
  const doublings = Math.min(failures - options.freeFailures, 30)
  return Math.min(options.firstDelayMs * 2 ** doublings, options.maxDelayMs)
}

export interface SignInBackoff {
  /** Waits as long as the email's recent failures say; resolves with the delay it waited. */
  wait(emailKey: string): Promise<number>
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function createSignInBackoff(failures: RateLimiter, options: SignInBackoffOptions): SignInBackoff {
  const sleep = options.sleep ?? realSleep
  return {
    async wait(emailKey) {
      const delay = backoffDelayMs(failures.count(emailKey), options)
      if (delay > 0) await sleep(delay)
      return delay
    },
  }
}
