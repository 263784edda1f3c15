// Where the backend lives. Without configuration the app talks to the local stack on its own origin
// (`npm start` serves both); production builds set VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY and
// VITE_API_URL.
export interface AppConfig {
  supabaseUrl: string
  anonKey: string
  apiUrl: string
  /** Where email links and Google sign-in come back to: the site root (spec §2). */
  siteUrl: string
}

function readConfig(): AppConfig {
  const origin = window.location.origin
  const env = import.meta.env
  const anonKey = typeof env.VITE_SUPABASE_ANON_KEY === 'string' ? env.VITE_SUPABASE_ANON_KEY : ''
  const url = typeof env.VITE_SUPABASE_URL === 'string' && env.VITE_SUPABASE_URL ? env.VITE_SUPABASE_URL : origin
  const api = typeof env.VITE_API_URL === 'string' && env.VITE_API_URL ? env.VITE_API_URL : `${origin}/api`
  return { supabaseUrl: url.replace(/\/$/, ''), anonKey, apiUrl: api.replace(/\/$/, ''), siteUrl: `${origin}/` }
}

export const appConfig = readConfig()
