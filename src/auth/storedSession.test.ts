import { describe, expect, it } from 'vitest'
import { parseStoredSession, readStoredSession } from './storedSession'

const session = {
  access_token: 'token-a',
  refresh_token: 'refresh-a',
  expires_at: 1_700_000_000,
  expires_in: 3600,
  token_type: 'bearer',
  user: { id: 'user-1', email: 'ada@example.test', aud: 'authenticated' },
}
const raw = (value: unknown) => JSON.stringify(value)

describe('parseStoredSession', () => {
  it('reads the user, the access token and its expiry', () => {
    expect(parseStoredSession(raw(session))).toEqual({
      user: { id: 'user-1', email: 'ada@example.test' },
      accessToken: 'token-a',
      expiresAt: 1_700_000_000,
    })
  })

  it('keeps an expired session (auth-js refreshes it later)', () => {
    expect(parseStoredSession(raw({ ...session, expires_at: 1 }))?.user.id).toBe('user-1')
  })

  it('reads a user without an email', () => {
    expect(parseStoredSession(raw({ ...session, user: { id: 'user-1' } }))?.user.email).toBeNull()
    expect(parseStoredSession(raw({ ...session, user: { id: 'user-1', email: 7 } }))?.user.email).toBeNull()
  })

  it.each([
    ['nothing', null],
    ['an empty string', ''],
    ['bad JSON', '{"access_token":'],
    ['JSON null', 'null'],
    ['a string', '"token"'],
    ['an array', '[]'],
    ['no user', raw({ ...session, user: undefined })],
    ['a user that is not an object', raw({ ...session, user: 'user-1' })],
    ['no user id', raw({ ...session, user: { email: 'ada@example.test' } })],
    ['an empty user id', raw({ ...session, user: { id: '' } })],
    ['a numeric user id', raw({ ...session, user: { id: 1 } })],
    ['no access token', raw({ ...session, access_token: undefined })],
    ['an empty access token', raw({ ...session, access_token: '' })],
    ['no refresh token', raw({ ...session, refresh_token: undefined })],
    ['no expiry', raw({ ...session, expires_at: undefined })],
    ['an expiry that is not a number', raw({ ...session, expires_at: '1700000000' })],
  ])('is signed out for %s', (_, value) => {
    expect(parseStoredSession(value)).toBeNull()
  })
})

describe('readStoredSession', () => {
  it('reads the key from storage', () => {
    const storage = { getItem: (key: string) => (key === 'sb-x-auth-token' ? raw(session) : null) }
    expect(readStoredSession(storage, 'sb-x-auth-token')?.user.id).toBe('user-1')
    expect(readStoredSession(storage, 'other')).toBeNull()
  })

  it('is signed out when storage is missing or refuses', () => {
    expect(readStoredSession(undefined, 'k')).toBeNull()
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    expect(readStoredSession(refusing, 'k')).toBeNull()
  })
})
