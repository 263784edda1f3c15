// Where the backend lives. Without configuration the app talks to the local stack on its own origin
// (`npm start` serves both); production builds set VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY and
// VITE_API_URL.
export interface AppConfig {
  supabaseUrl: string
  anonKey: string
  apiUrl: string
  /** Where email links and Google sign-in come back to: the site root (spec §2). */
  siteUrl: string
  /** Whether Storage resizes photos (`/render/image`); VITE_STORAGE_IMAGE_TRANSFORMS=off for a hosted
   * project whose plan lacks image transformations (photos are then always sent whole). */
  imageTransforms: boolean
}

function readConfig(): AppConfig {
  const origin = window.location.origin
  const env = import.meta.env
  const anonKey = typeof env.VITE_SUPABASE_ANON_KEY === 'string' ? env.VITE_SUPABASE_ANON_KEY : ''
  const url = typeof env.VITE_SUPABASE_URL === 'string' && env.VITE_SUPABASE_URL ? env.VITE_SUPABASE_URL : origin
  const api = typeof env.VITE_API_URL === 'string' && env.VITE_API_URL ? env.VITE_API_URL : `${origin}/api`
  const imageTransforms = env.VITE_STORAGE_IMAGE_TRANSFORMS !== 'off'
  return { supabaseUrl: url.replace(/\/$/, ''), anonKey, apiUrl: api.replace(/\/$/, ''), siteUrl: `${origin}/`, imageTransforms }
}

export const appConfig = readConfig()
