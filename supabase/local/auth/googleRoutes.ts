// Google sign-in offline: GET /authorize shows the local stand-in consent page instead of going to
// Google; POST /callback (its form) signs the chosen account in and finishes like GoTrue does, with a
// 303 back to the app carrying tokens in the fragment (implicit) or ?code= (PKCE).
import type { Hono } from 'hono'
import { AuthError, validationError } from './authError'
import type { AuthServices } from './authServices'
import { clientAddress } from './clientAddress'
import { createFlowState } from './flowState'
import { renderConsentPage, renderStandInErrorPage, standInPageHeaders } from './googleConsentPage'
import { signInGoogleUser } from './googleUsers'
import { decodeOAuthState, encodeOAuthState } from './oauthState'
import { resolveRedirect, withError, withFragment, withQuery } from './redirects'
import { pkceChallengeOf } from './requestBody'
import { createSession } from './sessions'
import { fragmentOf, tokenResponse } from './tokenResponse'
import { normalizeEmail } from './users'

function field(form: Record<string, unknown>, name: string): string {
  const value = form[name]
  return typeof value === 'string' ? value : ''
}

export function mountGoogleRoutes(auth: Hono, services: AuthServices): void {
  const { ctx, db } = services
  const secret = ctx.config.jwtSecret

  auth.get('/authorize', (c) => {
    const provider = c.req.query('provider') ?? ''
    if (provider !== 'google') {
      throw validationError(
        `Unsupported provider: ${provider || '(none)'} is not available in the local stack (only google is)`,
      )
    }
    const pkce = pkceChallengeOf(c.req.query('code_challenge'), c.req.query('code_challenge_method'))
    const redirectTo = resolveRedirect(ctx.config, c.req.query('redirect_to'))
    const state = encodeOAuthState(secret, { provider: 'google', redirectTo, pkce })
    return c.html(
      renderConsentPage({ state, returnOrigin: new URL(redirectTo).origin }),
      200,
      standInPageHeaders,
    )
  })

  auth.post('/callback', async (c) => {
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

    const client = { ip: clientAddress(c, ctx.config), userAgent: c.req.header('user-agent') }
    const outcome = await db.transaction(async (tx) => {
      const userId = await signInGoogleUser(tx, email, name)
      if (state.pkce) return { code: await createFlowState(tx, userId, state.pkce, 'oauth'), grant: null }
      return { code: null, grant: await createSession(tx, userId, 'oauth', client) }
    })
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    if (outcome.code !== null) return c.redirect(withQuery(state.redirectTo, { code: outcome.code }), 303)
    const response = await tokenResponse(services, outcome.grant)
    return c.redirect(withFragment(state.redirectTo, fragmentOf(response)), 303)
  })
}
