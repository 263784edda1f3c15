// What the stack checks about itself before it listens. The development JWT secret is public (it is
// in this repository), so with it anyone mints a service_role token: the stack refuses it whenever
// any setting says it is reached from elsewhere (bound beyond loopback, a public site URL, origin or
// redirect, or a trusted proxy: a same-host proxy makes every peer loopback, and may add no header),
// and says loudly that it is in use.
// Other settings that hand out access (the Google stand-in) and a deployment that sends no email are
// announced too.
import { LOCAL_JWT_SECRET, type StackConfig } from './config'
import { exposingSettings } from './deployment'

const MIN_JWT_SECRET_LENGTH = 32

export class UnsafeStartupError extends Error {
  override name = 'UnsafeStartupError'
}

/** Throws UnsafeStartupError when the stack must not start; otherwise the warnings to print. */
export function checkStartupSecurity(config: StackConfig): string[] {
  const warnings: string[] = []
  const defaultSecret = config.jwtSecret === LOCAL_JWT_SECRET
  const exposing = exposingSettings(config)
  const reachable = exposing.length > 0
  if (defaultSecret && reachable) {
    throw new UnsafeStartupError(
      `Refusing to start with the public development JWT secret on a stack set up to be reached from ` +
        `elsewhere (${exposing.join('; ')}): anyone could mint service_role tokens. Set MOORI_JWT_SECRET ` +
        'to a long random value (e.g. `openssl rand -hex 32`), or run for local development only ' +
        '(127.0.0.1, a localhost site URL, loopback origins only, no MOORI_TRUSTED_PROXIES).',
    )
  }
  if (!defaultSecret && config.jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    throw new UnsafeStartupError(
      `MOORI_JWT_SECRET is too short: use at least ${MIN_JWT_SECRET_LENGTH} random characters.`,
    )
  }
  if (defaultSecret) {
    warnings.push(
      'The public development JWT secret is in use: anyone who can reach this port can mint any token, ' +
        'service_role included. It is only accepted while the stack runs for local development. ' +
        'Set MOORI_JWT_SECRET before exposing the stack.',
    )
  }
  if (reachable && !config.smtpUrl) {
    warnings.push(
      'No MOORI_SMTP_URL: this stack is set up to be reached from elsewhere, but it sends no email ' +
        '(sign-up confirmation, magic links and password recovery cannot reach anyone), and its inbox is off.',
    )
  }
  if (config.googleStandIn) {
    warnings.push(
      'The Google sign-in stand-in is on (MOORI_GOOGLE_STAND_IN): anyone can claim any new Google address ' +
        'on its page. Existing accounts are only linked after their owner confirms by email.',
    )
  }
  return warnings
}

/** A banner nobody scrolls past. */
export function formatWarnings(warnings: string[]): string {
  if (warnings.length === 0) return ''
  const rule = '!'.repeat(78)
  return [rule, ...warnings.map((w) => `!! WARNING: ${w}`), rule].join('\n')
}
