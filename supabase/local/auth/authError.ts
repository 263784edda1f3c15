// Errors of the auth service in GoTrue's shape ({code, error_code, message, msg} plus the API-version
// header), so auth-js recovers the code and builds AuthApiError, AuthWeakPasswordError or
// AuthSessionMissingError exactly as it does against hosted Supabase.
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export const API_VERSION_HEADER = 'X-Supabase-Api-Version'
export const API_VERSION = '2024-01-01'

export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'AuthError'
  }
}

function authErrorBody(error: AuthError): Record<string, unknown> {
  return {
    code: error.code,
    error_code: error.code,
    message: error.message,
    msg: error.message,
    ...error.extra,
  }
}

export function authErrorResponse(c: Context, error: AuthError): Response {
  c.header(API_VERSION_HEADER, API_VERSION)
  return c.json(authErrorBody(error), error.status)
}

export const minPasswordLength = 6

export function weakPasswordError(reasons: string[]): AuthError {
  const message = `Password should be at least ${minPasswordLength} characters.`
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons, message } })
}

export function validationError(message: string, status: ContentfulStatusCode = 400): AuthError {
  return new AuthError(status, 'validation_failed', message)
}

/** 429 with Retry-After, for the failure limits (password sign-in, 6-digit codes). */
export function tooManyAttempts(c: Context, retryAfterSeconds: number, message: string): AuthError {
  return tooManyRequests(c, retryAfterSeconds, 'over_request_rate_limit', message)
}

export function tooManyRequests(c: Context, retryAfterSeconds: number, code: string, message: string): AuthError {
  c.header('Retry-After', String(retryAfterSeconds))
  return new AuthError(429, code, message)
}
