// The product API's wardrobe calls as the signed-in user (spec §7): background removal for stickers and
// the processing-status fallback. Answers other than 2xx become ApiCallErrors carrying the server's
// words (or the body text), so the screens can show them as they are. `send` adds the session's token
// (the app passes its auth client's call, tests a fetch with a test user's token).
import { ApiCallError, type ProcessingStatus, type WardrobeApi } from '../replica'

export type SendApiRequest = (path: string, init: RequestInit) => Promise<Response>

async function request<T>(send: SendApiRequest, path: string, init: RequestInit = {}): Promise<T> {
  let response: Response
  try {
    response = await send(path, init)
  } catch (error) {
    throw new ApiCallError(error instanceof Error ? error.message : String(error), 0)
  }
  const text = await response.text()
  if (!response.ok) {
    let message = text
    try {
      const body = JSON.parse(text) as { error?: unknown }
      if (typeof body.error === 'string') message = body.error
    } catch {
      // Not JSON: the body text is the error (spec §7).
    }
    throw new ApiCallError(message || `The server answered ${response.status}`, response.status)
  }
  return JSON.parse(text) as T
}

export function createWardrobeApi(send: SendApiRequest, userId: string | null): WardrobeApi {
  return {
    async removeBackground({ itemId, imagePath, maxSize = 800 }) {
      const body = await request<{ transparent_image_url?: string; path?: string }>(send, '/wardrobe/remove-background', {
        method: 'POST',
        body: JSON.stringify({ image_url: imagePath, user_id: userId, item_id: itemId, max_size: maxSize }),
      })
      if (!body.path) throw new ApiCallError('No transparent image URL returned from background removal', 200)
      return { path: body.path }
    },
    processingStatus: (jobId) =>
      request<ProcessingStatus>(send, `/wardrobe/processing-status?processing_id=${encodeURIComponent(jobId)}`),
  }
}
