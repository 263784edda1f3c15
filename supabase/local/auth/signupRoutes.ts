// POST /signup: creates an email user. With confirmation on (the default) it emails a confirmation link
// and answers with the bare user, and a sign-up for an address that already has a confirmed account
// gets the same answer (its owner gets a "you already have an account" email instead), so sign-up
// cannot be used to learn who is registered. With autoConfirm it returns a session at once, like
// GoTrue's mailer_autoconfirm, and must then refuse an existing address. Limited per address and email.
import type { Hono } from 'hono'
import { AuthError } from './authError'
import type { AuthServices } from './authServices'
import { sendAccountExistsEmail, sendAuthEmail } from './authEmails'
import { clientAddress } from './clientAddress'
import { admitEmailRequest } from './emailRequestLimits'
import { issueEmailToken, type IssuedEmailToken } from './emailTokens'
import { checkPasswordStrength } from './passwords'
import { resolveRedirect } from './redirects'
import { pkceChallengeOf, readJsonBody } from './requestBody'
import { createSession, type SessionGrant } from './sessions'
import { signupAnswer, standInUserId } from './signupAnswer'
import { tokenResponse } from './tokenResponse'
import { findUserByEmail, insertEmailUser, metadataOf, normalizeEmail } from './users'

const alreadyRegistered = () => new AuthError(422, 'user_already_exists', 'User already registered')

type Outcome =
  | { kind: 'session'; grant: SessionGrant }
  | { kind: 'confirm'; userId: string; email: IssuedEmailToken }
  | { kind: 'registered' }

export function mountSignupRoutes(auth: Hono, services: AuthServices): void {
  const { ctx, db } = services

  auth.post('/signup', async (c) => {
    const body = await readJsonBody(c)
    if (body.phone !== undefined && body.phone !== null && body.phone !== '') {
      throw new AuthError(
        422,
        'phone_provider_disabled',
        'Phone signups are not supported by the local stack',
      )
    }
    const email = normalizeEmail(body.email)
    const password = checkPasswordStrength(body.password)
    const userMetadata = metadataOf(body.data, 'data')
    const pkce = pkceChallengeOf(body.code_challenge, body.code_challenge_method)
    const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'))
    const client = { ip: clientAddress(c, ctx.config), userAgent: c.req.header('user-agent') }
    admitEmailRequest(services.emailRequests, c, email, client.ip)
    // Hashed whatever happens next, so every answer costs the same time.
    const passwordHash = await services.passwords.hash(password)

    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const existing = await findUserByEmail(tx, email)
      if (existing && ctx.config.autoConfirm) throw alreadyRegistered()
      if (existing?.email_confirmed_at) return { kind: 'registered' }
      const lifetime = ctx.config.emailLinkLifetimeSeconds
      if (existing) {
        // Unconfirmed: resend the confirmation but change nothing, since whoever calls may not own the address.
        const issued = await issueEmailToken(tx, existing.id, 'confirmation_token', pkce, lifetime)
        await tx.query('update auth.users set confirmation_sent_at = now() where id = $1', [existing.id])
        return { kind: 'confirm', userId: existing.id, email: issued }
      }
      const confirmed = ctx.config.autoConfirm
      const user = await insertEmailUser(tx, {
        email,
        passwordHash,
        confirmed,
        userMetadata,
        confirmationSent: !confirmed,
      })
      if (confirmed) return { kind: 'session', grant: await createSession(tx, user.id, 'password', client) }
      const issued = await issueEmailToken(tx, user.id, 'confirmation_token', pkce, lifetime)
      return { kind: 'confirm', userId: user.id, email: issued }
    })

    switch (outcome.kind) {
      case 'session':
        return c.json(await tokenResponse(services, outcome.grant))
      case 'confirm':
        await sendAuthEmail(services, 'signup', email, outcome.email, redirectTo)
        return c.json(signupAnswer(outcome.userId, email, userMetadata))
      case 'registered':
        await sendAccountExistsEmail(services, email, redirectTo)
        return c.json(signupAnswer(standInUserId(ctx.config.jwtSecret, email), email, userMetadata))
    }
  })
}
