// Request-body caps of the product API: every body is read with a cap, so nobody can make the service
// hold or parse megabytes it has no use for. JSON endpoints take small bodies; the overall cap leaves
// room for an image (the buckets take 5 MB; base64 in JSON makes that about 7 MB).
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

export const MAX_API_BODY_BYTES = 16 * 1024 * 1024
export const MAX_JSON_BODY_BYTES = 64 * 1024

export function capBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json({ error: `The request body is too large (at most ${maxBytes} bytes)` }, 413),
  })
}
