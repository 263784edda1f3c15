// Settings of the local stack. Every value has a development default so `npm start` needs no setup;
// environment variables override them. The JWT secret and the two API keys are fixed, documented
// development values: they are accepted by this local stack and nothing else.
import path from 'node:path'
import type { ApiConfig } from '../api/app'

export interface StackConfig {
  /** Port for HTTP and WebSocket (Auth, REST, Realtime, Storage, inbox, product API). */
  port: number
  host: string
  /** Where PGlite and stored files live; undefined keeps everything in memory (tests). */
  dataDir: string | undefined
  /** Where users land after email links and Google sign-in when no redirect is given. */
  siteUrl: string
  /** Extra origins that email links and OAuth may redirect to (the site URL is always allowed). */
  redirectAllowList: string[]
  jwtSecret: string
  /** Access-token lifetime in seconds (supabase-js refreshes 90 s before expiry). */
  jwtExpiry: number
  /** When true, sign-up returns a session at once instead of sending a confirmation email. */
  autoConfirm: boolean
  /** Failed password sign-ins allowed per email and per address within `signInWindowSeconds`. */
  maxFailedSignIns: number
  signInWindowSeconds: number
  /** Email links (magic link, recovery, confirmation) stay valid this long. */
  emailLinkLifetimeSeconds: number
  /** log2 of scrypt's N for new password hashes (default 15, ~90 ms); tests may lower it to run faster. */
  passwordHashCost?: number
  /** A built app (dist/) to serve from the stack's origin; undefined serves none. */
  appDir?: string
  /** Overrides for the product API (tests: faster job polling, an injected vision layer, limits). */
  api?: Partial<Pick<ApiConfig, 'jobs' | 'limits' | 'vision'>>
}

export const LOCAL_JWT_SECRET = 'moori-local-development-jwt-secret-do-not-use-in-production'
export const DEFAULT_PORT = 54321

function envFlag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase())
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): StackConfig {
  const port = Number(env.MOORI_STACK_PORT ?? DEFAULT_PORT)
  return {
    port,
    host: env.MOORI_STACK_HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.MOORI_DATA_DIR ?? '.data'),
    siteUrl: env.MOORI_SITE_URL ?? 'http://localhost:4173',
    redirectAllowList: (
      env.MOORI_REDIRECT_ALLOW_LIST ?? 'http://localhost:5173,http://127.0.0.1:4173,http://127.0.0.1:5173'
    )
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    jwtSecret: env.MOORI_JWT_SECRET ?? LOCAL_JWT_SECRET,
    jwtExpiry: Number(env.MOORI_JWT_EXPIRY ?? 3600),
    autoConfirm: envFlag(env.MOORI_AUTO_CONFIRM, false),
    maxFailedSignIns: Number(env.MOORI_MAX_FAILED_SIGN_INS ?? 10),
    signInWindowSeconds: Number(env.MOORI_SIGN_IN_WINDOW_SECONDS ?? 300),
    emailLinkLifetimeSeconds: Number(env.MOORI_EMAIL_LINK_LIFETIME ?? 3600),
  }
}

/** A config for tests: in memory, any free port, auto-confirm on unless asked otherwise. */
export function testConfig(overrides: Partial<StackConfig> = {}): StackConfig {
  return {
    ...configFromEnv({}),
    port: 0,
    dataDir: undefined,
    siteUrl: 'http://localhost:4173',
    autoConfirm: true,
    ...overrides,
  }
}
