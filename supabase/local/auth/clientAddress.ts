// The address a request comes from, for per-address rate limits: the first X-Forwarded-For entry
// when a proxy (e.g. Vite's dev proxy) sits in front, otherwise the socket's remote address.
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

export function clientAddress(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
  if (forwarded) return forwarded
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}
