// The colours of one garment and how much of it each covers, from the garment's own pixels (a cut-out's
// opaque pixels, so the background never counts). Pixels are clustered in OKLab, clusters that differ only
// by shading are merged, and each cluster is named by `colorName`; the share is the tag's confidence.
import type { ColorShare } from './types'
import { colorName, isSkinTone } from './colorNames'
import { oklabDistance, rgbToOklab, type Oklab } from './oklab'

/** A pixel counts as the garment's own when its alpha is at least this (edges and shadows are not). */
const OPAQUE_ALPHA = 200
/** A colour below this share of the garment is a detail, not one of its colours. */
export const MIN_SHARE = 0.08
export const MAX_COLORS = 3

/** At most this many pixels are clustered: shares converge long before, and it bounds the cost. */
const SAMPLE_LIMIT = 6000
const CLUSTERS = 8
const ITERATIONS = 10
/** Clusters closer than this in OKLab are one colour under different light (folds, shading). */
const MERGE_DISTANCE = 0.07
/** Skin must differ at least this much from the garment's main colour before it is dropped. */
const SKIN_CONTRAST = 0.12
/** Skin covering more than this of the region is more likely a garment colour (beige, camel). */
const SKIN_MAX_SHARE = 0.45

interface Cluster {
  lab: Oklab
  count: number
}

export interface NamedColorShare extends ColorShare {
  /** The cluster's mean colour, for comparing garments (e.g. the dress check). */
  lab: Oklab
}

/** Colours of the opaque pixels of an RGBA buffer, dominant first, at most 3, each ≥ 8 %. */
export function colorShares(rgba: Uint8Array): NamedColorShare[] {
  const samples = sampleOpaque(rgba)
  if (samples.length < 30) return []
  const clusters = mergeClose(kMeans(samples, CLUSTERS))
  const named = byName(clusters, samples.length)
  return dropMinoritySkin(named)
    .filter((c) => c.share >= MIN_SHARE)
    .slice(0, MAX_COLORS)
}

/** OKLab of up to SAMPLE_LIMIT opaque pixels, taken at an even stride so every part of the garment counts. */
function sampleOpaque(rgba: Uint8Array): Oklab[] {
  let opaque = 0
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! >= OPAQUE_ALPHA) opaque++
  const stride = Math.max(1, opaque / SAMPLE_LIMIT)
  const samples: Oklab[] = []
  let next = 0
  let seen = 0
  for (let i = 0; i < rgba.length; i += 4) {
    if (rgba[i + 3]! < OPAQUE_ALPHA) continue
    if (seen >= next) {
      samples.push(rgbToOklab(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!))
      next += stride
    }
    seen++
  }
  return samples
}

/**
 * Lloyd's k-means with a deterministic farthest-point start (the same pixels always give the same
 * colours): the first centre is the sample nearest the mean, each next one the sample farthest from all.
 */
function kMeans(samples: Oklab[], k: number): Cluster[] {
  const mean = meanOf(samples)
  const centres: Oklab[] = [nearest(samples, mean)]
  const nearestDistance = samples.map((s) => oklabDistance(s, centres[0]!))
  while (centres.length < k) {
    let far = 0
    for (let i = 1; i < samples.length; i++) if (nearestDistance[i]! > nearestDistance[far]!) far = i
    if (nearestDistance[far]! < 1e-3) break // fewer distinct colours than k
    const centre = samples[far]!
    centres.push(centre)
    for (let i = 0; i < samples.length; i++) {
      nearestDistance[i] = Math.min(nearestDistance[i]!, oklabDistance(samples[i]!, centre))
    }
  }
  const assignment = new Int32Array(samples.length)
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    let moved = false
    for (let i = 0; i < samples.length; i++) {
      const best = nearestIndex(centres, samples[i]!)
      if (best !== assignment[i]) {
        assignment[i] = best
        moved = true
      }
    }
    const sums = centres.map(() => ({ L: 0, a: 0, b: 0, n: 0 }))
    for (let i = 0; i < samples.length; i++) {
      const sum = sums[assignment[i]!]!
      const s = samples[i]!
      sum.L += s.L
      sum.a += s.a
      sum.b += s.b
      sum.n++
    }
    sums.forEach((sum, c) => {
      if (sum.n > 0) centres[c] = { L: sum.L / sum.n, a: sum.a / sum.n, b: sum.b / sum.n }
    })
    if (!moved && iteration > 0) break
  }
  const counts = new Array<number>(centres.length).fill(0)
  for (const a of assignment) counts[a]!++
  return centres.map((lab, i) => ({ lab, count: counts[i]! })).filter((c) => c.count > 0)
}

