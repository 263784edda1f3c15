// Salient-object segmentation with U²-Net-p (models/u2netp.onnx, Apache-2.0) on onnxruntime-node: the
// foreground of a photo as a 320×320 probability map. The pre/post-processing is rembg's (reference §2.2):
// the 320×320 squeeze and the tensor maths are shared with the device's worker (src/lib/cutout).
// One session per worker: creating it costs ~0.1–0.2 s and ~100 MB, running it ~0.2–0.4 s.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as ort from 'onnxruntime-node'
import type { LowResMask, RgbImage } from '../../../src/lib/cutout/types'
import { squeezeForModel } from '../../../src/lib/cutout/squeeze'
import { U2NET_SIZE, normalise, toInputTensor } from '../../../src/lib/cutout/u2netTensor'

export const U2NET_MODEL_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../models/u2netp.onnx',
)

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
      const guide = squeezeForModel(image)
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
