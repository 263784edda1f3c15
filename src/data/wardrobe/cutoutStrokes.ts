// The cut-out editor's strokes as kept with a hand-fixed item (`cutout_strokes`), so the editor reopens on
// the fix and Undo goes on across sessions. Points and brush are rounded to a tenth of a pixel when a
// stroke ends (`settledStroke`), so what is kept re-applies to exactly the cut-out that was saved. The
// server holds the same bound (supabase/migrations/20261127410000_cutout_strokes.sql): at most 64 KiB of JSON.
import type { CutoutStrokes } from '../model/rows'
import type { Stroke } from './cutoutClient'

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
export function keptStrokes(strokes: readonly Stroke[], size: { width: number; height: number }): CutoutStrokes | null {
  if (strokes.length === 0) return null
  const kept: CutoutStrokes = {
    v: 1,
    width: size.width,
    height: size.height,
    strokes: strokes.map((stroke) => ({ mode: stroke.mode, radius: tenth(stroke.radius), points: Array.from(stroke.points, tenth) })),
  }
  // Our strings (the keys and modes) hold no commas or colons, so every one counted is a separator.
  return serverTextLength(kept) <= CUTOUT_STROKES_MAX_BYTES ? kept : null
}

/**
 * The kept strokes for a working image of this size, or none: anything malformed, or strokes made on an
 * image of another size (a photo replaced), start the editor from the model's cut-out instead.
 */
export function restoredStrokes(kept: unknown, size: { width: number; height: number }): Stroke[] {
  if (!isKept(kept) || kept.width !== size.width || kept.height !== size.height) return []
  return kept.strokes.map((stroke) => ({ mode: stroke.mode, radius: stroke.radius, points: stroke.points.slice() }))
}

function isKept(value: unknown): value is CutoutStrokes {
  if (typeof value !== 'object' || value === null) return false
  const kept = value as Partial<CutoutStrokes>
  return (
    kept.v === 1 &&
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
