// Body keypoints for the garment regions: MoveNet Lightning (Apache-2.0, shipped inside @vladmandic/human)
// on tfjs' WebAssembly backend, loaded once per worker. MoveNet reports low scores for body parts that are
// not in the photo, which is what keeps a half-body selfie from growing invented legs (reference §3).
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import sharp from 'sharp'
import type * as Tfjs from '@tensorflow/tfjs-core'
import type { Config, Human, Tensor } from '@vladmandic/human'
import { keypointNames, type Keypoint } from './bodyFrame'
import type { RgbImage } from './imageInput'
import { installOfflineFetch } from './offlineFetch'

export interface PoseDetector {
  /** The 17 COCO keypoints in the image's pixel coordinates (score 0 for any the model did not report). */
  detect(image: RgbImage): Promise<Keypoint[]>
}

const require = createRequire(import.meta.url)

/**
 * human's package `exports` has keys without './', so `@vladmandic/human/dist/human.node-wasm` is not
 * importable by name (ERR_PACKAGE_PATH_NOT_EXPORTED); the file is resolved beside the package's main.
 */
function loadHumanClass(): typeof Human {
  const main = require.resolve('@vladmandic/human')
  const module = require(path.join(path.dirname(main), 'human.node-wasm.js')) as { Human: typeof Human }
  return module.Human
}

function directoryUrl(directory: string): string {
  return pathToFileURL(directory).href + '/'
}

export async function createPoseDetector(): Promise<PoseDetector> {
  const HumanClass = loadHumanClass()
  const humanDir = path.dirname(path.dirname(require.resolve('@vladmandic/human')))
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))
  const config: Partial<Config> = {
    backend: 'wasm',
    wasmPath: wasmDir + path.sep,
    modelBasePath: directoryUrl(path.join(humanDir, 'models')),
    debug: false,
    warmup: 'none',
    cacheSensitivity: 0, // never reuse a previous photo's result
    filter: { enabled: false },
    face: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    body: {
      enabled: true,
      modelPath: 'movenet-lightning.json',
      maxDetected: 1,
      minConfidence: 0.05,
      skipFrames: 0,
      skipTime: 0,
    },
  }
  const human = new HumanClass(config)
  // human types its bundled tfjs as `any`; it is tfjs-core's API.
  const tf = human.tf as typeof Tfjs
  const restoreFetch = installOfflineFetch()
  try {
    await human.load()
  } finally {
    restoreFetch()
  }
  const model = human.models.models['movenet']
  if (!model)
    throw new Error('MoveNet did not load (movenet-lightning.json missing from @vladmandic/human/models).')
  const inputSize = model.inputs[0]?.shape?.[1] ?? 192
  return {
    /**
     * Runs the network directly rather than through human.detect(): detect() keeps per-process caches meant
     * for video (it reuses a previous frame's keypoint, score included, when a new one lies within 0.5 % of
     * it), which would leak one user's photo into the next analysis.
     */
    async detect(image) {
      const square = Math.max(image.width, image.height)
      const scale = inputSize / square
      const width = Math.max(1, Math.round(image.width * scale))
      const height = Math.max(1, Math.round(image.height * scale))
      const padX = Math.floor((inputSize - width) / 2)
      const padY = Math.floor((inputSize - height) / 2)
      // Letterboxed into the model's square: centred, black bars, aspect kept.
      const pixels = await sharp(image.data, {
        raw: { width: image.width, height: image.height, channels: 3 },
      })
        .resize(width, height, { fit: 'fill' })
        .extend({
          left: padX,
          top: padY,
          right: inputSize - width - padX,
          bottom: inputSize - height - padY,
          background: '#000000',
        })
        .raw()
        .toBuffer()
      const input = tf.tensor4d(new Int32Array(pixels), [1, inputSize, inputSize, 3], 'int32')
      const output = model.execute(input) as Tensor
      try {
        const values = await output.data() // [1, 1, 17, 3]: y, x, score, normalised to the square
        return keypointNames.map((name, i): Keypoint => ({
          name,
          x: (values[i * 3 + 1]! * inputSize - padX) / scale,
          y: (values[i * 3]! * inputSize - padY) / scale,
          score: values[i * 3 + 2]!,
        }))
      } finally {
        tf.dispose([input, output])
      }
    },
  }
}
