// A photo Blob → the pixels the cut-out works on, as the server makes them: EXIF orientation applied,
// transparency flattened onto white, downscaled (never enlarged) so the longer side is at most
// `longSide`; and the model's 320×320 squeeze of that working image, both with the server's own code.
// A crop (percent of the oriented photo, whole pixels around it) makes the working image of that part only.
import type { RgbImage } from '@/lib/cutout/types'
import type { BoxPercent, PixelRect } from '@/lib/cutout/trim'
import { cropPixels } from '@/lib/cutout/garmentCrop'
import { downscaleToFit, fitInside, squeezeForModel } from '@/lib/cutout/squeeze'

/** The server's MAX_WORKING_LONG_SIDE: photos up to this size are decoded whole. */
const MAX_DECODE_SIDE = 2048

export interface DecodedPhoto {
  image: RgbImage
  /** The working image squeezed to U2NET_SIZE² (aspect not kept), RGB bytes: the model's input and guide. */
  guide: Uint8Array
  /** The part of the photo it shows, in percent of the photo (all of it without a crop). */
  shown: BoxPercent
}

export async function decodePhoto(
  photo: Blob,
  longSide: number,
  crop: BoxPercent | null = null,
  lap: (step: 'decode' | 'resize') => void = () => {},
): Promise<DecodedPhoto> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' })
  try {
    const part = crop ? cropPixels(crop, bitmap.width, bitmap.height) : null
    // As the server: decoded at up to MAX_DECODE_SIDE (a larger photo is brought there by the browser),
    // then to the working size by the shared resampling.
    const { width, height } = fitInside(part?.width ?? bitmap.width, part?.height ?? bitmap.height, MAX_DECODE_SIDE)
    const decoded = await onWhite(bitmap, width, height, part)
    const data = rgbOf(decoded, width, height)
    lap('decode')
    const image = downscaleToFit({ data, width, height }, longSide)
    const shown = part
      ? {
          x: (part.x / bitmap.width) * 100,
          y: (part.y / bitmap.height) * 100,
          width: (part.width / bitmap.width) * 100,
          height: (part.height / bitmap.height) * 100,
        }
      : { x: 0, y: 0, width: 100, height: 100 }
    const guide = squeezeForModel(image)
    lap('resize')
    return { image, guide, shown }
  } finally {
    bitmap.close()
  }
}

/** `source` (or its `part`) resized (high quality) onto a white canvas of width × height. */
async function onWhite(source: ImageBitmap, width: number, height: number, part: PixelRect | null) {
  const resize = { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' } as const
  const resized = part
    ? await createImageBitmap(source, part.x, part.y, part.width, part.height, resize)
    : source.width === width && source.height === height
      ? source
      : await createImageBitmap(source, resize)
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
