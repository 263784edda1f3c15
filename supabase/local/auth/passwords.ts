// Password storage with a slow, memory-hard KDF (scrypt from node:crypto, per-user salt). The stored
// string names its parameters ("scrypt$N=32768,r=8,p=1$salt$hash"), so the cost can change later
// (StackConfig.passwordHashCost) without breaking existing users.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { AuthError, minPasswordLength, weakPasswordError } from './authError'

const KEY_LENGTH = 32
const maxPasswordLength = 256
/** log2 of scrypt's N for new hashes: 2^15 costs ~90 ms and 32 MiB per hash. */
const defaultPasswordCost = 15

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

function memoryFor(n: number, r: number): number {
  return 128 * n * r * 2 + 1024 * 1024
}

async function hashPassword(password: string, cost: number): Promise<string> {
  const N = 2 ** cost
  const r = 8
  const p = 1
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, { N, r, p, maxmem: memoryFor(N, r) })
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`
}

const storedPattern = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/

/** False for a wrong password and for hashes this stack did not write (never throws on bad input). */
async function verifyPassword(password: string, stored: string | null, cost: number): Promise<boolean> {
  const match = stored ? storedPattern.exec(stored) : null
  if (!match) {
    // Spend the same time as a real check so unknown emails cannot be told apart by timing.
    await hashPassword(password, cost)
    return false
  }
  const [, n, r, p, salt, hash] = match
  const N = Number(n)
  const R = Number(r)
  const P = Number(p)
  if (N > 2 ** 20 || R > 32 || P > 16) return false
  const expected = Buffer.from(hash!, 'base64')
  const key = await scryptAsync(password, Buffer.from(salt!, 'base64'), {
    N,
    r: R,
    p: P,
    maxmem: memoryFor(N, R),
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

export interface PasswordHasher {
  hash(password: string): Promise<string>
  /** False for a wrong password, a missing hash and hashes this stack did not write. */
  verify(password: string, stored: string | null): Promise<boolean>
}

export function createPasswordHasher(cost: number = defaultPasswordCost): PasswordHasher {
  if (!Number.isInteger(cost) || cost < 4 || cost > 20) {
    throw new Error(`passwordHashCost must be an integer from 4 to 20, got ${cost}`)
  }
  return {
    hash: (password) => hashPassword(password, cost),
    verify: (password, stored) => verifyPassword(password, stored, cost),
  }
}

/** Throws weak_password (422) like GoTrue; the only rule is the minimum length. */
export function checkPasswordStrength(password: unknown): string {
  if (typeof password !== 'string' || password.length === 0) {
    throw new AuthError(422, 'validation_failed', 'Password is required')
  }
  if ([...password].length < minPasswordLength) throw weakPasswordError(['length'])
  if (password.length > maxPasswordLength) {
    throw new AuthError(
      422,
      'validation_failed',
      `Password cannot be longer than ${maxPasswordLength} characters`,
    )
  }
  return password
}
