// A garment from an outfit photo is fixed by hand on the outfit photo itself, not on its extracted picture:
// a sleeve the extraction cut off is not in that picture, so no Keep stroke could bring it back. The editor
// works on the photo cropped to the garment's box with a margin, starting from the extracted picture placed
// exactly where it was cut from, so nothing changes until a stroke asks for it. Pure code, shared by the
// device's cut-out worker and the tests that run the server's model on real photos.
import type { BoxPercent, PixelRect } from './trim'

/** The room around the garment's box, as a share of its size on each side. */
const MARGIN = 0.3
/** At least this much of the photo (percent) on each side, so a thin garment still gets room. */
const MIN_MARGIN_PERCENT = 4
/** What the analysis counts as the garment (regionShape's FOREGROUND_ALPHA): its box bounds these pixels. */
const FOREGROUND_ALPHA = 127

const thousandth = (value: number) => Math.round(value * 1000) / 1000

/**
 * The part of the photo the editor works on for a garment whose box (percent of the photo) is `box`: the
 * box and a margin, inside the photo; rounded to thousandths of a percent, so it is kept exactly with the
 * strokes and gives the same working image when the editor reopens.
 */
export function garmentCrop(box: BoxPercent): BoxPercent {
  const mx = Math.max(MIN_MARGIN_PERCENT, box.width * MARGIN)
  const my = Math.max(MIN_MARGIN_PERCENT, box.height * MARGIN)
  const x0 = thousandth(Math.max(0, box.x - mx))
  const y0 = thousandth(Math.max(0, box.y - my))
  const x1 = thousandth(Math.min(100, box.x + box.width + mx))
  const y1 = thousandth(Math.min(100, box.y + box.height + my))
  return { x: x0, y: y0, width: thousandth(x1 - x0), height: thousandth(y1 - y0) }
}

/** A box that can be cropped to: finite, inside the photo, not empty. */
export function usableBox(box: unknown): box is BoxPercent {
  if (typeof box !== 'object' || box === null) return false
  const { x, y, width, height } = box as Partial<BoxPercent>
  const finite = [x, y, width, height].every((n) => typeof n === 'number' && Number.isFinite(n))
  return finite && x! >= 0 && y! >= 0 && width! > 0 && height! > 0 && x! + width! <= 100.01 && y! + height! <= 100.01
}

/** The crop in whole pixels of a photo of this size (the pixels around it included), at least 1×1. */
export function cropPixels(crop: BoxPercent, width: number, height: number): PixelRect {
  const x0 = Math.min(width - 1, Math.max(0, Math.floor((crop.x / 100) * width)))
  const y0 = Math.min(height - 1, Math.max(0, Math.floor((crop.y / 100) * height)))
  const x1 = Math.max(x0 + 1, Math.min(width, Math.ceil(((crop.x + crop.width) / 100) * width)))
  const y1 = Math.max(y0 + 1, Math.min(height, Math.ceil(((crop.y + crop.height) / 100) * height)))
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

/** An alpha plane, one byte a pixel. */
export interface AlphaImage {
  alpha: Uint8Array
  width: number
  height: number
}

/**
 * Where the garment's extracted picture lies in the working image (its pixels, not rounded). The analysis's
 * box bounds the picture's pixels of more than half alpha (the picture is trimmed a little wider, to its
 * faint edge), so those pixels are laid on the box: that fixes both the offset and the scale. `cropped` is
 * the part of the photo the working image shows (percent), `working` its size.
 */
export function extractionRect(
  picture: AlphaImage,
  box: BoxPercent,
  cropped: BoxPercent,
  working: { width: number; height: number },
): PixelRect {
  const inner = opaqueBounds(picture) ?? { x: 0, y: 0, width: picture.width, height: picture.height }
  const sx = box.width / inner.width
  const sy = box.height / inner.height
  const kx = working.width / cropped.width
  const ky = working.height / cropped.height
  return {
    x: (box.x - inner.x * sx - cropped.x) * kx,
    y: (box.y - inner.y * sy - cropped.y) * ky,
    width: picture.width * sx * kx,
    height: picture.height * sy * ky,
  }
}

function opaqueBounds({ alpha, width, height }: AlphaImage): PixelRect | null {
  let x0 = width
  let y0 = height
  let x1 = -1
  let y1 = -1
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (alpha[y * width + x]! <= FOREGROUND_ALPHA) continue
      if (x < x0) x0 = x
      if (x > x1) x1 = x
      if (y < y0) y0 = y
      if (y > y1) y1 = y
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 }
}

/** The picture's alpha laid on `rect` of an image of width × height (bilinear; nothing outside it). */
export function placeAlpha(picture: AlphaImage, rect: PixelRect, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height)
  const { alpha, width: pw, height: ph } = picture
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= pw || y >= ph ? 0 : alpha[y * pw + x]!)
  const ux = pw / rect.width
  const uy = ph / rect.height
  const ys = Math.max(0, Math.floor(rect.y))
  const ye = Math.min(height, Math.ceil(rect.y + rect.height))
  const xs = Math.max(0, Math.floor(rect.x))
  const xe = Math.min(width, Math.ceil(rect.x + rect.width))
  for (let y = ys; y < ye; y++) {
    const v = (y + 0.5 - rect.y) * uy - 0.5
    const y0 = Math.floor(v)
    const fy = v - y0
    for (let x = xs; x < xe; x++) {
      const u = (x + 0.5 - rect.x) * ux - 0.5
      const x0 = Math.floor(u)
      const fx = u - x0
      const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
      const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
      out[y * width + x] = Math.round(top * (1 - fy) + bottom * fy)
    }
  }
  return out
}

/**
 * An alpha plane as the model's size × size grid sees the image (squeezed, aspect not kept): each cell the
 * mean of the pixels it covers, 0..1. The editor's starting probability for a garment.
 */
export function alphaOnGrid(alpha: Uint8Array, width: number, height: number, size: number): Float32Array {
  const grid = new Float32Array(size * size)
  for (let gy = 0; gy < size; gy++) {
    const y0 = Math.min(height - 1, Math.floor((gy * height) / size))
    const y1 = Math.max(y0 + 1, Math.floor(((gy + 1) * height) / size))
    for (let gx = 0; gx < size; gx++) {
      const x0 = Math.min(width - 1, Math.floor((gx * width) / size))
      const x1 = Math.max(x0 + 1, Math.floor(((gx + 1) * width) / size))
      let sum = 0
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += alpha[y * width + x]!
      grid[gy * size + gx] = sum / ((y1 - y0) * (x1 - x0) * 255)
    }
  }
  return grid
}
