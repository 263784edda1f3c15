// The main thread's Supabase clients, loaded on demand: Auth owns the session (sign-in, refresh,
// sign-out) and Storage signs image links. Neither is part of the first load: who is signed in is read
// from storage at start (storedSession.ts), auth-js follows once the page has painted (or at once when
// the URL carries an auth result). Data never goes through the main thread (the sync worker has the
// REST and Realtime clients), so the page loads only these two parts of supabase-js, not the whole client.
import type { GoTrueClient } from '@supabase/auth-js'
import type { StorageClient } from '@supabase/storage-js'
import { initialAuthHash } from './authHash'
import { appConfig } from './config'

/** The Auth client's type (auth-js's AuthClient is GoTrueClient under another name). */
export type AuthClient = GoTrueClient

void initialAuthHash // read the URL hash before the auth client clears it

const keyHeaders = { apikey: appConfig.anonKey, Authorization: `Bearer ${appConfig.anonKey}` }

/** The key supabase-js itself uses, so sessions stored by either are found by both. */
export const AUTH_STORAGE_KEY = `sb-${new URL(appConfig.supabaseUrl).hostname.split('.')[0]}-auth-token`

let authClient: Promise<AuthClient> | null = null

/** The one Auth client, made on first use. A failed load (its chunk did not arrive) is tried again next time. */
export function loadAuth(): Promise<AuthClient> {
  if (!authClient) {
    const loading = import('@supabase/auth-js').then(
      ({ AuthClient }) =>
        new AuthClient({
          url: `${appConfig.supabaseUrl}/auth/v1`,
          headers: keyHeaders,
          storageKey: AUTH_STORAGE_KEY,
          persistSession: true,
          autoRefreshToken: true,
          detectSessionInUrl: true,
          flowType: 'implicit',
        }),
    )
    authClient = loading
    loading.catch(() => {
      if (authClient === loading) authClient = null
    })
  }
  return authClient
}

/** A Storage client acting as the signed-in user (or the anon key). */
export async function storageClient(): Promise<StorageClient> {
  const [{ StorageClient }, auth] = await Promise.all([import('@supabase/storage-js'), loadAuth()])
  const { data } = await auth.getSession()
  const token = data.session?.access_token ?? appConfig.anonKey
  return new StorageClient(`${appConfig.supabaseUrl}/storage/v1`, { ...keyHeaders, Authorization: `Bearer ${token}` })
}
