// Where email links and Google sign-in may send the browser back to: the site URL's origin, the
// allow list, or (only on a stack run for local development) any http://localhost / 127.0.0.1
// origin; everything else falls back to the site URL, as GoTrue does, so tokens never travel to a
// foreign origin. In a deployment a loopback target is refused even when listed: there it names
// whatever listens on the visitor's own machine, not Moori.
import type { StackConfig } from '../config'
import { isLocalDevelopment } from '../deployment'
import { isLoopbackHostname } from '../guard/networkNames'

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

function originOf(value: string): string | null {
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}

function isAllowedRedirect(config: StackConfig, url: URL): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  if (url.username || url.password) return false
  if (url.origin === originOf(config.siteUrl)) return true
  const local = isLocalDevelopment(config)
  if (!local && isLoopbackHostname(url.hostname)) return false
  if (config.redirectAllowList.some((entry) => originOf(entry) === url.origin)) return true
  return local && url.protocol === 'http:' && localHosts.has(url.hostname)
}

/** The redirect target to use: the requested one when allowed, otherwise the site root. */
export function resolveRedirect(config: StackConfig, requested: string | undefined | null): string {
  if (requested) {
    try {
      const url = new URL(requested)
      if (isAllowedRedirect(config, url)) return url.href
    } catch {
      // not a URL: fall back to the site URL
    }
  }
  return new URL(config.siteUrl).href
}

/** Replaces the fragment with the given parameters (the implicit flow's way of handing over tokens). */
export function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target)
  url.hash = new URLSearchParams(params).toString()
  return url.href
}

/** Adds parameters to the query, keeping the existing ones (the PKCE flow's `?code=`). */
export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return url.href
}

/** The error redirect of GET /verify and the Google stand-in; PKCE flows also get it in the query. */
export function withError(target: string, params: Record<string, string>, inQueryToo: boolean): string {
  return withFragment(inQueryToo ? withQuery(target, params) : target, params)
}
