// The region of a photo without a person: the whole foreground is one garment (a product shot, a flat lay
// of one item). Stray specks the mask picked up are left out by keeping only the connected parts that are
// at least a tenth of the largest one (a pair of shoes stays together), then the silhouette is categorised.
import type { PixelRect } from './imageInput'
import { FOREGROUND_ALPHA, type RegionShape } from './regionShape'
import { silhouetteCategory } from './silhouetteCategory'
import type { GarmentRegion } from './garmentRegion'

/** A part smaller than this fraction of the largest one is a speck, not part of the garment. */
const MIN_PART = 0.1

export function productRegion(alpha: Uint8Array, width: number, height: number): GarmentRegion | null {
  const { labels, parts } = connectedParts(alpha, width, height)
  const largest = parts.reduce((max, p) => Math.max(max, p.count), 0)
  if (largest === 0) return null
  const kept = parts.filter((p) => p.count >= MIN_PART * largest)
  const box = kept.reduce<PixelRect>((u, p) => unionBox(u, p.box), kept[0]!.box)
  const keptLabels = new Set(kept.map((p) => p.label))
  const mask = new Uint8Array(box.width * box.height)
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++)
      mask[y * box.width + x] = keptLabels.has(labels[(box.y + y) * width + box.x + x]!) ? 1 : 0
  }
  const guess = silhouetteCategory(mask, box.width, box.height)
  const shape: RegionShape = {
    windows: [{ x0: box.x, y0: box.y, x1: box.x + box.width, y1: box.y + box.height }],
    exclude: [],
  }
  const count = kept.reduce((sum, p) => sum + p.count, 0)
  return {
    category: guess.category,
    shape,
    box,
    pixelCount: count,
    confidence: guess.confidence,
    short: false,
    sleeves: null,
  }
}

interface Part {
  label: number
  count: number
  box: PixelRect
}

function unionBox(a: PixelRect, b: PixelRect): PixelRect {
  const x = Math.min(a.x, b.x)
  const y = Math.min(a.y, b.y)
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  }
}

/** 4-connected labels of the foreground (0 = background), by an explicit-stack flood fill. */
function labelImage(alpha: Uint8Array, width: number, height: number): Int32Array {
  const labels = new Int32Array(width * height)
  const stack = new Int32Array(width * height)
  let next = 0
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] !== 0 || alpha[start]! <= FOREGROUND_ALPHA) continue
    next++
    let top = 0
    stack[top++] = start
    labels[start] = next
    const visit = (n: number) => {
      if (labels[n] !== 0 || alpha[n]! <= FOREGROUND_ALPHA) return
      labels[n] = next
      stack[top++] = n
    }
    while (top > 0) {
      const i = stack[--top]!
      const x = i % width
      if (x > 0) visit(i - 1)
      if (x < width - 1) visit(i + 1)
      if (i >= width) visit(i - width)
      if (i + width < labels.length) visit(i + width)
    }
  }
  return labels
}

function connectedParts(
  alpha: Uint8Array,
  width: number,
  height: number,
): { labels: Int32Array; parts: Part[] } {
  const labels = labelImage(alpha, width, height)
  const parts = new Map<number, { count: number; x0: number; y0: number; x1: number; y1: number }>()
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const label = labels[y * width + x]!
      if (label === 0) continue
      const p = parts.get(label)
      if (!p) parts.set(label, { count: 1, x0: x, y0: y, x1: x, y1: y })
      else {
        p.count++
        if (x < p.x0) p.x0 = x
        if (x > p.x1) p.x1 = x
        if (y > p.y1) p.y1 = y
      }
    }
  }
  return {
    labels,
    parts: [...parts.entries()].map(([label, p]) => ({
      label,
      count: p.count,
      box: { x: p.x0, y: p.y0, width: p.x1 - p.x0 + 1, height: p.y1 - p.y0 + 1 },
    })),
  }
}
