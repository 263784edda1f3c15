// POST /signup: creates an email user. With confirmation on (the default) it returns the bare user
// and emails a confirmation link; with autoConfirm it returns a session at once, like GoTrue's
// mailer_autoconfirm.
import type { Hono } from 'hono'
import { AuthError } from './authError'
import type { AuthServices } from './authServices'
import { sendAuthEmail } from './authEmails'
import { clientAddress } from './clientAddress'
import { issueEmailToken, type IssuedEmailToken } from './emailTokens'
import { checkPasswordStrength } from './passwords'
import { resolveRedirect } from './redirects'
import { pkceChallengeOf, readJsonBody } from './requestBody'
import { createSession, type SessionGrant } from './sessions'
import { tokenResponse } from './tokenResponse'
import { findUserByEmail, insertEmailUser, metadataOf, normalizeEmail, userJson, type UserRow } from './users'

const alreadyRegistered = () => new AuthError(422, 'user_already_exists', 'User already registered')

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
    const passwordHash = await services.passwords.hash(password)
    const client = { ip: clientAddress(c), userAgent: c.req.header('user-agent') }

    type Outcome = { user: UserRow; grant: SessionGrant | null; email: IssuedEmailToken | null }
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const existing = await findUserByEmail(tx, email)
      if (existing) {
        if (existing.email_confirmed_at || ctx.config.autoConfirm) throw alreadyRegistered()
        // Unconfirmed: resend the confirmation but change nothing, since whoever calls may not own the address.
        const issued = await issueEmailToken(
          tx,
          existing.id,
          'confirmation_token',
          pkce,
          ctx.config.emailLinkLifetimeSeconds,
        )
        await tx.query('update auth.users set confirmation_sent_at = now() where id = $1', [existing.id])
        return { user: (await findUserByEmail(tx, email))!, grant: null, email: issued }
      }
      const confirmed = ctx.config.autoConfirm
      const user = await insertEmailUser(tx, {
        email,
        passwordHash,
        confirmed,
        userMetadata,
        confirmationSent: !confirmed,
      })
      if (confirmed) return { user, grant: await createSession(tx, user.id, 'password', client), email: null }
      const issued = await issueEmailToken(
        tx,
        user.id,
        'confirmation_token',
        pkce,
        ctx.config.emailLinkLifetimeSeconds,
      )
      return { user, grant: null, email: issued }
    })

    if (outcome.grant) return c.json(await tokenResponse(services, outcome.grant))
    if (outcome.email) await sendAuthEmail(services, 'signup', email, outcome.email, redirectTo)
    return c.json(await userJson(db, outcome.user))
  })
}
