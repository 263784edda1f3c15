import { describe, expect, it } from 'vitest'
import type { CutoutStrokes } from '../model/rows'
import { CUTOUT_STROKES_MAX_BYTES, keptStrokes, restoredStrokes, serverTextLength, settledStroke } from './cutoutStrokes'

const size = { width: 800, height: 600 }

describe('the cut-out editor’s kept strokes', () => {
  it('settles a stroke to tenths of a pixel, and keeps and restores settled strokes exactly', () => {
    const settled = settledStroke({ mode: 'remove', radius: 12.3456, points: Float32Array.of(10.04, 20.06, 30.56, 40) })
    expect(settled).toEqual({ mode: 'remove', radius: 12.3, points: [10, 20.1, 30.6, 40] })
    const kept = keptStrokes([settled, settledStroke({ mode: 'keep', radius: 4, points: [1, 2] })], size)
    const restored = restoredStrokes(JSON.parse(JSON.stringify(kept)), size)
    expect(restored).toEqual([settled, { mode: 'keep', radius: 4, points: [1, 2] }])
  })

  it('keeps nothing for no strokes, or for more than the server takes', () => {
    expect(keptStrokes([], size)).toBeNull()
    const long = { mode: 'keep' as const, radius: 20, points: Array.from({ length: 20_000 }, (_, i) => 100 + (i % 600) + 0.5) }
    expect(JSON.stringify(long).length).toBeGreaterThan(CUTOUT_STROKES_MAX_BYTES)
    expect(keptStrokes([long], size)).toBeNull()
    // Measured as the server measures it (Postgres writes jsonb with a space after each , and :).
    expect(serverTextLength({ v: 1, s: [1, 2.5] })).toBe('{"v": 1, "s": [1, 2.5]}'.length)
    const justUnder = { mode: 'keep' as const, radius: 20, points: Array.from({ length: 9_000 }, () => 123.5) }
    const kept = keptStrokes([justUnder], size)
    expect(JSON.stringify(kept).length).toBeLessThan(CUTOUT_STROKES_MAX_BYTES)
    expect(serverTextLength(kept)).toBeLessThanOrEqual(CUTOUT_STROKES_MAX_BYTES)
  })

  it('restores none from another image size or from anything malformed', () => {
    const kept = keptStrokes([{ mode: 'keep', radius: 4, points: [1, 2] }], size)
    expect(restoredStrokes(kept, { width: 800, height: 601 })).toEqual([])
    expect(restoredStrokes(null, size)).toEqual([])
    expect(restoredStrokes({ ...kept, v: 2 }, size)).toEqual([])
    expect(restoredStrokes({ ...kept, strokes: [{ mode: 'paint', radius: 4, points: [1, 2] }] }, size)).toEqual([])
    expect(restoredStrokes({ ...kept, strokes: [{ mode: 'keep', radius: 4, points: [1] }] }, size)).toEqual([])
    expect(restoredStrokes({ ...kept, strokes: [{ mode: 'keep', radius: 4, points: [1, 'x'] }] }, size)).toEqual([])
  })

  it('keeps the part of the outfit photo a garment was fixed on, and restores only onto that same part', () => {
    const crop = { x: 12.5, y: 3.25, width: 40.125, height: 61 }
    const stroke = { mode: 'keep' as const, radius: 4, points: [1, 2] }
    const kept = JSON.parse(JSON.stringify(keptStrokes([stroke], { ...size, crop }))) as CutoutStrokes
    expect(kept.crop).toEqual(crop)
    expect(restoredStrokes(kept, { ...size, crop: { ...crop } })).toEqual([stroke])
    // Not onto the item's own picture, another part of the photo, or from a malformed crop.
    expect(restoredStrokes(kept, size)).toEqual([])
    expect(restoredStrokes(kept, { ...size, crop: { ...crop, width: 40.126 } })).toEqual([])
    expect(restoredStrokes({ ...kept, crop: { x: 1 } }, size)).toEqual([])
    // Strokes kept on the item's own picture (no crop) do not restore onto the outfit photo.
    expect(restoredStrokes(keptStrokes([stroke], size), { ...size, crop })).toEqual([])
  })
})
