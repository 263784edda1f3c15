// Which hosts and peer addresses are this machine. A loopback *name* in the Host header cannot be
// pointed elsewhere by a foreign page (unlike a DNS name it controls), and a loopback *peer* is a
// process on this machine: the two facts the host check, the inbox and the secret check rely on.
const loopbackNames = new Set(['localhost', '::1', '[::1]'])

/** 127.0.0.0/8, ::1 and their IPv4-mapped form, as a socket reports them. */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain)
}

/** A host name (no port) that always means this machine: localhost, 127.x.x.x, ::1. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  return loopbackNames.has(name) || name.endsWith('.localhost') || isLoopbackAddress(name)
}

/** The host name of a Host header value (`[::1]:54321` → `[::1]`), or null when it is malformed. */
export function hostnameOf(hostHeader: string): string | null {
  if (!/^[A-Za-z0-9.\-[\]:]+$/.test(hostHeader)) return null
  try {
    return new URL(`http://${hostHeader}`).hostname
  } catch {
    return null
  }
}
