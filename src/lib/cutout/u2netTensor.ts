// u2netp's input and output maths (rembg's pre/post-processing, reference §2.2), shared by the server's
// onnxruntime-node session and the device's onnxruntime-web one so both feed the model the same tensor:
// the photo squeezed to 320×320, divided by its maximum, ImageNet mean/std, NCHW; the first output plane,
// min-max normalised.

export const U2NET_SIZE = 320

const MEAN = [0.485, 0.456, 0.406] as const
const STD = [0.229, 0.224, 0.225] as const

/** rembg's normalisation: x / max(x), then (x − mean) / std per channel, as planar NCHW floats. */
export function toInputTensor(rgb: Uint8Array): Float32Array {
  const plane = U2NET_SIZE * U2NET_SIZE
  let max = 0
  for (let i = 0; i < rgb.length; i++) if (rgb[i]! > max) max = rgb[i]!
  const scale = 1 / Math.max(1, max)
  const tensor = new Float32Array(3 * plane)
  for (let c = 0; c < 3; c++) {
    const mean = MEAN[c]!
    const inverseStd = 1 / STD[c]!
    const offset = c * plane
    for (let i = 0; i < plane; i++) tensor[offset + i] = (rgb[i * 3 + c]! * scale - mean) * inverseStd
  }
  return tensor
}

/** First plane of the output, min-max normalised to 0..1 (rembg's post-processing). */
export function normalise(output: Float32Array): Float32Array {
  const plane = U2NET_SIZE * U2NET_SIZE
  let min = Infinity
  let max = -Infinity
  for (let i = 0; i < plane; i++) {
    const v = output[i]!
    if (v < min) min = v
    if (v > max) max = v
  }
  const range = max - min
  const probability = new Float32Array(plane)
  if (range <= 1e-12) return probability
  for (let i = 0; i < plane; i++) probability[i] = (output[i]! - min) / range
  return probability
}
