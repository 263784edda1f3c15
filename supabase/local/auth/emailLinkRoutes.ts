// The email-based flows: POST /otp (magic link + code), POST /recover (password reset), both limited
// per client and email address and answering alike for registered and unknown addresses, and their
// verification: GET /verify (the link a browser opens; 303 back to the app with tokens in the
// fragment, or ?code= for PKCE) and POST /verify (a 6-digit code or a token hash → session).
import type { Context, Hono } from 'hono'
import { AuthError, tooManyAttempts, validationError } from './authError'
import type { AuthServices } from './authServices'
import { sendAuthEmail, type EmailLinkType } from './authEmails'
import { clientAddress } from './clientAddress'
import { admitEmailRequest } from './emailRequestLimits'
import {
  consumeLinkToken,
  consumeOtp,
  issueEmailToken,
  type ConsumedEmailToken,
  type EmailTokenType,
} from './emailTokens'
import { createFlowState, type AuthenticationMethod } from './flowState'
import { resolveRedirect, withError, withFragment, withQuery } from './redirects'
import { optionalString, pkceChallengeOf, readJsonBody } from './requestBody'
import { createSession, type ClientInfo, type SignInMethod } from './sessions'
import { fragmentOf, tokenResponse } from './tokenResponse'
import { findUserByEmail, insertEmailUser, metadataOf, normalizeEmail, type Queryable } from './users'

type VerifyType = 'signup' | 'magiclink' | 'recovery' | 'email'

const tokenTypesFor: Record<VerifyType, EmailTokenType[]> = {
  signup: ['confirmation_token'],
  magiclink: ['magiclink_token'],
  recovery: ['recovery_token'],
  email: ['confirmation_token', 'magiclink_token'],
}

const flowMethodOf: Record<EmailTokenType, AuthenticationMethod> = {
  confirmation_token: 'email/signup',
  magiclink_token: 'magiclink',
  recovery_token: 'recovery',
}

const sessionMethodOf: Record<EmailTokenType, SignInMethod> = {
  confirmation_token: 'otp',
  magiclink_token: 'otp',
  recovery_token: 'recovery',
}

function verifyTypeOf(value: unknown): VerifyType | null {
  return typeof value === 'string' && Object.hasOwn(tokenTypesFor, value) ? (value as VerifyType) : null
}

const expiredLink = {
  error: 'access_denied',
  error_code: 'otp_expired',
  error_description: 'Email link is invalid or has expired',
}

/** Every verified email proves the address, whatever the link was for (as in GoTrue). */
async function markEmailConfirmed(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1',
    [userId],
  )
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  )
}

