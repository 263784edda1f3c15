// The pixel limit of a render, checked from the image's header alone: a 10,000 × 10,000 PNG of one
// colour is a few hundred KB stored and 400 MB decoded, so the size on disk says nothing and decoding
// to find out is the harm. The limit is the one every server-side image reader keeps (MAX_IMAGE_PIXELS).
import sharp, { type Metadata } from 'sharp'
import { storageErrors } from './storageError'

/** Refuses (422) an image whose decoded pixels, every frame of an animation counted, exceed `maxPixels`. */
export async function assertRenderablePixels(bytes: Uint8Array, animated: boolean, maxPixels: number): Promise<void> {
  let meta: Metadata
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    // Not an image sharp knows: the render itself says so, with the usual 415.
    return
  }
  const frames = animated ? (meta.pages ?? 1) : 1
  const pixels = meta.width * (meta.pageHeight ?? meta.height) * frames
  if (pixels > maxPixels) throw storageErrors.tooManyPixels(pixels, maxPixels)
}
