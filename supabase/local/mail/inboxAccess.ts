// The inbox holds every sign-in link the stack sent, so reading it is signing in as anyone. It is
// served only to this machine (a loopback peer; X-Forwarded-For is ignored) and only to same-origin
// requests: a page elsewhere, even one on a configured origin, gets a 403 and no CORS headers.
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { isLoopbackAddress } from '../guard/networkNames'

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