export function mountEmailLinkRoutes(auth: Hono, services: AuthServices): void {
  const { ctx, db, otpLimiter, otpPerEmail } = services
  const lifetime = ctx.config.emailLinkLifetimeSeconds
  const clientOf = (c: Context): ClientInfo => ({
    ip: clientAddress(c, ctx.config),
    userAgent: c.req.header('user-agent'),
  })

  auth.post('/otp', async (c) => {
    const body = await readJsonBody(c)
    if (body.phone !== undefined && body.phone !== null && body.phone !== '') {
      throw new AuthError(422, 'phone_provider_disabled', 'Phone sign-in is not supported by the local stack')
    }
    const email = normalizeEmail(body.email)
    const createUser = body.create_user !== false
    const userMetadata = metadataOf(body.data, 'data')
    const pkce = pkceChallengeOf(body.code_challenge, body.code_challenge_method)
    const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'))
    admitEmailRequest(services.emailRequests, c, email, clientOf(c).ip)
    // The same answer whether or not the address has an account (with create_user off, an unknown
    // address simply gets no email), so this cannot be used to learn who is registered.
    const issued = await db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email)
      if (!user) {
        if (!createUser) return null
        user = await insertEmailUser(tx, { email, passwordHash: null, confirmed: false, userMetadata })
      }
      return issueEmailToken(tx, user.id, 'magiclink_token', pkce, lifetime)
    })
    if (issued) await sendAuthEmail(services, 'magiclink', email, issued, redirectTo)
    return c.json({})
  })

  auth.post('/recover', async (c) => {
    const body = await readJsonBody(c)
    const email = normalizeEmail(body.email)
    const pkce = pkceChallengeOf(body.code_challenge, body.code_challenge_method)
    const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'))
    admitEmailRequest(services.emailRequests, c, email, clientOf(c).ip)
    // Same answer whether or not the address has an account; only real accounts get an email.
    const issued = await db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email)
      if (!user) return null
      await tx.query('update auth.users set recovery_sent_at = now() where id = $1', [user.id])
      return issueEmailToken(tx, user.id, 'recovery_token', pkce, lifetime)
    })
    if (issued) await sendAuthEmail(services, 'recovery', email, issued, redirectTo)
    return c.json({})
  })

  auth.get('/verify', async (c) => {
    const token = c.req.query('token') ?? ''
    const type = verifyTypeOf(c.req.query('type'))
    const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'))
    const client = clientOf(c)
    const outcome = await db.transaction(async (tx) => {
      const consumed = token && type ? await consumeLinkToken(tx, token, tokenTypesFor[type]) : null
      if (!consumed) return null
      await markEmailConfirmed(tx, consumed.userId)
      if (consumed.pkce) {
        const code = await createFlowState(
          tx,
          consumed.userId,
          consumed.pkce,
          flowMethodOf[consumed.tokenType],
        )
        return { code, grant: null }
      }
      const grant = await createSession(tx, consumed.userId, sessionMethodOf[consumed.tokenType], client)
      return { code: null, grant }
    })
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    if (!outcome) return c.redirect(withError(redirectTo, expiredLink, token.startsWith('pkce_')), 303)
    if (outcome.code !== null) return c.redirect(withQuery(redirectTo, { code: outcome.code }), 303)
    const response = await tokenResponse(services, outcome.grant)
    return c.redirect(withFragment(redirectTo, fragmentOf(response, type as EmailLinkType)), 303)
  })

  auth.post('/verify', async (c) => {
    const body = await readJsonBody(c)
    const type = verifyTypeOf(body.type)
    if (!type) throw validationError('Unsupported verification type')
    const tokenHash = optionalString(body, 'token_hash')
    const otp = optionalString(body, 'token')?.trim()
    const client = clientOf(c)

    let consume: (tx: Queryable) => Promise<ConsumedEmailToken | null>
    if (tokenHash) {
      consume = (tx) => consumeLinkToken(tx, tokenHash, tokenTypesFor[type])
    } else if (otp && body.email !== undefined) {
      const email = normalizeEmail(body.email)
      // Every code tried counts, before it is checked and in the same step as the check: counting only
      // failures after the transaction let parallel guesses all pass the check first. Keyed by email
      // and address, so a stranger's wrong codes do not block the owner's entry; per email from
      // anywhere only with ten times the room, which still bounds guessing from many addresses.
      const pairKeys = [`email:${email}|address:${client.ip}`, `address:${client.ip}`]
      const emailKeys = [`email:${email}`]
      const wait = Math.max(otpLimiter.retryAfter(pairKeys), otpPerEmail.retryAfter(emailKeys))
      if (wait > 0) throw tooManyAttempts(c, wait, 'Too many verification attempts. Please try again later.')
      otpLimiter.record(pairKeys)
      otpPerEmail.record(emailKeys)
      consume = async (tx) => {
        const user = await findUserByEmail(tx, email)
        return user && /^\d{6}$/.test(otp) ? consumeOtp(tx, user.id, otp, tokenTypesFor[type]) : null
      }
    } else {
      throw validationError('Verify requires either a token and an email, or a token hash')
    }

    const grant = await db.transaction(async (tx) => {
      const consumed = await consume(tx)
      if (!consumed) return null
      await markEmailConfirmed(tx, consumed.userId)
      return createSession(tx, consumed.userId, sessionMethodOf[consumed.tokenType], client)
    })
    if (!grant) {
      throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid')
    }
    return c.json(await tokenResponse(services, grant))
  })
}
