// The one client of the product API (`{host}/api`, spec §7): the wardrobe's cut-outs, moodboards and account
// deletion on the main thread, and the outfit job's start in the sync worker. One error convention: every
// failure is an `ApiCallError` with the HTTP status (0 when the call never reached the server) and words a
// screen can show (the server's `{ error }`, or its body text; offline, `messages.needsConnection`). It
// knows nothing of the replica, so the worker uses it too.
import { CUTOUT_MAX_SIZE } from '@/lib/cutout/constants'
import { messages } from '@/lib/messages'

export class ApiCallError extends Error {
  override name = 'ApiCallError'
  constructor(
    message: string,
    /** 0 when the call never reached the server (offline). */
    readonly status: number,
    options?: { cause?: unknown; retryAfterMs?: number | null },
  ) {
    super(message, options)
    this.retryAfterMs = options?.retryAfterMs ?? null
  }

  /** How long the server asked us to wait (its `Retry-After`, on a 429 or 503); null when it did not say. */
  readonly retryAfterMs: number | null
}

/** A `Retry-After` header in milliseconds: whole seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

/** Where the API is and who calls it. */
export interface ProductApiConnection {
  /** The API's base URL, e.g. `https://host/api`. */
  apiUrl: string
  /** The caller's access token; null calls anonymously. */
  accessToken(): Promise<string | null>
  /** The fetch to call with (the sync worker's marks network failures); the global one by default. */
  fetch?: typeof fetch
}

/** Calls one endpoint with a JSON body (if any) and answers its JSON body; throws `ApiCallError`. */
export async function callProductApi<T>(
  connection: ProductApiConnection,
  path: string,
  request: { method?: 'GET' | 'POST' | 'DELETE'; body?: Record<string, unknown> } = {},
): Promise<T> {
  const headers = new Headers()
  const token = await connection.accessToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  if (request.body) headers.set('Content-Type', 'application/json')
  const send = connection.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  let response: Response
  let text: string
  try {
    response = await send(`${connection.apiUrl}${path}`, {
      method: request.method ?? (request.body ? 'POST' : 'GET'),
      headers,
      ...(request.body ? { body: JSON.stringify(request.body) } : {}),
    })
    text = await response.text()
  } catch (error) {
    throw new ApiCallError(messages.needsConnection, 0, { cause: error })
  }
  if (!response.ok) {
    throw new ApiCallError(errorMessage(text) || `The server answered ${response.status}`, response.status, {
      retryAfterMs: parseRetryAfter(response.headers.get('Retry-After')),
    })
  }
  try {
    return (text ? JSON.parse(text) : null) as T
  } catch (error) {
    throw new ApiCallError(`The server answered ${response.status} with something other than JSON`, response.status, { cause: error })
  }
}

/** The server's words: `{ error }` when it sent JSON, else the body text (spec §7). */
function errorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown }
    if (typeof body.error === 'string') return body.error
  } catch {
    // Not JSON: the body text is the error.
  }
  return text
}

/** The calls whose answer a user waits for (DESIGN §1): they need the network by nature. */
export interface ProductApi {
  /** The item's cut-out in the caller's own folder (`bucket/path`), made once. */
  removeBackground(request: { itemId: string; imagePath: string; maxSize?: number }): Promise<{ path: string }>
  /** A moodboard Moori made from the prompt's words (spec §1); answers its id. */
  generateWall(request: { prompt: string; ownerId: string }): Promise<string>
  /** Deletes the caller's account and everything of theirs on the server. */
  deleteAccount(): Promise<void>
}

export function createProductApi(connection: ProductApiConnection, userId: string | null): ProductApi {
  return {
    async removeBackground({ itemId, imagePath, maxSize = CUTOUT_MAX_SIZE }) {
      const body = await callProductApi<{ path?: string }>(connection, '/wardrobe/remove-background', {
        body: { image_url: imagePath, user_id: userId, item_id: itemId, max_size: maxSize },
      })
      if (!body.path) throw new ApiCallError('No transparent image URL returned from background removal', 200)
      return { path: body.path }
    },
    async generateWall({ prompt, ownerId }) {
      const body = await callProductApi<{ wallId?: unknown }>(connection, '/walls', { body: { prompt, owner_id: ownerId } })
      if (typeof body.wallId !== 'string') throw new ApiCallError('No wall id returned', 200)
      return body.wallId
    },
    async deleteAccount() {
      await callProductApi(connection, '/account', { method: 'DELETE' })
    },
  }
}
