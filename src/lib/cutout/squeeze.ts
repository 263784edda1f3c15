// The photo brought to the cut-out's working size and squeezed to the model's 320×320 input (aspect not
// kept), with a Lanczos-3 filter in plain TypeScript, so the server (which decodes with sharp) and the
// device (which decodes with a canvas) feed u2netp exactly the same pixels. u2netp's answer near an unsure edge moves
// with small input differences: with sharp on one side and a canvas on the other, masks of the same photo
// agreed only to IoU 0.92–0.99.
import type { RgbImage } from './types'
import { U2NET_SIZE } from './u2netTensor'

const LOBES = 3

/** For each output position along an axis: the first source index and the normalised weights. */
interface AxisFilter {
  start: Int32Array
  count: Int32Array
  weights: Float32Array
  taps: number
}

function sinc(x: number): number {
  if (x === 0) return 1
  const px = Math.PI * x
  return Math.sin(px) / px
}

/** Lanczos-3 weights scaled for downsampling (support grows with the scale), as Pillow computes them. */
function axisFilter(sourceSize: number, size: number): AxisFilter {
  const scale = sourceSize / size
  const filterScale = Math.max(1, scale)
  const support = LOBES * filterScale
  const taps = Math.ceil(support) * 2 + 1
  const start = new Int32Array(size)
  const count = new Int32Array(size)
  const weights = new Float32Array(size * taps)
  for (let i = 0; i < size; i++) {
    const centre = (i + 0.5) * scale
    const from = Math.max(0, Math.floor(centre - support + 0.5))
    const to = Math.min(sourceSize, Math.floor(centre + support + 0.5))
    let total = 0
    for (let j = from; j < to; j++) {
      const x = (j - centre + 0.5) / filterScale
      const w = sinc(x) * sinc(x / LOBES)
      weights[i * taps + j - from] = w
      total += w
    }
    if (total !== 0)
      for (let k = 0; k < to - from; k++) weights[i * taps + k] = weights[i * taps + k]! / total
    start[i] = from
    count[i] = to - from
  }
  return { start, count, weights, taps }
}

/** Resamples RGB bytes to width × height with a separable Lanczos-3 filter (rows first, then columns). */
export function resizeLanczos(image: RgbImage, width: number, height: number): Uint8Array {
  const horizontal = axisFilter(image.width, width)
  const vertical = axisFilter(image.height, height)
  const rows = new Float32Array(width * image.height * 3)
  const src = image.data
  for (let y = 0; y < image.height; y++) {
    const rowIn = y * image.width * 3
    const rowOut = y * width * 3
    for (let x = 0; x < width; x++) {
      const from = horizontal.start[x]!
      const n = horizontal.count[x]!
      const w0 = x * horizontal.taps
      let r = 0
      let g = 0
      let b = 0
      for (let k = 0; k < n; k++) {
        const w = horizontal.weights[w0 + k]!
        const p = rowIn + (from + k) * 3
        r += src[p]! * w
        g += src[p + 1]! * w
        b += src[p + 2]! * w
      }
      rows[rowOut + x * 3] = r
      rows[rowOut + x * 3 + 1] = g
      rows[rowOut + x * 3 + 2] = b
    }
  }
  const out = new Uint8Array(width * height * 3)
  const stride = width * 3
  for (let y = 0; y < height; y++) {
    const from = vertical.start[y]!
    const n = vertical.count[y]!
    const w0 = y * vertical.taps
    const rowOut = y * stride
    for (let x = 0; x < stride; x++) {
      let v = 0
      for (let k = 0; k < n; k++) v += rows[(from + k) * stride + x]! * vertical.weights[w0 + k]!
      out[rowOut + x] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v)
    }
  }
  return out
}

/** The size of width × height scaled down (never up) so its longer side is at most `longSide`. */
export function fitInside(
  width: number,
  height: number,
  longSide: number,
): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/**
 * The image scaled down (never up) to fit `longSide`, with the same filter as the model's squeeze: the
 * server and the device bring a decoded photo to the cut-out's working size with this, so both work on the
 * same pixels.
 */
export function downscaleToFit(image: RgbImage, longSide: number): RgbImage {
  const { width, height } = fitInside(image.width, image.height, longSide)
  if (width === image.width && height === image.height) return image
  return { data: resizeLanczos(image, width, height), width, height }
}

/** The working image as the model sees it: U2NET_SIZE × U2NET_SIZE RGB bytes (also the refinement's guide). */
export function squeezeForModel(image: RgbImage): Uint8Array {
  return resizeLanczos(image, U2NET_SIZE, U2NET_SIZE)
}
