// Salient-object segmentation with U²-Net-p (models/u2netp.onnx, Apache-2.0) on onnxruntime-node: the
// foreground of a photo as a 320×320 probability map. The pre/post-processing is rembg's (reference §2.2):
// resize to 320×320, divide by the image maximum, ImageNet mean/std, NCHW; first output, min-max normalised.
// One session per worker: creating it costs ~0.1–0.2 s and ~100 MB, running it ~0.2–0.4 s.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as ort from 'onnxruntime-node'
import sharp from 'sharp'
import type { RgbImage } from './imageInput'

export const U2NET_SIZE = 320
export const U2NET_MODEL_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../models/u2netp.onnx',
)

const MEAN = [0.485, 0.456, 0.406] as const
const STD = [0.229, 0.224, 0.225] as const

/** The model's view of a photo: its foreground probability and the 320×320 RGB it saw (a refinement guide). */
export interface LowResMask {
  /** Foreground probability 0..1, U2NET_SIZE² values, row-major. */
  probability: Float32Array
  /** The photo squeezed to U2NET_SIZE × U2NET_SIZE, RGB bytes. */
  guide: Uint8Array
  size: number
}

export interface Segmenter {
  segment(image: RgbImage): Promise<LowResMask>
  release(): Promise<void>
}

export interface SegmenterOptions {
  /** ORT intra-op threads (the worker pool gives each worker its share of the cores). */
  threads: number
  modelPath?: string
}

export async function createSegmenter(options: SegmenterOptions): Promise<Segmenter> {
  const session = await ort.InferenceSession.create(options.modelPath ?? U2NET_MODEL_PATH, {
    intraOpNumThreads: Math.max(1, options.threads),
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // ORT's threads busy-wait between runs by default; on a small shared machine that spinning takes CPU
    // from MoveNet (which runs meanwhile on the worker's own thread) and from the HTTP event loop.
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  })
  const inputName = session.inputNames[0]!
  const outputName = session.outputNames[0]! // d0, the fused full-resolution side output
  return {
    async segment(image) {
      const guide = await squeeze(image)
      const feeds = {
        [inputName]: new ort.Tensor('float32', toInputTensor(guide), [1, 3, U2NET_SIZE, U2NET_SIZE]),
      }
      const results = await session.run(feeds, [outputName])
      const output = results[outputName]!
      const probability = normalise(output.data as Float32Array)
      output.dispose()
      return { probability, guide, size: U2NET_SIZE }
    },
    release: () => session.release(),
  }
}

/** The photo resized (Lanczos, aspect not kept) to the model's square input. */
async function squeeze(image: RgbImage): Promise<Uint8Array> {
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(U2NET_SIZE, U2NET_SIZE, { fit: 'fill' })
    .raw()
    .toBuffer()
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
}

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
