// POST /token: the three grants supabase-js uses. password (attempts counted before the check, refused
// per account and address and per address, only slowed per account so its owner is never locked out:
// passwordAttempts.ts), refresh_token (rotation with reuse detection) and pkce (auth code + code verifier).
import type { Context, Hono } from 'hono'
import { AuthError, tooManyAttempts, validationError } from './authError'
import type { AuthServices } from './authServices'
import { clientAddress } from './clientAddress'
import { exchangeAuthCode, type AuthenticationMethod } from './flowState'
import { optionalString, readJsonBody } from './requestBody'
import { createSession, rotateRefreshToken, type SignInMethod } from './sessions'
import { tokenResponse } from './tokenResponse'
import { findUserByEmail, type Json } from './users'

const pkceMethods: Record<AuthenticationMethod, SignInMethod> = {
  'email/signup': 'otp',
  magiclink: 'otp',
  recovery: 'recovery',
  oauth: 'oauth',
}

export function mountTokenRoutes(auth: Hono, services: AuthServices): void {
  const { db, passwordAttempts } = services

  async function passwordGrant(c: Context, body: Json) {
    const rawEmail = optionalString(body, 'email')
    const password = optionalString(body, 'password')
    if (!rawEmail) throw validationError('Only email and password sign-in is supported by the local stack')
    if (!password) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
    const email = rawEmail.trim().toLowerCase()
    const client = { ip: clientAddress(c, services.ctx.config), userAgent: c.req.header('user-agent') }
    const admission = await passwordAttempts.begin(email, client.ip)
    if ('retryAfter' in admission) {
      throw tooManyAttempts(
        c,
        admission.retryAfter,
        'Too many failed sign-in attempts. Please try again later.',
      )
    }

    const user = await findUserByEmail(db, email)
    const valid = await services.passwords.verify(password, user?.encrypted_password ?? null)
    if (!user || !valid) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
    admission.attempt.succeeded()
    if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
    const grant = await db.transaction((tx) => createSession(tx, user.id, 'password', client))
    return tokenResponse(services, grant)
  }

  async function refreshGrant(body: Json) {
    const token = optionalString(body, 'refresh_token')
    if (!token)
      throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    const result = await db.transaction((tx) => rotateRefreshToken(tx, token))
    if (result instanceof AuthError) throw result
    return tokenResponse(services, result)
  }

  async function pkceGrant(c: Context, body: Json) {
    const authCode = optionalString(body, 'auth_code') ?? ''
    const verifier = optionalString(body, 'code_verifier') ?? ''
    const client = { ip: clientAddress(c, services.ctx.config), userAgent: c.req.header('user-agent') }
    const grant = await db.transaction(async (tx) => {
      const flow = await exchangeAuthCode(tx, authCode, verifier)
      return createSession(tx, flow.userId, pkceMethods[flow.method], client)
    })
    return tokenResponse(services, grant)
  }

  auth.post('/token', async (c) => {
    const grantType = c.req.query('grant_type')
    const body = await readJsonBody(c)
    switch (grantType) {
      case 'password':
        return c.json(await passwordGrant(c, body))
      case 'refresh_token':
        return c.json(await refreshGrant(body))
      case 'pkce':
        return c.json(await pkceGrant(c, body))
      default:
        throw validationError(`unsupported_grant_type: ${grantType ?? '(none)'}`)
    }
  })
}
