// Trimmed cut-out pixels → a PNG sticker, the longer side capped at `maxSize` (never enlarged), as the
// server's sticker.ts encodes them; an empty cut-out is a 1×1 transparent PNG with a box of zero size.
import { toBoxPercent, type TrimmedPixels } from '@/lib/cutout/trim'
import type { DeviceCutOut } from './cutoutApi'

export async function encodeSticker(
  pixels: TrimmedPixels,
  imageWidth: number,
  imageHeight: number,
  maxSize: number,
): Promise<DeviceCutOut> {
  const scale = Math.min(1, Math.max(1, Math.round(maxSize)) / Math.max(pixels.width, pixels.height))
  const width = Math.max(1, Math.round(pixels.width * scale))
  const height = Math.max(1, Math.round(pixels.height * scale))
  const full = new OffscreenCanvas(pixels.width, pixels.height)
  full
    .getContext('2d')!
    .putImageData(new ImageData(new Uint8ClampedArray(pixels.rgba), pixels.width, pixels.height), 0, 0)
  let canvas = full
  if (width !== pixels.width || height !== pixels.height) {
    canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')!
    context.imageSmoothingQuality = 'high'
    context.drawImage(full, 0, 0, width, height)
  }
  return {
    png: await canvas.convertToBlob({ type: 'image/png' }),
    width,
    height,
    box: toBoxPercent(pixels.rect, imageWidth, imageHeight),
  }
}

export async function emptyCutOut(): Promise<DeviceCutOut> {
  const canvas = new OffscreenCanvas(1, 1)
  return {
    png: await canvas.convertToBlob({ type: 'image/png' }),
    width: 1,
    height: 1,
    box: { x: 0, y: 0, width: 0, height: 0 },
  }
}
