// The cut-out worker's API, as the main thread sees it through Comlink: the server's cut-out (u2netp, the
// guided-filter refinement, trimming; src/lib/cutout) made on the device with onnxruntime-web, so a sticker
// looks the same wherever it was made. Only Blobs and plain records cross the boundary.
import type { Stroke } from '@/lib/cutout/strokeHints'
import type { BoxPercent } from '@/lib/cutout/trim'
import type { StepTimings } from './stopwatch'

export type { Stroke }

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

/**
 * A garment cut from an outfit photo, fixed on the photo itself: the editor works on `crop` of the outfit
 * photo and starts from `picture` (the garment's extracted cut-out, which the analysis's `box` bounds).
 */
export interface GarmentSource {
  crop: BoxPercent
  box: BoxPercent
  picture: Blob
}

export interface EditSessionOptions {
  maxSize: number
  previewLongSide: number
  /** Given for a garment from an outfit photo (the photo is then the outfit's). */
  garment?: GarmentSource | null
}

interface EditSessionInfo {
  id: string
  /** The working image's size: strokes are given in its pixels. */
  width: number
  height: number
  /** The cut-out as the model made it, at the preview's size. */
  preview: ImageData
}

export interface EditPreview {
  /** The revision asked for, so a late answer can be told from a newer one. */
  revision: number
  preview: ImageData
  /** Time spent in the worker on this preview. */
  ms: number
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
  /** With where its time went, step by step, in ms (decode, resize, inference, refine, trim, encode). */
  cutOut(photo: Blob, options: { maxSize: number }): Promise<DeviceCutOut & { timings: StepTimings }>
  foregroundMask(photo: Blob, longSide: number): Promise<ForegroundMask>
  /**
   * Opens a cut-out editor on a photo: decodes it at the working size (`maxSize`, as a cut-out) and runs the
   * model once; previews and the render reuse that. For a garment, on its crop of the outfit photo.
   */
  openSession(photo: Blob, options: EditSessionOptions): Promise<EditSessionInfo>
  /** The cut-out with these strokes (Keep and Remove hints, in order), at the preview's size. */
  preview(id: string, strokes: Stroke[], revision: number): Promise<EditPreview>
  /** The cut-out with these strokes as a sticker: trimmed, a PNG whose longer side is at most `maxSize`. */
  render(id: string, strokes: Stroke[]): Promise<DeviceCutOut>
  closeSession(id: string): void
}
