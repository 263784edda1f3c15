// The one main-thread supabase-js client: it owns the session (sign-in, refresh, sign-out). Data never
// goes through it; the sync worker gets the session's token instead.
import { createClient } from '@supabase/supabase-js'
import { initialAuthHash } from './authHash'
import { appConfig } from './config'

void initialAuthHash // read the URL hash before the client clears it

export const supabase = createClient(appConfig.supabaseUrl, appConfig.anonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
})

export type SupabaseClient = typeof supabase
