// Image transformations as Supabase Storage offers them (`/render/image/...`, asked for by supabase-js
// with `transform: { width, height, resize, quality }`): the query or the signed token names them, and
// sharp resizes the stored image. Nothing is ever enlarged, the format stays the stored one (AVIF,
// slow to encode, is answered as WebP), and absurd sizes are refused rather than attempted.
import sharp from 'sharp'
import { storageErrors } from './storageError'

/** Supabase's own limit for a transformed image's side. */
const MAX_TRANSFORM_SIDE = 2500
const DEFAULT_QUALITY = 80

type ResizeMode = 'cover' | 'contain' | 'fill'

export interface ImageTransform {
  width?: number
  height?: number
  resize: ResizeMode
  quality: number
}

function side(value: string | null, name: string): number | undefined {
  if (value === null || value === '') return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1 || n > MAX_TRANSFORM_SIDE) {
    throw storageErrors.invalidRequest(`${name} must be a whole number of pixels from 1 to ${MAX_TRANSFORM_SIDE}`)
  }
  return n
}

/** The transformation named by `params` (a render URL's query, or a signed token's `transformations`). */
export function parseTransform(params: URLSearchParams): ImageTransform {
  const width = side(params.get('width'), 'width')
  const height = side(params.get('height'), 'height')
  const resize = params.get('resize') ?? 'cover'
  if (resize !== 'cover' && resize !== 'contain' && resize !== 'fill') {
    throw storageErrors.invalidRequest('resize must be cover, contain or fill')
  }
  const qualityText = params.get('quality')
  const quality = qualityText === null || qualityText === '' ? DEFAULT_QUALITY : Number(qualityText)
  if (!Number.isInteger(quality) || quality < 20 || quality > 100) {
    throw storageErrors.invalidRequest('quality must be a whole number from 20 to 100')
  }
  const format = params.get('format')
  if (format !== null && format !== 'origin') throw storageErrors.invalidRequest('format must be origin')
  return { width, height, resize, quality }
}

/** The same transformation always reads the same, for cache keys and signed tokens. */
export function transformKey(t: ImageTransform): string {
  const parts = [`resize=${t.resize}`, `quality=${t.quality}`]
  if (t.width) parts.unshift(`width=${t.width}`)
  if (t.height) parts.splice(t.width ? 1 : 0, 0, `height=${t.height}`)
  return parts.join('&')
}

/** The transformations supabase-js sends when signing (`{ transform: {...} }` in the body). */
export function transformFromBody(value: unknown): ImageTransform | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'object' || Array.isArray(value)) throw storageErrors.invalidRequest('transform must be an object')
  const params = new URLSearchParams()
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string' || typeof v === 'number') params.set(key, String(v))
    else if (v !== undefined && v !== null) throw storageErrors.invalidRequest(`transform.${key} must be a number or a word`)
  }
  return parseTransform(params)
}

const FIT: Record<ResizeMode, 'cover' | 'inside' | 'fill'> = { cover: 'cover', contain: 'inside', fill: 'fill' }

/** The stored image transformed, or a 415 when the stored bytes are not an image sharp can read. */
export async function renderImage(
  bytes: Uint8Array,
  mimetype: string,
  t: ImageTransform,
): Promise<{ bytes: Buffer; mimetype: string }> {
  try {
    let image = sharp(bytes, { animated: mimetype === 'image/gif', limitInputPixels: 100_000_000 }).rotate()
    if (t.width || t.height) {
      image = image.resize({ width: t.width, height: t.height, fit: FIT[t.resize], withoutEnlargement: true })
    }
    switch (mimetype) {
      case 'image/png':
        return { bytes: await image.png({ compressionLevel: 8 }).toBuffer(), mimetype }
      case 'image/gif':
        return { bytes: await image.gif().toBuffer(), mimetype }
      case 'image/webp':
      case 'image/avif':
        return { bytes: await image.webp({ quality: t.quality }).toBuffer(), mimetype: 'image/webp' }
      default:
        return { bytes: await image.jpeg({ quality: t.quality, mozjpeg: true }).toBuffer(), mimetype: 'image/jpeg' }
    }
  } catch {
    throw storageErrors.invalidMime(`${mimetype} (not an image that can be transformed)`)
  }
}
