// The session auth-js keeps in localStorage, read directly: who is signed in on this device is known
// before auth-js has loaded (the first screen opens that user's replica at once, offline too).
import { appConfig } from './config'

/** The key supabase-js itself uses, so sessions stored by either are found by both. */
export const AUTH_STORAGE_KEY = `sb-${new URL(appConfig.supabaseUrl).hostname.split('.')[0]}-auth-token`

/** The stored session's user id, or null when nobody is signed in on this device (or it is unreadable). */
export function storedSessionUserId(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): string | null {
  try {
    const stored = JSON.parse(storage?.getItem(AUTH_STORAGE_KEY) ?? 'null') as { user?: { id?: unknown } } | null
    const id = stored?.user?.id
    return typeof id === 'string' && id ? id : null
  } catch {
    return null
  }
}
