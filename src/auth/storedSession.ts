// The session auth-js keeps in localStorage, read without auth-js: the app knows who is signed in at
// once (offline too, and with an expired access token: auth-js refreshes it once loaded, or signs out
// for good when the refresh token is refused). Anything it cannot read counts as signed out.
export interface StoredSession {
  user: { id: string; email: string | null }
  accessToken: string
  /** Seconds since the epoch, as auth-js stores it. */
  expiresAt: number
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** Parses what auth-js stored under its key; null for nothing, bad JSON or a session auth-js would discard. */
export function parseStoredSession(raw: string | null): StoredSession | null {
  if (!raw) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (!isRecord(value) || !isRecord(value.user)) return null
  const { access_token, refresh_token, expires_at, user } = value
  // auth-js itself drops a stored session without these three (and signs out), so it is not one.
  if (typeof access_token !== 'string' || !access_token) return null
  if (typeof refresh_token !== 'string' || !refresh_token) return null
  if (typeof expires_at !== 'number' || !Number.isFinite(expires_at)) return null
  if (typeof user.id !== 'string' || !user.id) return null
  const email = typeof user.email === 'string' && user.email ? user.email : null
  return { user: { id: user.id, email }, accessToken: access_token, expiresAt: expires_at }
}

/** The stored session in `storage` (localStorage in the app); null when storage cannot be read. */
export function readStoredSession(storage: Pick<Storage, 'getItem'> | undefined, key: string): StoredSession | null {
  try {
    return parseStoredSession(storage?.getItem(key) ?? null)
  } catch {
    return null // storage refused (private mode, blocked cookies)
  }
}
