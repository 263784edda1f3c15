// One open cut-out editor, held in the worker: the photo at the cut-out's working size, a smaller copy the
// editor shows, and the model's 320² view of it (probability and guide). The model ran once, when the
// session opened; each preview and the final render only re-run the stroke-hint refinement
// (src/lib/cutout/strokeHints.ts) on that grid, the preview at the preview's size, the render at full size,
// and only where the strokes reach: the rest of the cut-out stays as it was.
// What the refinement needs of the grid whatever the strokes is prepared once, when the session opens.
// A garment from an outfit photo starts from its extracted picture (`base`), placed on the cropped photo:
// with no strokes the editor shows and saves exactly that picture's cut-out, and strokes change it only
// where they reach.
import { downscaleToFit } from '@/lib/cutout/squeeze'
import { DEFAULT_REFINEMENT } from '@/lib/cutout/refineMask'
import { prepareHints, refineWithHints, type PreparedHints, type Stroke } from '@/lib/cutout/strokeHints'
import type { LowResMask, RgbImage } from '@/lib/cutout/types'

export interface EditSession {
  /** The photo at the cut-out's working size: strokes are in its pixels. */
  image: RgbImage
  /** The photo as the editor shows it (the longer side at most the asked preview size). */
  preview: RgbImage
  mask: LowResMask
  /** The refinement's stroke-independent work on the model's grid. */
  hints: PreparedHints
  /** The cut-out it starts from when not the model's: its alpha at the working and the preview size. */
  base: { image: Uint8Array; preview: Uint8Array } | null
}

/** A cut-out to start from instead of the model's: its alpha at the working size and on the model's grid. */
export interface StartingCutout {
  alpha: Uint8Array
  grid: Float32Array
}

export interface PreviewPixels {
  width: number
  height: number
  /** RGBA, the photo's colours with the refined alpha. */
  rgba: Uint8ClampedArray<ArrayBuffer>
}

export function createEditSession(
  image: RgbImage,
  mask: LowResMask,
  previewLongSide: number,
  start: StartingCutout | null = null,
): EditSession {
  const preview = downscaleToFit(image, previewLongSide)
  return {
    image,
    mask,
    preview,
    hints: prepareHints(mask, DEFAULT_REFINEMENT, start?.grid),
    base: start ? { image: start.alpha, preview: alphaAt(start.alpha, image, preview) } : null,
  }
}

/** An alpha plane of `image` brought to the size of `smaller` with the images' own resampling. */
function alphaAt(alpha: Uint8Array, image: RgbImage, smaller: RgbImage): Uint8Array {
  if (smaller.width === image.width && smaller.height === image.height) return alpha
  const grey = new Uint8Array(alpha.length * 3)
  for (let i = 0; i < alpha.length; i++) grey[i * 3] = grey[i * 3 + 1] = grey[i * 3 + 2] = alpha[i]!
  const scaled = downscaleToFit({ data: grey, width: image.width, height: image.height }, Math.max(smaller.width, smaller.height))
  return Uint8Array.from({ length: smaller.width * smaller.height }, (_, i) => scaled.data[i * 3]!)
}

/** Strokes drawn on the working image, for an image `factor` times its size (points and brush alike). */
export function scaleStrokes(strokes: readonly Stroke[], factor: number): Stroke[] {
  if (factor === 1) return [...strokes]
  return strokes.map((stroke) => ({
    mode: stroke.mode,
    radius: stroke.radius * factor,
    points: Float32Array.from(stroke.points, (value) => value * factor),
  }))
}

/** The cut-out with these strokes, at the preview's size. */
export function previewPixels(session: EditSession, strokes: readonly Stroke[]): PreviewPixels {
  const { preview, image, mask, hints, base } = session
  const alpha =
    base && strokes.length === 0
      ? base.preview
      : refineWithHints(
          mask,
          preview,
          scaleStrokes(strokes, preview.width / image.width),
          DEFAULT_REFINEMENT,
          hints,
          base?.preview,
        )
  return { width: preview.width, height: preview.height, rgba: withAlpha(preview, alpha) }
}

/** The cut-out with these strokes at the working size: its alpha, to be trimmed into a sticker. */
export function renderAlpha(session: EditSession, strokes: readonly Stroke[]): Uint8Array {
  if (session.base && strokes.length === 0) return session.base.image
  return refineWithHints(session.mask, session.image, strokes, DEFAULT_REFINEMENT, session.hints, session.base?.image)
}

/** RGB pixels and an alpha plane → RGBA. */
function withAlpha(image: RgbImage, alpha: Uint8Array): Uint8ClampedArray<ArrayBuffer> {
  const count = image.width * image.height
  const rgba = new Uint8ClampedArray(count * 4)
  for (let i = 0; i < count; i++) {
    rgba[i * 4] = image.data[i * 3]!
    rgba[i * 4 + 1] = image.data[i * 3 + 1]!
    rgba[i * 4 + 2] = image.data[i * 3 + 2]!
    rgba[i * 4 + 3] = alpha[i]!
  }
  return rgba
}
