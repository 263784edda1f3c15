// The e2e stack (scripts/serve-e2e.ts) seen from the tests: its URL, its fixed local keys, and
// supabase-js clients for arranging data and checking what the server holds.
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { LOCAL_JWT_SECRET } from '../../../supabase/local/config'
import { makeApiKeys } from '../../../supabase/local/keys'

export const E2E_PORT = Number(process.env.MOORI_E2E_PORT ?? 54329)
export const STACK_URL = `http://localhost:${E2E_PORT}`
export const keys = await makeApiKeys(LOCAL_JWT_SECRET)

export function nodeClient(key: string = keys.anonKey) {
  return createClient(STACK_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

export const admin = nodeClient(keys.serviceRoleKey)

/** Every email the stack sent to `to`, newest first. */
export async function inbox(to: string): Promise<Array<{ subject: string; text: string; links: string[]; created_at: string }>> {
  const response = await fetch(`${STACK_URL}/inbox/messages?to=${encodeURIComponent(to)}`)
  return (await response.json()) as Array<{ subject: string; text: string; links: string[]; created_at: string }>
}

/** Waits for an email to `to` whose subject matches, and returns its first link into the auth service. */
export async function emailLink(to: string, subject: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const message = (await inbox(to)).find((m) => subject.test(m.subject))
    const link = message?.links.find((l) => l.includes('/auth/v1/verify'))
    if (link) return link
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`No email matching ${String(subject)} reached ${to}`)
}
