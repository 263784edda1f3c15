// Whether the stack runs for local development on this machine or is set up to be reached from
// elsewhere. Neither the socket's peer nor the request's headers can tell: behind a reverse proxy on
// the same host every request comes from 127.0.0.1, and nginx's default proxy_pass, HAProxy without
// forwardfor, ssh -R or socat add no header. The configuration can: a developer's machine is bound to
// loopback, with a loopback site URL, only loopback origins and redirects, and no trusted proxies. Any
// other setting says people elsewhere reach it, and the development tools (the inbox) and the public
// development secret are allowed only in the first case.
import type { StackConfig } from './config'
import { isLoopbackHostname } from './guard/networkNames'

type DeploymentSettings = Pick<
  StackConfig,
  'host' | 'siteUrl' | 'allowedOrigins' | 'redirectAllowList' | 'trustedProxies'
>

function isLoopbackUrl(value: string): boolean {
  try {
    return isLoopbackHostname(new URL(value).hostname)
  } catch {
    return false
  }
}

export function isLocalDevelopment(config: DeploymentSettings): boolean {
  return exposingSettings(config).length === 0
}

/** The settings that say the stack is reached from elsewhere (none: local development), as a person reads them. */
export function exposingSettings(config: DeploymentSettings): string[] {
  const settings: string[] = []
  if (!isLoopbackHostname(config.host)) settings.push(`listening on ${config.host} (MOORI_STACK_HOST)`)
  if (!isLoopbackUrl(config.siteUrl)) settings.push(`site URL ${config.siteUrl} (MOORI_SITE_URL)`)
  const origins = config.allowedOrigins.filter((o) => !isLoopbackUrl(o))
  if (origins.length) settings.push(`origins ${origins.join(', ')} (MOORI_ALLOWED_ORIGINS)`)
  const redirects = config.redirectAllowList.filter((o) => !isLoopbackUrl(o))
  if (redirects.length) settings.push(`redirects ${redirects.join(', ')} (MOORI_REDIRECT_ALLOW_LIST)`)
  if (config.trustedProxies.length) settings.push('trusted proxies (MOORI_TRUSTED_PROXIES)')
  return settings
}

/**
 * Where links in emails lead: the stack's own address in development, the site URL's origin in a
 * deployment (the stack is reached there, through its proxy; its own address may be 127.0.0.1).
 */
export function emailLinkOrigin(config: DeploymentSettings, publicUrl: string): string {
  return isLocalDevelopment(config) ? publicUrl : new URL(config.siteUrl).origin
}

/** Headers a proxy adds on the way in: a request that carries one did not come straight from here. */
const PROXY_HEADERS = ['forwarded', 'via', 'x-real-ip']

export function cameThroughProxy(headers: Headers): boolean {
  for (const name of headers.keys()) {
    if (name.startsWith('x-forwarded-') || PROXY_HEADERS.includes(name)) return true
  }
  return false
}
