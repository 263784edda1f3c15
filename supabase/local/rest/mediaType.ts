// Content negotiation as supabase-js uses it: `Accept: application/vnd.pgrst.object+json` from
// `.single()` asks for one object; anything JSON-ish (or no Accept) gets arrays; other formats PostgREST
// can produce (CSV, GeoJSON, plans) are refused with 406 rather than answered with the wrong thing.
// Request bodies must be JSON.
import { notAcceptable, unsupportedMediaType } from './errors'

export type ResponseFormat = 'array' | 'object'

const jsonTypes = new Set(['application/json', '*/*', 'application/*', ''])
const objectTypes = new Set(['application/vnd.pgrst.object+json', 'application/vnd.pgrst.object'])

export function responseFormat(accept: string | undefined): ResponseFormat {
  const types = (accept ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase())
  if (types.some((t) => objectTypes.has(t))) return 'object'
  if (types.some((t) => jsonTypes.has(t))) return 'array'
  throw notAcceptable(accept ?? '')
}

/** POST/PATCH bodies: JSON only (no Content-Type is read as JSON, like PostgREST). */
export function checkRequestContentType(contentType: string | undefined): void {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  if (type === '' || type === 'application/json' || objectTypes.has(type)) return
  throw unsupportedMediaType(type)
}
