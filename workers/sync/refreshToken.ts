// After a 401 the engine asks the session owner (the main thread) for a new token once. A refresh that
// fails is logged and answers false: the request's own auth failure is what gets reported.
import type { TokenSource } from './transport'

export async function refreshToken(tokens: TokenSource, log: (message: string, error?: unknown) => void): Promise<boolean> {
  try {
    return Boolean(await tokens.refresh())
  } catch (error) {
    log('Could not refresh the access token', error)
    return false
  }
}
