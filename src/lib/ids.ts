// Client-generated ids: 21 random URL-safe characters (126 bits), so records can be created offline
// and pushed later without ever colliding. The server checks the same shape.
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'

export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(21))
  let id = ''
  for (const b of bytes) id += alphabet[b & 63]
  return id
}

export function isClientId(value: string): boolean {
  return /^[A-Za-z0-9_-]{8,64}$/.test(value)
}
