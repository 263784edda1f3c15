// Reads an upload body the two ways storage-js sends it: raw bytes with the content type in the header,
// or multipart (Blob/File uploads) whose first file part carries the bytes and the MIME type, next to
// a `cacheControl` text field. The body is read with a cap, so an oversized upload never sits in memory.
import { storageErrors } from './storageError'

export interface Upload {
  bytes: Uint8Array
  mimetype: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
}

/** Room for multipart boundaries and text fields on top of the file itself. */
const MULTIPART_OVERHEAD = 1024 * 1024

/** Reads at most `cap` bytes; past that the rest is drained (so the client still gets our reply). */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
  tooLarge: () => Error = storageErrors.tooLarge,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array(0)
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total <= cap) chunks.push(value)
  }
  if (total > cap) throw tooLarge()
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

function cacheControlOf(value: string | null | undefined, fromField: boolean): string {
  const trimmed = value?.trim()
  if (!trimmed) return 'no-cache'
  return fromField && /^\d+$/.test(trimmed) ? `max-age=${trimmed}` : trimmed
}

function parseMetadata(json: string | null | undefined): Record<string, unknown> | null {
  if (!json) return null
  try {
    const value: unknown = JSON.parse(json)
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>
  } catch {
    // reported below
  }
  throw storageErrors.invalidRequest('metadata must be a JSON object')
}

export async function readUpload(request: Request, sizeLimit: number): Promise<Upload> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data/i.test(contentType)) {
    const bytes = await readCapped(request.body, sizeLimit)
    const encodedMetadata = request.headers.get('x-metadata')
    return {
      bytes,
      mimetype: contentType.trim() || 'application/octet-stream',
      cacheControl: cacheControlOf(request.headers.get('cache-control'), false),
      userMetadata: parseMetadata(
        encodedMetadata ? Buffer.from(encodedMetadata, 'base64').toString('utf8') : null,
      ),
    }
  }

  const raw = await readCapped(request.body, sizeLimit + MULTIPART_OVERHEAD)
  let form: FormData
  try {
    form = await new Response(raw, { headers: { 'content-type': contentType } }).formData()
  } catch {
    throw storageErrors.invalidRequest('The multipart body could not be read')
  }
  let file: File | null = null
  for (const [, value] of form.entries()) {
    if (typeof value !== 'string') {
      file = value
      break
    }
  }
  if (!file) throw storageErrors.invalidRequest('No file part found in the multipart body')
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : null
  }
  if (file.size > sizeLimit) throw storageErrors.tooLarge()
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    mimetype: file.type.trim() || 'application/octet-stream',
    cacheControl: cacheControlOf(field('cacheControl'), true),
    userMetadata: parseMetadata(field('metadata')),
  }
}
