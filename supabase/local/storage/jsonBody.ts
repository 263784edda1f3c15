// JSON request bodies of the storage routes (sign, list, remove, move, buckets): always an object, or a
// storage error instead of an exception from the parser.
import type { Context } from 'hono'
import { storageErrors } from './storageError'

export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text()
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
