// The cut-out worker's API, as the main thread sees it through Comlink: the server's cut-out (u2netp, the
// guided-filter refinement, trimming; src/lib/cutout) made on the device with onnxruntime-web, so a sticker
// looks the same wherever it was made. Only Blobs and plain records cross the boundary.
import type { BoxPercent } from '@/lib/cutout/trim'

export interface CutoutWorkerConfig {
  /** onnxruntime's threads: more than 1 only works when the page is cross-origin isolated. */
  threads: number
}

export interface DeviceCutOut {
  /** The sticker: a PNG of the visible pixels, the longer side at most `maxSize`. */
  png: Blob
  width: number
  height: number
  /** Where it is in the photo, in percentages (empty when nothing stood out). */
  box: BoxPercent
}

interface ForegroundMask {
  width: number
  height: number
  /** The refined alpha at the working size, untrimmed (the server's `foregroundMask`). */
  alpha: Uint8Array
}

export interface CutoutWorkerApi {
  /** Answers once the worker's script has loaded. */
  ready(): boolean
  /**
   * Fetches the runtime's files and the model, one after the other, without compiling or loading them, so
   * the service worker keeps them for offline use (cheap: no CPU, no memory kept).
   */
  fetchRuntime(): Promise<void>
  /** Loads the runtime and the model (fetched once, then from the service worker's cache). */
  prepare(): Promise<{ threads: number }>
  cutOut(photo: Blob, options: { maxSize: number }): Promise<DeviceCutOut>
  foregroundMask(photo: Blob, longSide: number): Promise<ForegroundMask>
}
