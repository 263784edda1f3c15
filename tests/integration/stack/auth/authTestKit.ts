// Helpers for the auth suite: read the local inbox over HTTP, open email links the way a browser does
// (one request, read the 303), and make supabase-js clients in PKCE mode with a Map-backed storage.
import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { expect } from 'vitest'
import type { MailMessage } from '../../../../supabase/local/mail/mailbox'
import type { TestStack } from '../../../support/stack'

export const APP = 'http://localhost:5173'

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`
}

export async function inbox(stack: TestStack, to: string): Promise<MailMessage[]> {
  const response = await fetch(`${stack.url}/inbox/messages?to=${encodeURIComponent(to)}`)
  expect(response.status).toBe(200)
  return (await response.json()) as MailMessage[]
}

/** The newest email to `to`; fails the test when there is none. */
export async function latestMail(stack: TestStack, to: string): Promise<MailMessage> {
  const messages = await inbox(stack, to)
  expect(messages.length, `no email to ${to}`).toBeGreaterThan(0)
  return messages[0]!
}

/** The newest email to `to` as the stack stored it, for a stack set up as a deployment (a trusted
 * proxy, a public site URL), whose /inbox is off. */
export async function storedMail(stack: TestStack, to: string): Promise<MailMessage> {
  const messages = await stack.mailbox.list({ to })
  expect(messages.length, `no email to ${to}`).toBeGreaterThan(0)
  return messages[0]!
}

export function linkOf(mail: MailMessage): string {
  const link = mail.links[0]
  expect(link, `no link in "${mail.subject}"`).toBeTruthy()
  return link!
}

export function codeOf(mail: MailMessage): string {
  const match = /code: (\d{6})/.exec(mail.text)
  expect(match, `no 6-digit code in "${mail.subject}"`).not.toBeNull()
  return match![1]!
}

/** Opens a link without following the redirect and returns where the 303 points. */
export async function openLink(url: string, init: RequestInit = {}): Promise<URL> {
  const response = await fetch(url, { ...init, redirect: 'manual' })
  expect(response.status).toBe(303)
  return new URL(response.headers.get('location') ?? '')
}

export function fragmentOf(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.slice(1))
}

/** A supabase-js client in PKCE mode; its storage (code verifiers, session) is a plain Map. */
export function pkceClient(stack: TestStack): { client: SupabaseClient; storage: Map<string, string> } {
  const storage = new Map<string, string>()
  const client = createClient(stack.url, stack.anonKey, {
    auth: {
      flowType: 'pkce',
      autoRefreshToken: false,
      detectSessionInUrl: false,
      persistSession: true,
      storage: {
        getItem: (key) => storage.get(key) ?? null,
        setItem: (key, value) => void storage.set(key, value),
        removeItem: (key) => void storage.delete(key),
      },
    },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
  return { client, storage }
}
