// Google sign-in offline: GET /authorize shows the local stand-in consent page instead of going to
// Google; POST /callback (its form) signs the chosen account in and finishes like GoTrue does, with a
// 303 back to the app carrying tokens in the fragment (implicit) or ?code= (PKCE). The stand-in is
// off unless configured (StackConfig.googleStandIn); an address that already has an account is only
// linked after its owner opens the link emailed to it (GET /google/link).
import type { Context, Hono } from 'hono'
import { AuthError, validationError } from './authError'
import type { AuthServices } from './authServices'
import { sendGoogleLinkEmail } from './authEmails'
import { clientAddress } from './clientAddress'
import { createFlowState } from './flowState'
import {
  renderCheckEmailPage,
  renderConsentPage,
  renderStandInErrorPage,
  standInPageHeaders,
} from './googleConsentPage'
import { consumeGoogleLinkRequest, createGoogleLinkRequest } from './googleLinkRequests'
import { linkGoogleIdentity, signInGoogleUser } from './googleUsers'
import { decodeOAuthState, encodeOAuthState } from './oauthState'
import { resolveRedirect, withError, withFragment, withQuery } from './redirects'
import { pkceChallengeOf, type PkceChallenge } from './requestBody'
import { createSession, type SessionGrant } from './sessions'
import { fragmentOf, tokenResponse } from './tokenResponse'
import { normalizeEmail, type Queryable } from './users'

function field(form: Record<string, unknown>, name: string): string {
  const value = form[name]
  return typeof value === 'string' ? value : ''
}

const providerDisabled = {
  error: 'access_denied',
  error_code: 'provider_disabled',
  error_description: 'Google sign-in is not enabled on this server.',
}

const expiredLink = {
  error: 'access_denied',
  error_code: 'otp_expired',
  error_description: 'Email link is invalid or has expired',
}

export function mountGoogleRoutes(auth: Hono, services: AuthServices): void {
  const { ctx, db } = services
  const secret = ctx.config.jwtSecret
  const enabled = ctx.config.googleStandIn

  /** Signs the user in: a session in the fragment, or a PKCE code in the query. */
  async function finish(
    c: Context,
    redirectTo: string,
    outcome: { code: string | null; grant: SessionGrant | null },
  ) {
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    if (outcome.code !== null) return c.redirect(withQuery(redirectTo, { code: outcome.code }), 303)
    const response = await tokenResponse(services, outcome.grant!)
    return c.redirect(withFragment(redirectTo, fragmentOf(response)), 303)
  }

  async function signInAs(tx: Queryable, c: Context, userId: string, pkce: PkceChallenge | null) {
    if (pkce) return { code: await createFlowState(tx, userId, pkce, 'oauth'), grant: null }
    const client = { ip: clientAddress(c, ctx.config), userAgent: c.req.header('user-agent') }
    return { code: null, grant: await createSession(tx, userId, 'oauth', client) }
  }

  auth.get('/authorize', (c) => {
    const provider = c.req.query('provider') ?? ''
    if (provider !== 'google') {
      throw validationError(
        `Unsupported provider: ${provider || '(none)'} is not available in the local stack (only google is)`,
      )
    }
    const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'))
    // Back to the app with an error it shows, rather than a JSON page in the browser.
    if (!enabled) return c.redirect(withError(redirectTo, providerDisabled, true), 303)
    const pkce = pkceChallengeOf(c.req.query('code_challenge'), c.req.query('code_challenge_method'))
    const state = encodeOAuthState(secret, { provider: 'google', redirectTo, pkce })
    return c.html(
      renderConsentPage({ state, returnOrigin: new URL(redirectTo).origin }),
      200,
      standInPageHeaders,
    )
  })

  auth.post('/callback', async (c) => {
    if (!enabled)
      throw new AuthError(404, 'provider_disabled', 'Google sign-in is not enabled on this server')
    const form = await c.req.parseBody()
    const state = decodeOAuthState(secret, field(form, 'state'))
    if (!state) {
      return c.html(
        renderStandInErrorPage('This sign-in request has expired or is not valid.'),
        400,
        standInPageHeaders,
      )
    }
    const pkceFlow = state.pkce !== null
    if (field(form, 'action') === 'cancel') {
      const error = {
        error: 'access_denied',
        error_code: 'access_denied',
        error_description: 'The Google sign-in was cancelled',
      }
      return c.redirect(withError(state.redirectTo, error, pkceFlow), 303)
    }
    // Control characters out, length capped: the name ends up in user_metadata.
    const name =
      field(form, 'name')
        .replace(/\p{Cc}/gu, '')
        .trim()
        .slice(0, 100) || null
    let email: string
    try {
      email = normalizeEmail(field(form, 'email'))
    } catch (error) {
      if (!(error instanceof AuthError)) throw error
      const page = renderConsentPage({
        state: field(form, 'state'),
        returnOrigin: new URL(state.redirectTo).origin,
        email: field(form, 'email'),
        name: name ?? '',
        error: 'Enter a valid email address, like name@example.com.',
      })
      return c.html(page, 400, standInPageHeaders)
    }

    const outcome = await db.transaction(async (tx) => {
      const signIn = await signInGoogleUser(tx, email, name)
      if (signIn.kind === 'signedIn') return { signedIn: await signInAs(tx, c, signIn.userId, state.pkce) }
      const token = await createGoogleLinkRequest(
        tx,
        {
          userId: signIn.user.id,
          identityData: signIn.identityData,
          redirectTo: state.redirectTo,
          pkce: state.pkce,
        },
        ctx.config.emailLinkLifetimeSeconds,
      )
      return { confirmBy: token }
    })
    if (outcome.signedIn) return finish(c, state.redirectTo, outcome.signedIn)
    await sendGoogleLinkEmail(services, email, outcome.confirmBy)
    return c.html(renderCheckEmailPage(email), 200, standInPageHeaders)
  })

  /** The link in the owner's email: links Google to the account and signs in, once. */
  auth.get('/google/link', async (c) => {
    const token = c.req.query('token') ?? ''
    const outcome = await db.transaction(async (tx) => {
      const request = token ? await consumeGoogleLinkRequest(tx, token) : null
      if (!request) return null
      await linkGoogleIdentity(tx, request.userId, request.identityData)
      return { redirectTo: request.redirectTo, signedIn: await signInAs(tx, c, request.userId, request.pkce) }
    })
    if (!outcome) {
      c.header('Cache-Control', 'no-store')
      return c.redirect(withError(resolveRedirect(ctx.config, null), expiredLink, false), 303)
    }
    return finish(c, outcome.redirectTo, outcome.signedIn)
  })
}
