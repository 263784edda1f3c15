// u2netp on onnxruntime-web's plain WebAssembly build (reference §9): never the default build, which pulls
// in the 28 MB WebGPU-capable .jsep.wasm. The runtime's files and the model are this build's own hashed
// assets, fetched on first use and kept by the service worker's cut-out cache for offline use. Threads
// only where the page is cross-origin isolated; elsewhere one thread, silently.
import * as ort from 'onnxruntime-web/wasm'
import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url'
import modelUrl from '../../models/u2netp.onnx?url'

/**
 * The files a cut-out needs besides this worker's own script. The runtime's JavaScript glue is the one
 * built into this bundle, not its separate .mjs: a dynamic import() of that file failed offline even with
 * the file in the service worker's cache (seen in the offline e2e), and the bundle's threads load this
 * worker's own script, which is cached with it (cutout.worker.ts lets them be).
 */
export const runtimeFiles = [wasmUrl, modelUrl] as const
import { U2NET_SIZE, normalise, toInputTensor } from '@/lib/cutout/u2netTensor'

export interface DeviceSegmenter {
  threads: number
  /** The foreground probability (U2NET_SIZE², 0..1) of a U2NET_SIZE² RGB squeeze of the photo. */
  segment(guide: Uint8Array): Promise<Float32Array>
}

/** What the device can run: the asked threads when cross-origin isolated (capped by its cores), else 1. */
export function usableThreads(asked: number): number {
  if (!self.crossOriginIsolated) return 1
  return Math.max(1, Math.min(asked, navigator.hardwareConcurrency || 1, 4))
}

export async function createDeviceSegmenter(threads: number): Promise<DeviceSegmenter> {
  const base = self.location.href
  ort.env.wasm.wasmPaths = { wasm: new URL(wasmUrl, base).href }
  ort.env.wasm.numThreads = threads
  ort.env.wasm.proxy = false
  const response = await fetch(modelUrl)
  if (!response.ok) throw new Error(`The cut-out model could not be loaded (${response.status})`)
  const model = new Uint8Array(await response.arrayBuffer())
  const session = await ort.InferenceSession.create(model, {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    // As on the server: threads that busy-wait between runs would take CPU from the page.
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  })
  const inputName = session.inputNames[0]!
  const outputName = session.outputNames[0]! // d0, the fused full-resolution side output
  return {
    threads,
    async segment(guide) {
      const input = new ort.Tensor('float32', toInputTensor(guide), [1, 3, U2NET_SIZE, U2NET_SIZE])
      const results = await session.run({ [inputName]: input }, [outputName])
      const output = results[outputName]!
      const probability = normalise(output.data as Float32Array)
      output.dispose()
      input.dispose()
      return probability
    },
  }
}
