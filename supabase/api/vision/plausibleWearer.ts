// Whether the keypoints MoveNet returned belong to someone wearing the clothes, or are a skeleton it drew
// on a garment alone (it always answers). Decides between the body-based regions and the product-shot path.
import type { BodyFrame, Point } from './bodyFrame'
import { FOREGROUND_ALPHA } from './regionShape'

/**
 * MoveNet always answers, and on a garment alone it sometimes draws a small, low-scoring skeleton (seen on
 * a sneaker, a sock and a cap). A real wearer's keypoints lie on the foreground — the body is what the mask
 * cut out — and span a good part of it: at least 30 % of the foreground's height and 10 % of the photo's.
 */
export function plausibleWearer(frame: BodyFrame, alpha: Uint8Array, width: number, height: number): boolean {
  const points = Object.values(frame.points)
  const reach = Math.max(2, Math.round(0.015 * Math.max(width, height)))
  const onMask = points.filter((p) => foregroundNear(alpha, width, height, p, reach)).length
  if (onMask < 0.75 * points.length) return false
  const rows = foregroundRows(alpha, width, height)
  if (!rows) return false
  const ys = points.map((p) => p.y)
  const span = Math.max(...ys) - Math.min(...ys)
  return span >= 0.3 * (rows.y1 - rows.y0) && span >= 0.1 * height
}

/** Whether any pixel within `reach` of a point (sampled on a small grid) is foreground. */
function foregroundNear(alpha: Uint8Array, width: number, height: number, p: Point, reach: number): boolean {
  const step = Math.max(1, Math.floor(reach / 3))
  for (
    let y = Math.max(0, Math.round(p.y) - reach);
    y <= Math.min(height - 1, Math.round(p.y) + reach);
    y += step
  ) {
    for (
      let x = Math.max(0, Math.round(p.x) - reach);
      x <= Math.min(width - 1, Math.round(p.x) + reach);
      x += step
    ) {
      if (alpha[y * width + x]! > FOREGROUND_ALPHA) return true
    }
  }
  return false
}

/** First and last rows that hold any foreground. */
function foregroundRows(alpha: Uint8Array, width: number, height: number): { y0: number; y1: number } | null {
  let y0 = -1
  let y1 = -1
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (alpha[y * width + x]! > FOREGROUND_ALPHA) {
        if (y0 < 0) y0 = y
        y1 = y
        break
      }
    }
  }
  return y0 < 0 ? null : { y0, y1: y1 + 1 }
}
