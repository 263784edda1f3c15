// The pixel types the cut-out code shares between the product API (sharp, onnxruntime-node) and the
// device's cut-out worker (OffscreenCanvas, onnxruntime-web), so both refine masks with the same code.

/** 8-bit sRGB pixels, 3 bytes per pixel, row-major. */
export interface RgbImage {
  data: Uint8Array
  width: number
  height: number
}

/** The model's view of a photo: its foreground probability and the 320×320 RGB it saw (a refinement guide). */
export interface LowResMask {
  /** Foreground probability 0..1, size² values, row-major. */
  probability: Float32Array
  /** The photo squeezed to size × size, RGB bytes. */
  guide: Uint8Array
  size: number
}
