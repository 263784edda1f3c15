// The address a request comes from, for per-address limits. X-Forwarded-For is written by whoever
// sends the request, so it is believed only from a configured trusted proxy (MOORI_TRUSTED_PROXIES):
// its entries are read from the right, skipping trusted proxies, and the first other one is the
// client. Without a trusted proxy the socket's peer address is the client.
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { StackConfig } from '../config'

function plainAddress(address: string): string {
  const trimmed = address.trim().toLowerCase()
  return trimmed.startsWith('::ffff:') && trimmed.includes('.') ? trimmed.slice('::ffff:'.length) : trimmed
}

function peerAddress(c: Context): string {
  try {
    return plainAddress(getConnInfo(c).remote.address ?? 'unknown')
  } catch {
    return 'unknown'
  }
}

export function clientAddress(c: Context, config: Pick<StackConfig, 'trustedProxies'>): string {
  const trusted = new Set(config.trustedProxies.map(plainAddress))
  let address = peerAddress(c)
  if (!trusted.has(address)) return address
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map(plainAddress)
    .filter(Boolean)
  while (trusted.has(address) && hops.length > 0) address = hops.pop()!
  return address
}
