// The one door image bytes come through before any model sees them. Uploads are untrusted: a renamed PDF,
// a 200 MB file or a 100-megapixel "PNG bomb" that inflates to gigabytes must be refused cheaply, from the
// byte count and the header, before anything is decoded. What passes is EXIF-oriented, flattened onto
// white and downscaled: the models see at most 320 px, so decoding a 12 MP photo at full size only costs.
import sharp, { type Metadata } from 'sharp'
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '../../../src/lib/wardrobe/storage'
import { ImageRejectedError } from './types'
import type { RgbImage } from '../../../src/lib/cutout/types'
import type { PixelRect } from '../../../src/lib/cutout/trim'
/** Long side of the image the outfit analysis works on (masks, pose, regions and stickers). */
export const ANALYSIS_LONG_SIDE = 1024
/** The largest working size a cut-out may ask for; the mask refinement is O(pixels). */
export const MAX_WORKING_LONG_SIDE = 2048

type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif'

export type { RgbImage } from '../../../src/lib/cutout/types'

export interface ImageHeader {
  format: ImageFormat
  /** Size after EXIF orientation. */
  width: number
  height: number
}

/** A rectangle in pixels of the oriented image; x and y are its top-left corner. */
export type { PixelRect } from '../../../src/lib/cutout/trim'

export const rejection = {
  notAnImage: 'The file is not an image we can read.',
  format: 'Only JPEG, PNG, WebP, AVIF and GIF images can be used.',
  tooLarge: 'The image is larger than 10 MB.',
  empty: 'The file is empty.',
  damaged: 'The image is damaged or incomplete, so it cannot be read.',
  tooManyPixels: (megapixels: number) =>
    `The image has too many pixels (${megapixels.toFixed(1)} megapixels; the limit is ${MAX_IMAGE_PIXELS / 1e6}).`,
}

/** The byte-count rule, cheap enough to run before a call is even queued. */
export function assertImageSize(bytes: Uint8Array): void {
  if (bytes.byteLength === 0) throw new ImageRejectedError(rejection.empty)
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageRejectedError(rejection.tooLarge)
}

/** Reads only the header: format, and the pixel count that decoding would allocate. */
export async function readImageHeader(bytes: Uint8Array): Promise<ImageHeader> {
  assertImageSize(bytes)
  let metadata: Metadata
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw new ImageRejectedError(rejection.notAnImage)
  }
  const format = acceptedFormat(metadata)
  if (!format) throw new ImageRejectedError(rejection.format)
  const width = metadata.width
  const height = metadata.pageHeight ?? metadata.height
  if (!(width > 0 && height > 0)) throw new ImageRejectedError(rejection.notAnImage)
  if (width * height > MAX_IMAGE_PIXELS)
    throw new ImageRejectedError(rejection.tooManyPixels((width * height) / 1e6))
  return { format, width: metadata.autoOrient.width, height: metadata.autoOrient.height }
}

function acceptedFormat(metadata: Metadata): ImageFormat | null {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return metadata.format
    case 'heif':
      // sharp reports AVIF as HEIF with AV1 compression; HEVC (HEIC) is not decodable in the prebuilt libvips.
      return metadata.compression === 'av1' ? 'avif' : null
    default:
      return null
  }
}

export interface DecodeOptions {
  /** Downscale so the longer side is at most this (never upscales). */
  longSide: number
  /** Crop this part of the oriented photo first (item extraction), then downscale the crop. */
  crop?: PixelRect
}

export interface DecodedImage {
  header: ImageHeader
  image: RgbImage
}

/**
 * Checks the header, then decodes: EXIF orientation applied, transparency flattened onto white (a product
 * PNG with a transparent background becomes a product shot on white), sRGB, 8 bits, 3 channels.
 */
export async function decodeImage(bytes: Uint8Array, options: DecodeOptions): Promise<DecodedImage> {
  const header = await readImageHeader(bytes)
  const crop = options.crop ? clampCrop(options.crop, header) : undefined
  try {
    let pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', autoOrient: true })
    if (crop)
      pipeline = pipeline.extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
    const { data, info } = await pipeline
      .resize(options.longSide, options.longSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`)
    return {
      header,
      image: {
        data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
        width: info.width,
        height: info.height,
      },
    }
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error
    throw new ImageRejectedError(rejection.damaged, { cause: error })
  }
}

/** Keeps a crop inside the photo (whole pixels, at least 1×1). */
export function clampCrop(rect: PixelRect, header: Pick<ImageHeader, 'width' | 'height'>): PixelRect {
  const x = Math.min(Math.max(0, Math.round(rect.x)), header.width - 1)
  const y = Math.min(Math.max(0, Math.round(rect.y)), header.height - 1)
  const width = Math.max(1, Math.min(Math.round(rect.width), header.width - x))
  const height = Math.max(1, Math.min(Math.round(rect.height), header.height - y))
  return { x, y, width, height }
}
