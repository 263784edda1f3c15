// GET /settings and GET /health in GoTrue's shapes: which sign-in methods exist (email, and the
// Google stand-in when it is on) and whether sign-up needs email confirmation.
import type { Hono } from 'hono'
import type { AuthServices } from './authServices'

const externalProviders = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'github',
  'gitlab',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'phone',
  'slack',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
]

export function mountSettingsRoutes(auth: Hono, services: AuthServices): void {
  auth.get('/settings', (c) =>
    c.json({
      external: {
        ...Object.fromEntries(externalProviders.map((p) => [p, false])),
        email: true,
        google: services.ctx.config.googleStandIn,
      },
      disable_signup: false,
      mailer_autoconfirm: services.ctx.config.autoConfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  )

  auth.get('/health', (c) =>
    c.json({
      version: 'moori-local',
      name: 'GoTrue',
      description: "Moori's local stand-in for Supabase Auth (GoTrue-compatible)",
    }),
  )

  // HS256 tokens have no public keys; supabase-js verifies them by calling GET /user instead.
  auth.get('/.well-known/jwks.json', (c) => c.json({ keys: [] }))
}
