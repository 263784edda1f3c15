// Test people for e2e: confirmed accounts made through the admin API, optionally with a profile, and a
// way to open the app already signed in as one (the session is put where supabase-js keeps it).
import { randomBytes } from 'node:crypto'
import type { BrowserContext } from '@playwright/test'
import { admin, nodeClient } from './stack'

export interface E2EUser {
  id: string
  email: string
  password: string
  username: string | null
}

export const STORAGE_KEY = 'sb-localhost-auth-token'

export function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(3).toString('hex')}`
}

export async function createUser(options: { username?: string | null; displayName?: string } = {}): Promise<E2EUser> {
  const tag = uniqueName('')
  const email = `e2e-${tag}@example.test`
  const password = `pw-${tag}-secret`
  const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true })
  if (error) throw error
  const username = options.username === undefined ? uniqueName('user_') : options.username
  if (username) {
    const client = nodeClient()
    await client.auth.signInWithPassword({ email, password })
    const { error: profileError } = await client
      .from('profiles')
      .insert({ id: data.user.id, username, display_name: options.displayName ?? null })
    if (profileError) throw profileError
  }
  return { id: data.user.id, email, password, username }
}

/** Makes every page of the context start signed in as `user`. */
export async function signInContext(context: BrowserContext, user: E2EUser): Promise<void> {
  const client = nodeClient()
  const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: user.password })
  if (error || !data.session) throw error ?? new Error('No session')
  await context.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value)
    },
    [STORAGE_KEY, JSON.stringify(data.session)] as const,
  )
}
