// The inbox holds every sign-in link the stack sent, so reading it is signing in as anyone. It is a
// development tool: on only when the stack runs for local development (deployment.ts), and then
// served only to this machine (a loopback peer) under a loopback name in Host (a proxy that adds no
// header still passes on the public name it was reached by), never to a request that came through a
// proxy (any Forwarded, Via or X-Forwarded-* header: behind a same-host proxy every peer is loopback),
// and only to same-origin requests: a page elsewhere, even one on a configured origin, gets a 403 and
// no CORS headers.
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { hostnameOf, isLoopbackAddress, isLoopbackHostname } from '../guard/networkNames'
import { cameThroughProxy } from '../deployment'

function peerAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null
  } catch {
    return null
  }
}

/** Null when the request may read the inbox, otherwise why not. */
export function inboxRefusal(c: Context): string | null {
  if (!isLoopbackAddress(peerAddress(c))) return 'The inbox is only served to this computer'
  if (cameThroughProxy(c.req.raw.headers)) return 'The inbox is not served through a proxy'
  const hostname = hostnameOf(c.req.header('host') ?? '')
  if (hostname === null || !isLoopbackHostname(hostname)) return 'The inbox is only served to this computer'
  const fetchSite = c.req.header('sec-fetch-site')
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return 'The inbox is only served to its own pages'
  }
  const origin = c.req.header('origin')
  const host = c.req.header('host')?.toLowerCase()
  const own = origin === `http://${host}` || origin === `https://${host}`
  if (origin !== undefined && !own && !(origin === 'null' && fetchSite === 'same-origin')) {
    return 'The inbox is only served to its own pages'
  }
  return null
}
