// The password limits without a server: attempts begun together are counted before any is checked,
// the lock is per account and address, the account is only slowed, and a right password clears it.
import { describe, expect, it } from 'vitest'
import { createPasswordAttempts, type PasswordAdmission } from './passwordAttempts'

function attempts(slept: number[] = []) {
  return createPasswordAttempts({
    maxFailures: 3,
    maxFailuresPerAddress: 5,
    windowSeconds: 60,
    firstDelayMs: 100,
    maxDelayMs: 400,
    sleep: (ms) => {
      slept.push(ms)
      return Promise.resolve()
    },
  })
}

const refused = (admissions: PasswordAdmission[]) => admissions.filter((a) => 'retryAfter' in a).length

describe('password attempts', () => {
  it('counts attempts begun together: past the limit of an account from one address, refused', async () => {
    const limits = attempts()
    const admissions = await Promise.all(Array.from({ length: 8 }, () => limits.begin('a@x', '1.1.1.1')))
    expect(refused(admissions)).toBe(5)
    // Another account from that address, and that account from another address, go ahead.
    expect(await limits.begin('b@x', '1.1.1.1')).toHaveProperty('attempt')
    expect(await limits.begin('a@x', '2.2.2.2')).toHaveProperty('attempt')
  })

  it('refuses an address past its failures across accounts', async () => {
    const limits = attempts()
    const admissions = await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => limits.begin(`${name}@x`, '1.1.1.1')),
    )
    expect(refused(admissions)).toBe(1)
  })

  it('slows an account guessed from many addresses, attempts in flight included, and never refuses it', async () => {
    const slept: number[] = []
    const limits = attempts(slept)
    const admissions = await Promise.all(
      Array.from({ length: 7 }, (_, i) => limits.begin('a@x', `10.0.0.${i}`)),
    )
    expect(refused(admissions)).toBe(0)
    expect(slept).toEqual([100, 200, 400, 400])
  })

  it('a right password takes its counts back and clears the account', async () => {
    const slept: number[] = []
    const limits = attempts(slept)
    for (let i = 0; i < 4; i++) await limits.begin('a@x', `10.0.0.${i}`)
    const right = await limits.begin('a@x', '10.0.0.9')
    if (!('attempt' in right)) throw new Error('refused')
    right.attempt.succeeded()
    slept.length = 0
    await limits.begin('a@x', '10.0.0.10')
    expect(slept).toEqual([])
  })
})
