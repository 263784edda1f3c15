// Settings of the local stack. Every value has a development default so `npm start` needs no setup;
// environment variables override them. The JWT secret and the two API keys are fixed, documented
// development values: they are accepted by this local stack and nothing else, and the stack refuses
// to serve them beyond loopback (see startupSecurity.ts).
import path from 'node:path'
import type { ApiConfig } from '../api/app'
import type { RenderLimits } from './storage/renderCache'

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
  /** Browser origins besides the stack's own and the site URL's that may call it (CORS), and whose
   * hosts the Host header may name. */
  allowedOrigins: string[]
  /** Addresses of reverse proxies whose X-Forwarded-For is believed; nobody else's is. */
  trustedProxies: string[]
  jwtSecret: string
  /** Access-token lifetime in seconds (supabase-js refreshes 90 s before expiry). */
  jwtExpiry: number
  /** When true, sign-up returns a session at once instead of sending a confirmation email. */
  autoConfirm: boolean
  /** The local Google stand-in: anyone can claim any address on its page, so it is off unless asked. */
  googleStandIn: boolean
  /** Failed password sign-ins allowed per account from one address within `signInWindowSeconds`; past
   * it that pair is refused (429), and the account is slowed down (never refused: its owner must get in). */
  maxFailedSignIns: number
  /** Failed password sign-ins allowed per address across accounts (then 429): credential stuffing. */
  maxFailedSignInsPerAddress: number
  signInWindowSeconds: number
  /** The first delay of a slowed-down email, doubled per further failure up to `signInBackoffMaxMs`. */
  signInBackoffMs: number
  signInBackoffMaxMs: number
  /** Sign-ups, magic links/codes and recovery emails asked for, per client address and per email
   * address, within `emailRequestWindowSeconds`. */
  emailRequestsPerAddress: number
  emailRequestsPerEmail: number
  emailRequestWindowSeconds: number
  /** Email links (magic link, recovery, confirmation) stay valid this long. */
  emailLinkLifetimeSeconds: number
  /** Where emails go: an SMTP URL (`smtps://user:password@mail.example:465`); without one they are kept
   * in the local inbox, which only a stack run for local development serves. */
  smtpUrl: string | undefined
  /** The From of every email, e.g. `Moori <no-reply@moori.example>`. */
  smtpFrom: string
  /** Tries per email before it is given up (logged), and the first wait between tries (doubled each time). */
  mailAttempts: number
  mailRetryDelayMs: number
  /** Storage's image renderer: renders at once and waiting (overall and per caller), a time limit per
   * render and the disk budget of its cache (its pixel limit is the app's, MAX_IMAGE_PIXELS). */
  renders: RenderLimits
  /** Largest REST request body (bytes) and most rows one insert may carry. */
  maxRestBodyBytes: number
  maxRowsPerInsert: number
  /** log2 of scrypt's N for new password hashes (default 15, ~90 ms); tests may lower it to run faster. */
  passwordHashCost?: number
  /** A built app (dist/) to serve from the stack's origin; undefined serves none. */
  appDir?: string
  /** Overrides for the product API (tests: faster job polling, an injected vision layer, limits). */
  api?: Partial<Pick<ApiConfig, 'jobs' | 'limits' | 'vision'>>
}

export const LOCAL_JWT_SECRET = 'moori-local-development-jwt-secret-do-not-use-in-production'
const DEFAULT_PORT = 54321

function envFlag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase())
}

