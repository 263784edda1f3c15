// Image transformations as Supabase Storage offers them (`/render/image/...`, asked for by supabase-js
// with `transform: { width, height, resize, quality }`): the query or the signed token names them, and
// sharp resizes the stored image. Nothing is ever enlarged, the format stays the stored one (AVIF,
// slow to encode, is answered as WebP), and absurd sizes are refused rather than attempted. Sides and
// quality are snapped up to the few that are rendered (renderSizes.ts); an image with more pixels than
// any upload the app makes is refused from its header, before it is decoded (renderPixels.ts), and one
// render may take so long and no longer.
import sharp from 'sharp'
import { assertRenderablePixels } from './renderPixels'
import { MAX_RENDER_SIDE, MIN_RENDER_QUALITY, snapQuality, snapSide } from './renderSizes'
import { storageErrors } from './storageError'

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
  if (!Number.isInteger(n) || n < 1 || n > MAX_RENDER_SIDE) {
    throw storageErrors.invalidRequest(`${name} must be a whole number of pixels from 1 to ${MAX_RENDER_SIDE}`)
  }
  return snapSide(n)
}

/** The transformation named by `params` (a render URL's query, or a signed token's `transformations`),
 * its sides and quality snapped up to rendered ones. */
export function parseTransform(params: URLSearchParams): ImageTransform {
  const width = side(params.get('width'), 'width')
  const height = side(params.get('height'), 'height')
  const resize = params.get('resize') ?? 'cover'
  if (resize !== 'cover' && resize !== 'contain' && resize !== 'fill') {
    throw storageErrors.invalidRequest('resize must be cover, contain or fill')
  }
  const qualityText = params.get('quality')
  const quality = qualityText === null || qualityText === '' ? DEFAULT_QUALITY : Number(qualityText)
  if (!Number.isInteger(quality) || quality < MIN_RENDER_QUALITY || quality > 100) {
    throw storageErrors.invalidRequest(`quality must be a whole number from ${MIN_RENDER_QUALITY} to 100`)
  }
  const format = params.get('format')
  if (format !== null && format !== 'origin') throw storageErrors.invalidRequest('format must be origin')
  return { width, height, resize, quality: snapQuality(quality) }
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

export interface RenderBounds {
  /** Most pixels of the stored image (all frames of an animation together). */
  maxPixels: number
  /** Longest one render may take; sharp stops it after this many whole seconds. */
  timeoutSeconds: number
}

/** The stored image transformed; a 422 when it has too many pixels, a 415 when the stored bytes are not
 * an image sharp can read, a 503 when rendering it took too long. */
export async function renderImage(
  bytes: Uint8Array,
  mimetype: string,
  t: ImageTransform,
  bounds: RenderBounds,
): Promise<{ bytes: Buffer; mimetype: string }> {
  const animated = mimetype === 'image/gif'
  await assertRenderablePixels(bytes, animated, bounds.maxPixels)
  try {
    let image = sharp(bytes, { animated, limitInputPixels: bounds.maxPixels })
      .timeout({ seconds: bounds.timeoutSeconds })
      .rotate()
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
  } catch (error) {
    if (error instanceof Error && /timeout/i.test(error.message)) throw storageErrors.renderTimedOut()
    throw storageErrors.invalidMime(`${mimetype} (not an image that can be transformed)`)
  }
}
