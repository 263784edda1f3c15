// The local Auth service (GoTrue-compatible, /auth/v1) and the mail inbox (/inbox) it sends to. Each
// group of endpoints lives in its own file; this wires them on one sub-app with GoTrue's error shape
// and the API-version header on every response.
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { StackContext } from '../context'
import { isLocalDevelopment } from '../deployment'
import { createMailer, type Mailer } from '../mail/mailer'
import { openMailbox, type Mailbox } from '../mail/mailbox'
import { mountInbox } from '../mail/mountInbox'
import { mountAdminRoutes } from './adminRoutes'
import { API_VERSION, API_VERSION_HEADER, AuthError, authErrorResponse } from './authError'
import type { AuthServices } from './authServices'
import { mountEmailLinkRoutes } from './emailLinkRoutes'
import { prepareGoogleLinkRequests } from './googleLinkRequests'
import { mountGoogleRoutes } from './googleRoutes'
import { createPasswordHasher } from './passwords'
import { createEmailRequestLimits } from './emailRequestLimits'
import { createPasswordAttempts } from './passwordAttempts'
import { createRateLimiter } from './rateLimiter'
import { mountSettingsRoutes } from './settingsRoutes'
import { mountSignupRoutes } from './signupRoutes'
import { mountTokenRoutes } from './tokenRoutes'
import { mountUserRoutes } from './userRoutes'

/** Opened by a browser (email links, the Google stand-in), so no apikey is required, as on Supabase. */
const browserPaths = new Set([
  '/auth/v1/verify',
  '/auth/v1/authorize',
  '/auth/v1/callback',
  '/auth/v1/google/link',
])

export async function mountAuth(app: Hono, ctx: StackContext): Promise<{ mailbox: Mailbox; mailer: Mailer }> {
  const mailbox = await openMailbox(ctx.db)
  const mailer = createMailer(ctx.config, mailbox)
  await prepareGoogleLinkRequests(ctx.db)
  const limits = { max: ctx.config.maxFailedSignIns, windowSeconds: ctx.config.signInWindowSeconds }
  const services: AuthServices = {
    ctx,
    db: ctx.db,
    mailer,
    passwords: createPasswordHasher(ctx.config.passwordHashCost),
    passwordAttempts: createPasswordAttempts({
      maxFailures: ctx.config.maxFailedSignIns,
      maxFailuresPerAddress: ctx.config.maxFailedSignInsPerAddress,
      windowSeconds: ctx.config.signInWindowSeconds,
      firstDelayMs: ctx.config.signInBackoffMs,
      maxDelayMs: ctx.config.signInBackoffMaxMs,
    }),
    emailRequests: createEmailRequestLimits(ctx.config),
    otpLimiter: createRateLimiter(limits),
    otpPerEmail: createRateLimiter({ ...limits, max: limits.max * 10 }),
  }

  const auth = new Hono()
  auth.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error)
    console.error('[auth] unexpected error', error)
    return authErrorResponse(
      c,
      new AuthError(
        500,
        'unexpected_failure',
        'Unexpected failure, please check server logs for more information',
      ),
    )
  })
  auth.use('*', async (c, next) => {
    c.header(API_VERSION_HEADER, API_VERSION)
    await next()
  })
  auth.use(
    '*',
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) =>
        authErrorResponse(c, new AuthError(413, 'validation_failed', 'Request body is too large')),
    }),
  )
  auth.use('*', async (c, next) => {
    if (!browserPaths.has(c.req.path)) {
      const apikey = c.req.header('apikey') ?? c.req.query('apikey')
      if (!apikey) throw new AuthError(401, 'no_authorization', 'No API key found in request')
      if (apikey !== ctx.keys.anonKey && apikey !== ctx.keys.serviceRoleKey) {
        throw new AuthError(401, 'no_authorization', 'Invalid API key')
      }
    }
    await next()
  })

  mountSettingsRoutes(auth, services)
  mountSignupRoutes(auth, services)
  mountTokenRoutes(auth, services)
  mountEmailLinkRoutes(auth, services)
  mountUserRoutes(auth, services)
  mountAdminRoutes(auth, services)
  mountGoogleRoutes(auth, services)
  auth.all('*', () => {
    throw new AuthError(404, 'not_found', 'Not found')
  })

  app.route('/auth/v1', auth)
  mountInbox(app, mailbox, { enabled: isLocalDevelopment(ctx.config) })
  return { mailbox, mailer }
}
