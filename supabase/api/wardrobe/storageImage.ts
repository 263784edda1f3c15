// The wardrobe endpoints take `image_url`, but never fetch a URL: an image must be an object in this
// project's Storage. The URL is only parsed for its bucket and path (any host other than the project's
// own origins, any other path, `..`, credentials or odd schemes are refused), and the object is then read
// through Storage itself, as the caller, so Storage's own policies decide whether they may read it.
// Reads stop at the size limit, whatever the server claims, and never follow redirects.
import { IMAGE_BUCKETS, MAX_IMAGE_BYTES } from '../../../src/lib/wardrobe/storage'
import { ApiError } from '../apiError'

type ImageBucket = (typeof IMAGE_BUCKETS)[number]

export interface StorageObject {
  bucket: ImageBucket
  path: string
}

const NOT_A_STORAGE_IMAGE = "image_url must be an image in this project's Storage"

/** Storage URL forms supabase-js hands out: public, signed, authenticated, plain, and image renders. */
const objectPath = /^\/storage\/v1\/(?:object|render\/image)\/(?:(?:public|sign|authenticated)\/)?(.+)$/

function isImageBucket(value: string): value is ImageBucket {
  return (IMAGE_BUCKETS as readonly string[]).includes(value)
}

function normalisedOrigin(value: string): string | null {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

/** `bucket/path/…` with every segment decoded and checked; null when it is not a clean object name. */
function objectFromSegments(raw: string[]): StorageObject | null {
  let segments: string[]
  try {
    segments = raw.map((s) => decodeURIComponent(s))
  } catch {
    return null
  }
  const [bucket, ...rest] = segments
  if (!bucket || !isImageBucket(bucket) || rest.length === 0) return null
  // eslint-disable-next-line no-control-regex
  const unsafe = (s: string) => s === '' || s === '.' || s === '..' || /[\\\u0000-\u001f\u007f]/.test(s)
  if (rest.some(unsafe)) return null
  return { bucket, path: rest.join('/') }
}

/**
 * The Storage object an `image_url` names. Accepts the project's Storage URLs (from `allowedOrigins`) and
 * the app's own `bucket/path` form; anything else is a 400 with a message the screens can show.
 */
export function storageObjectOf(imageUrl: unknown, allowedOrigins: readonly string[]): StorageObject {
  if (typeof imageUrl !== 'string' || imageUrl.trim() === '' || imageUrl.length > 2048) {
    throw new ApiError(400, NOT_A_STORAGE_IMAGE)
  }
  const value = imageUrl.trim()
  if (!value.includes(':')) {
    const object = objectFromSegments(value.split('/'))
    if (!object) throw new ApiError(400, NOT_A_STORAGE_IMAGE)
    return object
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ApiError(400, NOT_A_STORAGE_IMAGE)
  }
  const allowed = new Set(allowedOrigins.map(normalisedOrigin).filter((o): o is string => o !== null))
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username !== '' ||
    url.password !== '' ||
    !allowed.has(url.origin)
  ) {
    throw new ApiError(400, NOT_A_STORAGE_IMAGE)
  }
  const match = objectPath.exec(url.pathname)
  const object = match ? objectFromSegments(match[1]!.split('/')) : null
  if (!object) throw new ApiError(400, NOT_A_STORAGE_IMAGE)
  return object
}

export function imagePathOf(object: StorageObject): string {
  return `${object.bucket}/${object.path}`
}

export interface StorageReader {
  supabaseUrl: string
  /** The project's public key, sent as `apikey` next to the caller's token (Supabase's gateway wants it). */
  apiKey: string
}

/**
 * Reads an object as whoever `token` belongs to (a user's access token, or the service key for jobs),
 * at most `maxBytes`. A missing or unreadable object is a 404 either way, so nothing leaks about others'
 * files.
 */
export async function readStorageObject(
  reader: StorageReader,
  token: string,
  object: StorageObject,
  maxBytes = MAX_IMAGE_BYTES,
): Promise<Uint8Array> {
  const encoded = object.path.split('/').map(encodeURIComponent).join('/')
  let response: Response
  try {
    response = await fetch(`${reader.supabaseUrl}/storage/v1/object/authenticated/${object.bucket}/${encoded}`, {
      headers: { apikey: reader.apiKey, Authorization: `Bearer ${token}` },
      redirect: 'error',
    })
  } catch (error) {
    throw new Error(`Storage could not be reached: ${String(error)}`, { cause: error })
  }
  if (response.status === 400 || response.status === 403 || response.status === 404) {
    await response.body?.cancel()
    throw new ApiError(404, 'Image not found')
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new Error(`Storage answered ${response.status} for ${object.bucket}/${object.path}`)
  }
  const declared = Number(response.headers.get('content-length') ?? NaN)
  if (declared > maxBytes) {
    await response.body?.cancel()
    throw new ApiError(413, 'The image is larger than 10 MB.')
  }
  const chunks: Uint8Array[] = []
  let total = 0
  const body = response.body?.getReader()
  for (;;) {
    const next = await body?.read()
    if (!next || next.done) break
    total += next.value.byteLength
    if (total > maxBytes) {
      await body?.cancel()
      throw new ApiError(413, 'The image is larger than 10 MB.')
    }
    chunks.push(next.value)
  }
  const out = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}
