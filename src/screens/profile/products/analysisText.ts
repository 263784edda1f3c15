// Small words for the outfit analysis modal: the engine's processing time and box labels.
import { confidencePercent } from '@/lib/wardrobe/confidence'
import { tagLabel } from '@/lib/wardrobe/tagOptions'

/** 850 → '850 ms', 2430 → '2.4 s'. */
export function durationText(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—'
  if (ms < 1000) return `${Math.round(ms)} ms`
  return `${(ms / 1000).toFixed(1)} s`
}

/** The label drawn on a detected item's box: '1 · top 87%'. */
export function boxLabel(index: number, category: string, confidence: number): string {
  return `${index + 1} · ${tagLabel(category)} ${confidencePercent(confidence)}`
}
