// The first thing every HTTP request meets: the Host header must name this stack (DNS rebinding), a
// browser's Origin must be allowed (originPolicy), and only allowed origins get CORS headers back, so
// a page elsewhere can neither read the stack's answers nor make it act. Requests without an Origin
// (curl, Node, email links opened in a tab) pass: CORS protects browsers' pages, not servers.
import type { MiddlewareHandler } from 'hono'
import type { OriginPolicy } from './guard/originPolicy'

const allowedRequestHeaders = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'x-supabase-api-version',
  'accept-profile',
  'content-profile',
  'prefer',
  'x-retry-count',
  'x-upsert',
  'cache-control',
  'x-metadata',
  'content-encoding',
  'range',
  'range-unit',
]

const exposedResponseHeaders = [
  'Content-Range',
  'X-Supabase-Api-Version',
  'Content-Type',
  'Content-Length',
  'Retry-After',
  'Content-Location',
  'Preference-Applied',
]

/** Paths that never answer another origin, whatever it is (the inbox holds sign-in links). */
const noCorsPrefixes = ['/inbox']

function refused(message: string): Response {
  return new Response(JSON.stringify({ message }), {
    status: 403,
    headers: { 'Content-Type': 'application/json; charset=utf-8', Vary: 'Origin' },
  })
}

/** `Origin: null` comes from opaque contexts, and from our own pages under `no-referrer` on a POST:
 * only the latter is same-origin, which the browser says in Sec-Fetch-Site. */
function originAllowed(
  policy: OriginPolicy,
  origin: string,
  host: string | undefined,
  fetchSite: string | undefined,
) {
  if (origin === 'null') return fetchSite === 'same-origin'
  return policy.isAllowedOrigin(origin, host)
}

export function requestGuard(policy: OriginPolicy): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header('host')
    if (!policy.isAllowedHost(host)) return refused('This server does not answer for that host name')
    const origin = c.req.header('origin')
    if (origin !== undefined && !originAllowed(policy, origin, host, c.req.header('sec-fetch-site'))) {
      return refused('Requests from this origin are not allowed')
    }
    const corsAllowed =
      origin !== undefined && origin !== 'null' && !noCorsPrefixes.some((p) => c.req.path.startsWith(p))
    if (c.req.method === 'OPTIONS') {
      const headers: Record<string, string> = { Vary: 'Origin' }
      if (corsAllowed) {
        headers['Access-Control-Allow-Origin'] = origin
        headers['Access-Control-Allow-Methods'] = 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS'
        headers['Access-Control-Allow-Headers'] = allowedRequestHeaders.join(', ')
        headers['Access-Control-Max-Age'] = '86400'
      }
      return new Response(null, { status: 204, headers })
    }
    await next()
    if (corsAllowed) c.res.headers.set('Access-Control-Allow-Origin', origin)
    if (!noCorsPrefixes.some((p) => c.req.path.startsWith(p))) {
      c.res.headers.set('Access-Control-Expose-Headers', exposedResponseHeaders.join(', '))
    }
    c.res.headers.append('Vary', 'Origin')
  }
}