function envList(value: string | undefined, fallback = ''): string[] {
  return (value ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

function envNumber(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback
  const number = Number(value)
  if (!Number.isFinite(number) || number < 0)
    throw new Error(`Expected a non-negative number, got "${value}"`)
  return number
}

/** `Moori <no-reply@host of the site URL>`, or a local address when there is no site URL. */
function defaultFrom(siteUrl: string | undefined): string {
  let host = 'localhost'
  try {
    if (siteUrl) host = new URL(siteUrl).hostname
  } catch {
    // not a URL: the stack refuses it elsewhere
  }
  return `Moori <no-reply@${host}>`
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): StackConfig {
  return {
    port: envNumber(env.MOORI_STACK_PORT, DEFAULT_PORT),
    host: env.MOORI_STACK_HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.MOORI_DATA_DIR ?? '.data'),
    siteUrl: env.MOORI_SITE_URL ?? 'http://localhost:4173',
    redirectAllowList: envList(
      env.MOORI_REDIRECT_ALLOW_LIST,
      'http://localhost:5173,http://127.0.0.1:4173,http://127.0.0.1:5173',
    ),
    allowedOrigins: envList(env.MOORI_ALLOWED_ORIGINS),
    trustedProxies: envList(env.MOORI_TRUSTED_PROXIES),
    jwtSecret: env.MOORI_JWT_SECRET ?? LOCAL_JWT_SECRET,
    jwtExpiry: envNumber(env.MOORI_JWT_EXPIRY, 3600),
    autoConfirm: envFlag(env.MOORI_AUTO_CONFIRM, false),
    googleStandIn: envFlag(env.MOORI_GOOGLE_STAND_IN, false),
    maxFailedSignIns: envNumber(env.MOORI_MAX_FAILED_SIGN_INS, 10),
    maxFailedSignInsPerAddress: envNumber(env.MOORI_MAX_FAILED_SIGN_INS_PER_ADDRESS, 100),
    signInWindowSeconds: envNumber(env.MOORI_SIGN_IN_WINDOW_SECONDS, 300),
    signInBackoffMs: envNumber(env.MOORI_SIGN_IN_BACKOFF_MS, 1000),
    signInBackoffMaxMs: envNumber(env.MOORI_SIGN_IN_BACKOFF_MAX_MS, 15_000),
    emailRequestsPerAddress: envNumber(env.MOORI_EMAIL_REQUESTS_PER_ADDRESS, 30),
    emailRequestsPerEmail: envNumber(env.MOORI_EMAIL_REQUESTS_PER_EMAIL, 6),
    emailRequestWindowSeconds: envNumber(env.MOORI_EMAIL_REQUEST_WINDOW_SECONDS, 3600),
    emailLinkLifetimeSeconds: envNumber(env.MOORI_EMAIL_LINK_LIFETIME, 3600),
    smtpUrl: env.MOORI_SMTP_URL?.trim() || undefined,
    smtpFrom: env.MOORI_SMTP_FROM?.trim() || defaultFrom(env.MOORI_SITE_URL),
    mailAttempts: Math.max(1, envNumber(env.MOORI_MAIL_ATTEMPTS, 5)),
    mailRetryDelayMs: envNumber(env.MOORI_MAIL_RETRY_DELAY_MS, 2000),
    maxRestBodyBytes: envNumber(env.MOORI_MAX_REST_BODY_BYTES, 2 * 1024 * 1024),
    maxRowsPerInsert: envNumber(env.MOORI_MAX_ROWS_PER_INSERT, 1000),
    renders: renderLimitsFromEnv(env),
  }
}

/** The renderer's bounds: two renders at a time (the small servers this runs on), 32 more waiting, 8 of
 * one caller's (a browser opens 6 connections to a host, so a wall's photos queue rather than fail), 10
 * seconds each, and 256 MB of renders on disk: a 480 px photo is about 30 KB, so some 8,000 of them. */
function renderLimitsFromEnv(env: NodeJS.ProcessEnv): RenderLimits {
  return {
    running: Math.max(1, envNumber(env.MOORI_RENDER_CONCURRENCY, 2)),
    waiting: envNumber(env.MOORI_RENDER_QUEUE, 32),
    perCaller: Math.max(1, envNumber(env.MOORI_RENDER_QUEUE_PER_CALLER, 8)),
    timeoutSeconds: Math.max(1, Math.round(envNumber(env.MOORI_RENDER_TIMEOUT_SECONDS, 10))),
    cacheBytes: Math.round(envNumber(env.MOORI_RENDER_CACHE_MB, 256) * 1024 * 1024),
  }
}

/** A config for tests: in memory, any free port, auto-confirm on and request limits out of the way
 * unless asked otherwise (the security suite sets them low on purpose). */
export function testConfig(overrides: Partial<StackConfig> = {}): StackConfig {
  return {
    ...configFromEnv({}),
    port: 0,
    dataDir: undefined,
    siteUrl: 'http://localhost:4173',
    autoConfirm: true,
    emailRequestsPerAddress: 10_000,
    emailRequestsPerEmail: 1000,
    ...overrides,
  }
}
