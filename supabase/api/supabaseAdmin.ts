// A service-role supabase-js client for the product API. The API reaches the database and storage only
// through Supabase's public protocols, so it runs unchanged against a hosted project.
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'

export type AdminClient = ReturnType<typeof createAdminClient>

export function createAdminClient(url: string, serviceRoleKey: string) {
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}
