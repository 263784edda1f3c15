// Starts the real local stack in process (in-memory database, a free port) for integration tests, and
// makes supabase-js clients for it the way the app makes them.
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { startLocalStack, type LocalStack } from '../../supabase/local/server'
import { testConfig, type StackConfig } from '../../supabase/local/config'

export interface TestStack extends LocalStack {
  /** A fresh anonymous client with its own in-memory session. */
  client(): Client
  /** A client with the service-role key (bypasses row-level security). */
  admin(): Client
}

export type Client = ReturnType<typeof makeClient>

export function makeClient(url: string, key: string) {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

export async function startTestStack(overrides: Partial<StackConfig> = {}): Promise<TestStack> {
  const stack = await startLocalStack(testConfig(overrides))
  return {
    ...stack,
    client: () => makeClient(stack.url, stack.anonKey),
    admin: () => makeClient(stack.url, stack.serviceRoleKey),
  }
}
