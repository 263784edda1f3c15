// The cut-out editor's strokes as kept with a hand-fixed item (`cutout_strokes`), so the editor reopens on
// the fix and Undo goes on across sessions. Points and brush are rounded to a tenth of a pixel when a
// stroke ends (`settledStroke`), so what is kept re-applies to exactly the cut-out that was saved. The
// server holds the same bound (supabase/migrations/20261127410000_cutout_strokes.sql): at most 64 KiB of JSON.
// A garment fixed on its outfit photo keeps the part of the photo it was fixed on (`crop`), so the strokes
// reopen on the very same working image, and never on another.
import type { BoxPercent } from '@/lib/cutout/trim'
import type { CutoutStrokes } from '../model/rows'
import type { Stroke } from './cutoutClient'

/** The working image strokes are drawn on: its size, and the part of the outfit photo it is (if it is one). */
interface WorkingImage {
  width: number
  height: number
  crop?: BoxPercent | null
}

/** The server's bound on the kept strokes, as Postgres writes the jsonb out as text (ASCII: characters are bytes). */
export const CUTOUT_STROKES_MAX_BYTES = 65_536

/** The length of Postgres's text form of this JSON: it writes ", " and ": " where JSON.stringify writes "," and ":". */
export function serverTextLength(value: unknown): number {
  const text = JSON.stringify(value)
  let separators = 0
  for (let i = 0; i < text.length; i++) if (text[i] === ',' || text[i] === ':') separators++
  return text.length + separators
}

const tenth = (value: number) => Math.round(value * 10) / 10

/** A finished stroke as it is kept: points and radius to a tenth of a pixel. */
export function settledStroke(stroke: Stroke): Stroke {
  return { mode: stroke.mode, radius: tenth(stroke.radius), points: Array.from(stroke.points, tenth) }
}

/** The strokes to keep with the item, or null when they are over the server's bound (then none are kept). */
export function keptStrokes(strokes: readonly Stroke[], size: WorkingImage): CutoutStrokes | null {
  if (strokes.length === 0) return null
  const kept: CutoutStrokes = {
    v: 1,
    width: size.width,
    height: size.height,
    ...(size.crop ? { crop: { x: size.crop.x, y: size.crop.y, width: size.crop.width, height: size.crop.height } } : {}),
    strokes: strokes.map((stroke) => ({ mode: stroke.mode, radius: tenth(stroke.radius), points: Array.from(stroke.points, tenth) })),
  }
  // Our strings (the keys and modes) hold no commas or colons, so every one counted is a separator.
  return serverTextLength(kept) <= CUTOUT_STROKES_MAX_BYTES ? kept : null
}

/**
 * The kept strokes for this working image, or none: anything malformed, or strokes made on an image of
 * another size (a photo replaced) or on another part of the photo (or on the item's own picture rather
 * than the outfit photo, or the other way round), start the editor from its starting cut-out instead.
 */
export function restoredStrokes(kept: unknown, size: WorkingImage): Stroke[] {
  if (!isKept(kept) || kept.width !== size.width || kept.height !== size.height) return []
  if (!sameCrop(keptCrop(kept), size.crop ?? null)) return []
  return kept.strokes.map((stroke) => ({ mode: stroke.mode, radius: stroke.radius, points: stroke.points.slice() }))
}

/** The part of the outfit photo kept strokes were drawn on: null for the item's own picture, or a usable box. */
export function keptCrop(kept: unknown): BoxPercent | null {
  if (typeof kept !== 'object' || kept === null) return null
  const crop = (kept as { crop?: unknown }).crop
  if (typeof crop !== 'object' || crop === null) return null
  const { x, y, width, height } = crop as Partial<BoxPercent>
  return [x, y, width, height].every((n) => typeof n === 'number' && Number.isFinite(n))
    ? { x: x!, y: y!, width: width!, height: height! }
    : null
}

function sameCrop(a: BoxPercent | null, b: BoxPercent | null): boolean {
  if (!a || !b) return a === b
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height
}

function isKept(value: unknown): value is CutoutStrokes {
  if (typeof value !== 'object' || value === null) return false
  const kept = value as Partial<CutoutStrokes>
  return (
    kept.v === 1 &&
    (kept.crop === undefined || keptCrop(kept) !== null) &&
    typeof kept.width === 'number' &&
    typeof kept.height === 'number' &&
    Array.isArray(kept.strokes) &&
    kept.strokes.every(
      (stroke: unknown) =>
        typeof stroke === 'object' &&
        stroke !== null &&
        ((stroke as { mode?: unknown }).mode === 'keep' || (stroke as { mode?: unknown }).mode === 'remove') &&
        Number.isFinite((stroke as { radius?: unknown }).radius) &&
        Array.isArray((stroke as { points?: unknown }).points) &&
        (stroke as { points: unknown[] }).points.length % 2 === 0 &&
        (stroke as { points: unknown[] }).points.every((n) => Number.isFinite(n)),
    )
  )
}
