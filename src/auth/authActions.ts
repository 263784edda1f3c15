// Everything a screen can ask of authentication, with the spec's messages (§8). Emails link back to
// the site root (§2). Each action loads auth-js first (once; it is not part of the first load).
import { loadAuth } from './supabaseClient'
import { appConfig } from './config'

export type AuthResult = { ok: true } | { ok: false; message: string }

const failure = (error: { message?: string } | null, fallback: string): AuthResult =>
  ({ ok: false, message: error?.message || fallback })

export async function signInWithPassword(email: string, password: string): Promise<AuthResult> {
  try {
    const auth = await loadAuth()
    const { error } = await auth.signInWithPassword({ email: email.trim(), password })
    return error ? failure(error, 'Authentication failed') : { ok: true }
  } catch (error) {
    return failure(error as Error, 'Authentication failed')
  }
}

/** Signs up; `confirm` says whether the user must confirm by email before signing in. */
export async function signUp(email: string, password: string): Promise<AuthResult & { confirm?: boolean }> {
  try {
    const auth = await loadAuth()
    const { data, error } = await auth.signUp({
      email: email.trim(),
      password,
      options: { emailRedirectTo: appConfig.siteUrl },
    })
    if (error) return failure(error, 'Authentication failed')
    return { ok: true, confirm: !data.session }
  } catch (error) {
    return failure(error as Error, 'Authentication failed')
  }
}

export async function sendMagicLink(email: string): Promise<AuthResult> {
  try {
    const auth = await loadAuth()
    const { error } = await auth.signInWithOtp({ email: email.trim(), options: { emailRedirectTo: appConfig.siteUrl } })
    return error ? failure(error, 'Authentication failed') : { ok: true }
  } catch (error) {
    return failure(error as Error, 'Authentication failed')
  }
}

export async function signInWithGoogle(): Promise<AuthResult> {
  try {
    const auth = await loadAuth()
    const { error } = await auth.signInWithOAuth({ provider: 'google', options: { redirectTo: appConfig.siteUrl } })
    return error ? failure(null, 'Google Sign-In failed') : { ok: true }
  } catch {
    return failure(null, 'Google Sign-In failed')
  }
}

export async function sendPasswordReset(email: string): Promise<AuthResult> {
  try {
    const auth = await loadAuth()
    const { error } = await auth.resetPasswordForEmail(email.trim(), { redirectTo: appConfig.siteUrl })
    return error ? failure(null, 'Failed to send reset email.') : { ok: true }
  } catch {
    return failure(null, 'Failed to send reset email.')
  }
}

export async function updatePassword(password: string): Promise<AuthResult> {
  try {
    const auth = await loadAuth()
    const { error } = await auth.updateUser({ password })
    return error ? failure(error, 'Failed to update password.') : { ok: true }
  } catch {
    return failure(null, 'Failed to update password.')
  }
}

/** Ends the session on the server and in this browser (all tabs). */
export async function endSession(): Promise<void> {
  const auth = await loadAuth()
  await auth.signOut({ scope: 'local' })
}

/** A fresh token after the server said the current one is no longer good. */
export async function refreshAccessToken(): Promise<string | null> {
  const auth = await loadAuth()
  const { data } = await auth.refreshSession()
  return data.session?.access_token ?? null
}

/** The signed-in user's access token (for the product API), or null. */
export async function currentAccessToken(): Promise<string | null> {
  const auth = await loadAuth()
  const { data } = await auth.getSession()
  return data.session?.access_token ?? null
}
