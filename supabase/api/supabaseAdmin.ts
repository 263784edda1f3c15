// A service-role supabase-js client for the product API. The API reaches the database and storage only
// through Supabase's public protocols, so it runs unchanged against a hosted project.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'

export function createAdminClient(url: string, serviceRoleKey: string): SupabaseClient {
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}
