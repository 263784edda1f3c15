// A photo Blob → the pixels the cut-out works on, as the server makes them: EXIF orientation applied,
// transparency flattened onto white, downscaled (never enlarged) so the longer side is at most
// `longSide`; and the model's 320×320 squeeze of that working image, both with the server's own code.
import type { RgbImage } from '@/lib/cutout/types'
import { downscaleToFit, fitInside, squeezeForModel } from '@/lib/cutout/squeeze'

/** The server's MAX_WORKING_LONG_SIDE: photos up to this size are decoded whole. */
const MAX_DECODE_SIDE = 2048

export interface DecodedPhoto {
  image: RgbImage
  /** The working image squeezed to U2NET_SIZE² (aspect not kept), RGB bytes: the model's input and guide. */
  guide: Uint8Array
}

export async function decodePhoto(photo: Blob, longSide: number): Promise<DecodedPhoto> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' })
  try {
    // As the server: decoded at up to MAX_DECODE_SIDE (a larger photo is brought there by the browser),
    // then to the working size by the shared resampling.
    const { width, height } = fitInside(bitmap.width, bitmap.height, MAX_DECODE_SIDE)
    const decoded = await onWhite(bitmap, width, height)
    const image = downscaleToFit({ data: rgbOf(decoded, width, height), width, height }, longSide)
    return { image, guide: squeezeForModel(image) }
  } finally {
    bitmap.close()
  }
}

/** `source` resized (high quality) onto a white canvas of width × height. */
async function onWhite(source: ImageBitmap, width: number, height: number) {
  const resized =
    source.width === width && source.height === height
      ? source
      : await createImageBitmap(source, { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' })
  const canvas = new OffscreenCanvas(width, height)
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('No 2D canvas in this worker')
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, width, height)
  context.drawImage(resized, 0, 0)
  if (resized !== source) resized.close()
  return context
}

function rgbOf(context: OffscreenCanvasRenderingContext2D, width: number, height: number): Uint8Array {
  const rgba = context.getImageData(0, 0, width, height).data
  const rgb = new Uint8Array(width * height * 3)
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    rgb[j] = rgba[i]!
    rgb[j + 1] = rgba[i + 1]!
    rgb[j + 2] = rgba[i + 2]!
  }
  return rgb
}
