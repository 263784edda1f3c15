// Request bodies of writes and rpc calls: JSON objects (or arrays of them for inserts). The text is
// parsed here only to validate it and learn its keys; the raw text is what Postgres reads (as jsonb),
// so numbers keep their full precision.
import { invalidBody } from './errors'

export type JsonObject = Record<string, unknown>

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw invalidBody()
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw invalidBody()
  }
}

/** The body of an insert: one object or an array of objects. */
export function parseRows(text: string): { rows: JsonObject[]; isArray: boolean } {
  const payload = parseJsonBody(text)
  const rows = Array.isArray(payload) ? (payload as unknown[]) : [payload]
  if (!rows.every(isJsonObject)) throw invalidBody()
  return { rows, isArray: Array.isArray(payload) }
}
