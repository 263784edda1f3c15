// Mean over a (2r+1)² window for every pixel in O(pixels) whatever r, with running sums along rows then
// columns: the building block of the guided filter, which needs seventeen such means per refinement.
// Windows are clipped at the borders and divided by the number of pixels actually inside.

/**
 * Writes the windowed mean of `src` (w×h floats) into `out` (may not alias `src`). `scratch` (w×h floats)
 * can be passed to save an allocation when many means are taken in a row.
 */
export function boxMean(
  src: Float32Array,
  w: number,
  h: number,
  r: number,
  out: Float32Array,
  scratch = new Float32Array(w * h),
): Float32Array {
  const rows = scratch
  for (let y = 0; y < h; y++) meanAlongRow(src, y * w, w, r, rows)
  meanDownColumns(rows, w, h, r, out)
  return out
}

/** Running mean along one row starting at `offset`: clipped windows at the ends, a branch-free middle. */
function meanAlongRow(src: Float32Array, offset: number, w: number, r: number, out: Float32Array): void {
  if (2 * r + 1 >= w) {
    // The window always reaches past an end: the general, clipped form.
    let sum = 0
    for (let x = 0; x < Math.min(r, w); x++) sum += src[offset + x]!
    for (let x = 0; x < w; x++) {
      if (x + r < w) sum += src[offset + x + r]!
      if (x - r - 1 >= 0) sum -= src[offset + x - r - 1]!
      out[offset + x] = sum / (Math.min(w - 1, x + r) - Math.max(0, x - r) + 1)
    }
    return
  }
  let sum = 0
  for (let x = 0; x < r; x++) sum += src[offset + x]!
  for (let x = 0; x <= r; x++) {
    sum += src[offset + x + r]!
    out[offset + x] = sum / (x + r + 1)
  }
  const inverse = 1 / (2 * r + 1)
  for (let x = r + 1; x < w - r; x++) {
    sum += src[offset + x + r]! - src[offset + x - r - 1]!
    out[offset + x] = sum * inverse
  }
  for (let x = w - r; x < w; x++) {
    sum -= src[offset + x - r - 1]!
    out[offset + x] = sum / (w - x + r)
  }
}

/** Running mean down every column at once, walking whole rows so memory is read in order. */
function meanDownColumns(rows: Float32Array, w: number, h: number, r: number, out: Float32Array): void {
  const sums = new Float64Array(w)
  for (let y = 0; y < Math.min(r, h); y++) {
    const row = y * w
    for (let x = 0; x < w; x++) sums[x] = sums[x]! + rows[row + x]!
  }
  for (let y = 0; y < h; y++) {
    const add = y + r
    const drop = y - r - 1
    if (add < h) {
      const row = add * w
      for (let x = 0; x < w; x++) sums[x] = sums[x]! + rows[row + x]!
    }
    if (drop >= 0) {
      const row = drop * w
      for (let x = 0; x < w; x++) sums[x] = sums[x]! - rows[row + x]!
    }
    const inverse = 1 / (Math.min(h - 1, add) - Math.max(0, y - r) + 1)
    const row = y * w
    for (let x = 0; x < w; x++) out[row + x] = sums[x]! * inverse
  }
}
