// Who may talk to the stack from a browser. The Host header must name this machine (a loopback name)
// or a configured host (the site URL's, MOORI_ALLOWED_ORIGINS'): a foreign DNS name rebound to this
// address is refused, so a page on it cannot read the stack. A request's Origin, when a browser sends
// one, must be the stack's own origin, the site's, or a configured one.
import type { StackConfig } from '../config'
import { hostnameOf, isLoopbackHostname } from './networkNames'

export interface OriginPolicy {
  /** The Host header names this stack. */
  isAllowedHost(hostHeader: string | undefined): boolean
  /** A browser origin that may call the stack (and read its answers through CORS). */
  isAllowedOrigin(origin: string, hostHeader: string | undefined): boolean
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

export function createOriginPolicy(config: StackConfig): OriginPolicy {
  const configured = [config.siteUrl, ...config.allowedOrigins]
    .map(originOf)
    .filter((o): o is string => o !== null)
  const origins = new Set(configured)
  const hosts = new Set(configured.map((o) => new URL(o).host))

  const isAllowedHost = (hostHeader: string | undefined): boolean => {
    if (!hostHeader) return false
    const host = hostHeader.trim().toLowerCase()
    const hostname = hostnameOf(host)
    if (hostname === null) return false
    return isLoopbackHostname(hostname) || hosts.has(host)
  }

  return {
    isAllowedHost,
    isAllowedOrigin(origin, hostHeader) {
      if (origins.has(origin)) return true
      // The stack's own origin: the page was served by this host (checked above), over either scheme
      // (a TLS proxy in front makes it https).
      if (!hostHeader || !isAllowedHost(hostHeader)) return false
      const host = hostHeader.trim().toLowerCase()
      return origin === `http://${host}` || origin === `https://${host}`
    },
  }
}
