// How long a password attempt on a much-guessed account waits before it is checked. Guessing one
// account is slowed, never stopped: refusing the account outright would lock its owner out along with
// the guesser. Past the free failures the first delay applies, doubled per further failure, up to a
// ceiling; the owner's right password still gets in after the wait.

export interface SignInBackoffOptions {
  /** Failures of an account that pass without delay. */
  freeFailures: number
  firstDelayMs: number
  maxDelayMs: number
}

export function backoffDelayMs(failures: number, options: SignInBackoffOptions): number {
  if (failures < options.freeFailures) return 0
  const doublings = Math.min(failures - options.freeFailures, 30)
  return Math.min(options.firstDelayMs * 2 ** doublings, options.maxDelayMs)
}
