// The main thread's Supabase clients: Auth owns the session (sign-in, refresh, sign-out) and Storage
// signs image links. Data never goes through the main thread (the sync worker has the REST and
// Realtime clients), so the page loads only these two parts of supabase-js, not the whole client.
import { AuthClient } from '@supabase/auth-js'
import { StorageClient } from '@supabase/storage-js'
import { initialAuthHash } from './authHash'
import { appConfig } from './config'
import { AUTH_STORAGE_KEY } from './storedSession'

void initialAuthHash // read the URL hash before the auth client clears it

const keyHeaders = { apikey: appConfig.anonKey, Authorization: `Bearer ${appConfig.anonKey}` }

export { AUTH_STORAGE_KEY }

export const auth = new AuthClient({
  url: `${appConfig.supabaseUrl}/auth/v1`,
  headers: keyHeaders,
  storageKey: AUTH_STORAGE_KEY,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
})

/** A Storage client acting as the signed-in user (or the anon key). */
export async function storageClient(): Promise<StorageClient> {
  const { data } = await auth.getSession()
  const token = data.session?.access_token ?? appConfig.anonKey
  return new StorageClient(`${appConfig.supabaseUrl}/storage/v1`, { ...keyHeaders, Authorization: `Bearer ${token}` })
}

/** Public URLs need no session (no request is made). */
export const publicStorage = new StorageClient(`${appConfig.supabaseUrl}/storage/v1`, keyHeaders)
