// What the stack checks about itself before it listens. The development JWT secret is public (it is
// in this repository), so with it anyone mints a service_role token: the stack refuses to listen
// beyond loopback with it, and says loudly that it is in use. Other settings that hand out access
// (the Google stand-in) are announced too.
import { LOCAL_JWT_SECRET, type StackConfig } from './config'
import { isLoopbackHostname } from './guard/networkNames'

const MIN_JWT_SECRET_LENGTH = 32

export class UnsafeStartupError extends Error {
  override name = 'UnsafeStartupError'
}

/** Throws UnsafeStartupError when the stack must not start; otherwise the warnings to print. */
export function checkStartupSecurity(config: StackConfig): string[] {
  const warnings: string[] = []
  const defaultSecret = config.jwtSecret === LOCAL_JWT_SECRET
  if (defaultSecret && !isLoopbackHostname(config.host)) {
    throw new UnsafeStartupError(
      `Refusing to listen on ${config.host} with the public development JWT secret: anyone could mint ` +
        'service_role tokens. Set MOORI_JWT_SECRET to a long random value (e.g. `openssl rand -hex 32`), ' +
        'or bind to 127.0.0.1 (MOORI_STACK_HOST).',
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
        `service_role included. It is only accepted on loopback (${config.host}). ` +
        'Set MOORI_JWT_SECRET before exposing the stack.',
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