/** Repeatedly merges the two closest clusters while they are closer than MERGE_DISTANCE. */
function mergeClose(clusters: Cluster[]): Cluster[] {
  const list = clusters.map((c) => ({ ...c }))
  for (;;) {
    let best: [number, number] | null = null
    let bestDistance = MERGE_DISTANCE
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const d = oklabDistance(list[i]!.lab, list[j]!.lab)
        if (d < bestDistance) {
          bestDistance = d
          best = [i, j]
        }
      }
    }
    if (!best) return list
    const [i, j] = best
    list[i] = weighted([list[i]!, list[j]!])
    list.splice(j, 1)
  }
}

/** Groups clusters by their name; the share is the group's fraction of the sampled pixels. */
function byName(clusters: Cluster[], total: number): NamedColorShare[] {
  const groups = new Map<string, Cluster[]>()
  for (const cluster of clusters) {
    const name = colorName(cluster.lab)
    groups.set(name, [...(groups.get(name) ?? []), cluster])
  }
  return [...groups.entries()]
    .map(([name, members]) => {
      const merged = weighted(members)
      return { name, share: merged.count / total, lab: merged.lab }
    })
    .sort((p, q) => q.share - p.share)
}

/**
 * Drops skin (bare arms, legs, a neckline) from a garment's colours when it is a minority next to a clearly
 * different garment colour: skin-toned, under SKIN_MAX_SHARE, and at least SKIN_CONTRAST from the largest
 * non-skin colour, which itself covers at least a quarter. The other shares are then rescaled to the
 * garment without the skin. A camel coat (skin-toned but the majority) keeps its colour.
 */
function dropMinoritySkin(colors: NamedColorShare[]): NamedColorShare[] {
  const garment = colors.find((c) => !isSkinTone(c.lab))
  if (!garment || garment.share < 0.25) return colors
  const skin = colors.filter(
    (c) =>
      isSkinTone(c.lab) && c.share < SKIN_MAX_SHARE && oklabDistance(c.lab, garment.lab) >= SKIN_CONTRAST,
  )
  const skinShare = skin.reduce((sum, c) => sum + c.share, 0)
  if (skin.length === 0 || skinShare >= SKIN_MAX_SHARE) return colors
  return colors.filter((c) => !skin.includes(c)).map((c) => ({ ...c, share: c.share / (1 - skinShare) }))
}

function meanOf(samples: Oklab[]): Oklab {
  let L = 0
  let a = 0
  let b = 0
  for (const s of samples) {
    L += s.L
    a += s.a
    b += s.b
  }
  const n = Math.max(1, samples.length)
  return { L: L / n, a: a / n, b: b / n }
}

function weighted(clusters: Cluster[]): Cluster {
  let count = 0
  let L = 0
  let a = 0
  let b = 0
  for (const c of clusters) {
    count += c.count
    L += c.lab.L * c.count
    a += c.lab.a * c.count
    b += c.lab.b * c.count
  }
  return { count, lab: { L: L / count, a: a / count, b: b / count } }
}

function nearest(samples: Oklab[], target: Oklab): Oklab {
  return samples[nearestIndex(samples, target)]!
}

function nearestIndex(points: Oklab[], target: Oklab): number {
  let best = 0
  let bestDistance = Infinity
  for (let i = 0; i < points.length; i++) {
    const d = oklabDistance(points[i]!, target)
    if (d < bestDistance) {
      bestDistance = d
      best = i
    }
  }
  return best
}
