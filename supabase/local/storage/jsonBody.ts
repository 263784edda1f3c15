// JSON request bodies of the storage routes (sign, list, remove, move, buckets): always an object, or a
// storage error instead of an exception from the parser. Read with a cap: these bodies are small.
import type { Context } from 'hono'
import { readCapped } from './readUpload'
import { storageErrors } from './storageError'

/** Room for 1000 long object names (stringList's maximum) and then some. */
const MAX_JSON_BODY_BYTES = 1024 * 1024

export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const declared = Number(c.req.header('content-length'))
  if (declared > MAX_JSON_BODY_BYTES) throw storageErrors.bodyTooLarge()
  const bytes = await readCapped(c.req.raw.body, MAX_JSON_BODY_BYTES, storageErrors.bodyTooLarge)
  const text = new TextDecoder().decode(bytes)
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw storageErrors.invalidRequest('The request body is not valid JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw storageErrors.invalidRequest('The request body must be a JSON object')
  }
  return value as Record<string, unknown>
}

/** A list of strings from a body field (paths, prefixes), at most `max` of them. */
export function stringList(value: unknown, field: string, max = 1000): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw storageErrors.invalidRequest(`${field} must be a list of strings`)
  }
  if (value.length > max) throw storageErrors.invalidRequest(`${field} may hold at most ${max} entries`)
  return value
}
