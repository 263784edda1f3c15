// Email links land on the site root with the result in the URL hash. supabase-js reads and clears that
// hash when it starts, so it is read here first, before the client exists: a password-recovery link must
// still reach /create-password (spec §2), and a failed link must still be explained. Only when the URL
// carries such a result does the app wait for auth-js before deciding who is signed in.
export interface AuthHashInfo {
  /** The hash is an auth result auth-js will act on (a sign-in or recovery link, an OAuth return, an error). */
  present: boolean
  isRecovery: boolean
  /** The error description of a link that did not work (expired or already used). */
  error: string | null
}

function parse(hash: string): AuthHashInfo {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  return {
    // The parameters auth-js's implicit flow looks for (GoTrueClient._isImplicitGrantCallback).
    present: ['access_token', 'error', 'error_description', 'error_code'].some((name) => params.has(name)),
    isRecovery: /(^|[&#])type=recovery(&|$)/.test(hash),
    error: params.get('error_description') ?? (params.get('error') ? 'Email link is invalid or has expired' : null),
  }
}

export const initialAuthHash: AuthHashInfo = parse(typeof window === 'undefined' ? '' : window.location.hash)
