// Whether the stack runs for local development on this machine or is set up to be reached from
// elsewhere. The socket's peer cannot tell: behind a reverse proxy on the same host every request
// comes from 127.0.0.1. The configuration can: a site URL on loopback with no trusted proxies is a
// developer's machine; a public site URL or a listed proxy means people elsewhere reach it. The
// development tools (the inbox) and the public development secret are allowed only in the first case.
import type { StackConfig } from './config'
import { isLoopbackHostname } from './guard/networkNames'

export function isLocalDevelopment(config: Pick<StackConfig, 'siteUrl' | 'trustedProxies'>): boolean {
  if (config.trustedProxies.length > 0) return false
  try {
    return isLoopbackHostname(new URL(config.siteUrl).hostname)
  } catch {
    return false
  }
}

/** Reached from other machines: bound beyond loopback, or configured for a public site or a proxy. */
export function isReachableFromElsewhere(
  config: Pick<StackConfig, 'host' | 'siteUrl' | 'trustedProxies'>,
): boolean {
  return !isLoopbackHostname(config.host) || !isLocalDevelopment(config)
}

/**
 * Where links in emails lead: the stack's own address in development, the site URL's origin in a
 * deployment (the stack is reached there, through its proxy; its own address may be 127.0.0.1).
 */
export function emailLinkOrigin(
  config: Pick<StackConfig, 'siteUrl' | 'trustedProxies'>,
  publicUrl: string,
): string {
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
