// A refusal the caller can act on: an HTTP status and a message the screens can show as is. Handlers
// throw it; the app turns it into `{ error }` JSON (spec §7: the screens read `error`).
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

/**
 * The app's error handler: ApiErrors as they are, anything else logged and answered as a plain 500.
 * `extra` joins the body (endpoints whose answers carry `success` add `success: false`).
 */
export function errorResponse(error: unknown, c: Context, extra: Record<string, unknown> = {}): Response {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
    return c.json({ ...extra, error: error.message }, error.status)
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, error)
  return c.json({ ...extra, error: 'Something went wrong on our side. Please try again.' }, 500)
}

/** The request's JSON object body, or a 400 that says what to send. */
export async function jsonObjectBody(c: Context, shape: string): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => null)
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, `Send a JSON body: ${shape}`)
  }
  return body as Record<string, unknown>
}
